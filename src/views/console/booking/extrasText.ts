import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import { PAID_IN_CAR_LABELS } from '../../../../contract/jobCompletionRules.ts';
import { poundsText } from '../../../../contract/money.ts';

type Completion = NonNullable<ConsoleBookingDetail['completion']>;

/** How the extras were (or are to be) paid, for the office: the tone says whether anything is left to do. */
export function extrasPaymentText(completion: Completion): { text: string; tone: 'ok' | 'busy' | 'todo' } {
  if (completion.paid_in_car) return { text: PAID_IN_CAR_LABELS[completion.paid_in_car], tone: 'ok' };
  switch (completion.extras_charge) {
    case 'succeeded':
      return { text: 'Charged to the card', tone: 'ok' };
    case 'claimed':
    case 'charging':
      return { text: 'Being charged to the card', tone: 'busy' };
    case 'requires_action':
      return { text: 'Owing: the bank wanted 3-D Secure, the passenger was mailed a link to pay', tone: 'todo' };
    case 'failed':
      return { text: 'Refused by the card: collect from the passenger', tone: 'todo' };
    default:
      return { text: 'Not charged online', tone: 'todo' };
  }
}

/** The completion's rows as the booking page lists them: each extra, then the fare before and after. */
export function extrasRows(completion: Completion, currency?: string | null): { label: string; amount: string; strong?: boolean }[] {
  return [
    ...completion.extras.map((line) => ({ label: line.label, amount: poundsText(line.amount_pence, currency) })),
    { label: 'Fare as booked', amount: poundsText(completion.fare_pence, currency) },
    { label: 'Final fare', amount: poundsText(completion.final_pence, currency), strong: true },
  ];
}
