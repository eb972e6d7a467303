import { formatHour12 } from '../../../contract/booking.ts';

/** A London wall-clock time as the manage page and its mails write it: '6:30am'. */
export const clock12 = (hour: number, minute: number) => formatHour12(hour).replace(/(am|pm)$/, `:${String(minute).padStart(2, '0')}$1`);
