import { countSegments, gsmOnly, isGsm7, MAX_SEGMENTS, smsSafe } from '../../adapters/sms/index.ts';
import { londonParts } from '../pricing/londonTime.ts';

/**
 * What each passenger text says (README "Text messages" quotes them). Each names the operator first, says only what
 * the passenger gave (the booking number, the pick-up time and place) and, for the driver's texts, the driver's first
 * name and the car; each fits 2 SMS segments (306 GSM-7 characters, or 134 when a character needs UCS-2): a long
 * pick-up address or company name is shortened with '...' to fit, never the link, time or registration.
 */
export const TEXT_KINDS = ['booking_confirmed', 'driver_assigned', 'driver_on_the_way', 'driver_arrived', 'reminder', 'booking_cancelled'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

export interface TextCar {
  colour: string;
  make: string;
  model: string;
  registration: string;
}

export interface TextFacts {
  companyName: string;
  bookingNumber: string;
  pickupAt: Date;
  pickupAddress: string;
  /** The driver's full name as the register has it: only the first name is texted. */
  driverName?: string | null;
  car?: TextCar | null;
  /** The manage page (booking confirmed, reminder) or the same page as the tracking link (on the way). */
  link?: string | null;
  /** Minutes to the pick-up, when known (on the way). */
  etaMinutes?: number | null;
  /** The operator's phone number (cancelled). */
  operatorPhone?: string | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '14:30 on Sat 21 Jun', London time. */
export function textWhen(at: Date): string {
  const local = londonParts(at);
  const [, month, day] = local.date.split('-').map(Number);
  return `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')} on ${WEEKDAYS[local.weekday]} ${day} ${MONTHS[month - 1]}`;
}

export const firstName = (name: string | null | undefined) => smsSafe(name ?? '').split(' ')[0] ?? '';

const carText = (car: TextCar) => smsSafe([car.colour, car.make, car.model].filter((part) => part && part.trim()).join(' '));

/** Variable parts a body may shorten, in the order they are shortened. */
interface Shrinkable {
  place: string;
  company: string;
}

function render(kind: TextKind, facts: TextFacts, { place, company }: Shrinkable): string {
  const when = textWhen(facts.pickupAt);
  const number = smsSafe(facts.bookingNumber);
  const driver = firstName(facts.driverName) || 'Your driver';
  const car = facts.car ? carText(facts.car) : '';
  const registration = facts.car ? smsSafe(facts.car.registration) : '';
  switch (kind) {
    case 'booking_confirmed':
      return `${company}: booking ${number} is confirmed for ${when} from ${place}.${facts.link ? ` Manage or cancel: ${facts.link}` : ''}`;
    case 'driver_assigned':
      return `${company}: your driver for booking ${number} at ${when} is ${driver}, ${car}, registration ${registration}.`;
    case 'driver_on_the_way': {
      const eta = facts.etaMinutes !== null && facts.etaMinutes !== undefined ? `, about ${Math.max(1, Math.round(facts.etaMinutes))} min away` : '';
      return `${company}: ${driver} is on the way in a ${car}, ${registration}${eta}.${facts.link ? ` Track your driver: ${facts.link}` : ''}`;
    }
    case 'driver_arrived':
      return `${company}: ${driver} has arrived at ${place} in a ${car}, ${registration}.`;
    case 'reminder':
      return `${company}: reminder of your pick-up at ${when} from ${place} (booking ${number}).${facts.link ? ` Manage: ${facts.link}` : ''}`;
    case 'booking_cancelled': {
      const phone = facts.operatorPhone ? smsSafe(facts.operatorPhone) : '';
      return `${company}: booking ${number} for ${when} is cancelled.${phone ? ` Questions? Call ${phone}.` : ''}`;
    }
  }
}

/** `text` less `by` characters at the end (and any space or punctuation left there), marked with '...'. */
const shorten = (text: string, by: number) => (by <= 0 ? text : text.length - by <= 3 ? '...' : `${text.slice(0, Math.max(0, text.length - by - 3)).replace(/[\s,;:.-]+$/, '')}...`);

/**
 * The text of `kind` for these facts, at most 2 segments. A text that needs UCS-2 and does not fit in its 134 units
 * is written in the GSM alphabet instead (accents dropped where the alphabet lacks them: 'Łódź' → 'Lodz'), which holds
 * 306; then the place and the company name are shortened if still needed.
 */
export function textBody(kind: TextKind, facts: TextFacts): string {
  const whole = render(kind, facts, initialParts(facts));
  if (countSegments(whole).segments <= MAX_SEGMENTS) return whole;
  if (isGsm7(whole)) return fitted(kind, facts);
  return fitted(kind, {
    ...facts,
    companyName: gsmOnly(facts.companyName),
    pickupAddress: gsmOnly(facts.pickupAddress),
    driverName: facts.driverName ? gsmOnly(facts.driverName) : facts.driverName,
    car: facts.car ? { colour: gsmOnly(facts.car.colour), make: gsmOnly(facts.car.make), model: gsmOnly(facts.car.model), registration: gsmOnly(facts.car.registration) } : facts.car,
    operatorPhone: facts.operatorPhone ? gsmOnly(facts.operatorPhone) : facts.operatorPhone,
  });
}

function initialParts(facts: TextFacts): Shrinkable {
  const parts: Shrinkable = { place: smsSafe(facts.pickupAddress) || 'your pick-up', company: smsSafe(facts.companyName) || 'Your taxi' };
  // The company name is a prefix: at most 40 characters of it.
  if (parts.company.length > 40) parts.company = shorten(parts.company, parts.company.length - 40);
  return parts;
}

function fitted(kind: TextKind, facts: TextFacts): string {
  const parts = initialParts(facts);
  for (const field of ['place', 'company'] as const) {
    for (;;) {
      const body = render(kind, facts, parts);
      const count = countSegments(body);
      if (count.segments <= MAX_SEGMENTS) return body;
      const limit = count.encoding === 'GSM-7' ? 306 : 134;
      const over = count.units - limit;
      if (parts[field] === '...' || parts[field].length <= 3) break;
      parts[field] = shorten(parts[field], Math.max(1, over));
    }
  }
  // Only the fixed parts are left: a link or a name far beyond any real one.
  return render(kind, facts, parts);
}
