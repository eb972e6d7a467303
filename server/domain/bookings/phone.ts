import { createHash } from 'node:crypto';
import type { BookingForm } from '../../../contract/booking.ts';
import type { BookingCreate } from '../../../contract/bookings.ts';
import { INBOX_MESSAGES } from '../../../contract/consoleEnquiries.ts';
import { PHONE_BOOKING_MESSAGES, type PhoneBookingAnswer, type PhonePriceAnswer } from '../../../contract/consolePhoneBookings.ts';
import { poundsToPence, type PriceOverride } from '../../../contract/staffPrices.ts';
import { londonMoment } from '../../../contract/dispatch.ts';
import { PAY_LINK_MESSAGES, PAY_LINK_MIN_MINUTES, payLinkDueAt } from '../../../contract/payLinks.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { mailIdentity } from '../../adapters/mail/index.ts';
import { payLinkMail } from './payLinkMails.ts';
import { newPayLink } from './payLinks.ts';
import { holdForPayLink } from './payLinksRepository.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { priceTrip } from '../enquiries/inbox.ts';
import { DomainError } from '../errors.ts';
import { withAgreedPrice } from '../pricing/agreedPrice.ts';
import { QuoteRefused, type Quoting } from '../quotes/quoting.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { phoneBookingFacts, phonePassenger } from './phoneRepository.ts';
import type { PreparedBooking } from './prepare.ts';
import type { BookingService } from './service.ts';

export interface PhoneBookingDeps {
  db: Queryable;
  quoting: Quoting;
  bookings: Pick<BookingService, 'prepare' | 'writeOfficeBooking'>;
  /** The deployment's own address (a payment link's, for a site without hosts of its own). */
  publicUrl: string;
  now?: () => Date;
}

export interface PhoneBookingRequest {
  quote_id: string;
  vehicle_id: number;
  company_id: number;
  passenger: { id?: number | null; name: string; email: string; phone: string };
  payment: 'car' | 'account' | 'link';
  po_number?: string;
  cost_centre?: string;
  notes: string;
  price_override?: PriceOverride | null;
  booking_key: string;
}

const pounds = (pence: number) => pence / 100;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The caller's trip priced by the site's own engine, as the inbox prices a QUOTE NOW request (the same list). */
export function pricePhoneTrip(deps: { quoting: Quoting; site: Site; catalog: SiteCatalog }, trip: Parameters<typeof priceTrip>[1]): Promise<PhonePriceAnswer> {
  return priceTrip(deps, trip);
}

/**
 * A booking taken by phone (issue 34): the vehicle of a stored quote priced again by the same engine (prepare, as the
 * website's booking), for a passenger found (their account, so on account is theirs) or typed in; the dispatcher's
 * price with its reason replaces the tariff's, and is audited with the booking, in its transaction. The browser's
 * price is never read: without an override the engine's is booked.
 */
export async function takePhoneBooking(deps: PhoneBookingDeps, site: Site, catalog: SiteCatalog, actor: Actor, input: PhoneBookingRequest): Promise<PhoneBookingAnswer> {
  const quote = await deps.quoting.loadQuote(site.id, input.quote_id).catch((error: unknown) => {
    if (error instanceof QuoteRefused) throw new DomainError(error.code, INBOX_MESSAGES.quoteExpired, {}, 'conflict');
    throw error;
  });
  const found = input.passenger.id ? await phonePassenger(deps.db, site.id, input.passenger.id) : null;
  if (input.passenger.id && !found) throw new DomainError('not_found', PHONE_BOOKING_MESSAGES.unknownPassenger);
  if (input.payment === 'account' && !found?.account) throw new DomainError('unprocessable', PHONE_BOOKING_MESSAGES.accountNeedsMember);
  const { name, email, phone } = input.passenger;
  const create: BookingCreate = {
    selectedVehicleData: { quote_id: quote.id, vehicle_id: input.vehicle_id, company_id: input.company_id },
    selectedVehicle: 1,
    bookingType: quote.bookingType,
    bookingForm: quote.bookingType === 'milleage' ? (quote.form as BookingForm) : null,
    hourlyRateForm: null,
    // A found passenger books as themselves (no password: staff vouch for the caller); the traveller's details as typed.
    registrationData: {
      firstName: name,
      surname: '',
      number: phone,
      email,
      passengerDetails: found ? 'yes' : 'no',
      passengerName: found ? name : '',
      passengerEmail: found ? email : '',
      passengerPhone: found ? phone : '',
      additionalInfo: input.notes,
      return_additionalInfo: '',
    },
    // Card by payment link is a card booking, held until paid (payLinks.ts).
    payment_method: input.payment === 'link' ? 'card' : input.payment,
    selected_passenger: 'guest_login',
    promo_code: undefined,
    po_number: input.po_number ?? '',
    cost_centre: input.cost_centre ?? '',
  };
  const signedIn = found ? { id: found.id, name: found.name, email: found.email, phone: found.phone } : null;
  const priced = await deps.bookings.prepare(site, catalog, create, { ip: 'console' }, signedIn);
  const override = input.price_override ?? null;
  const tariffPence = priced.totalPence;
  const prepared: PreparedBooking = override ? overridden(priced, poundsToPence(override.price), override.reason) : priced;
  const booking = {
    ...prepared,
    source: 'console' as const,
    // The console's key makes the booking: the same key again is the same booking, another key another booking.
    requestKey: sha256(JSON.stringify(['console', input.booking_key, prepared.requestKey, prepared.totalPence, override?.reason ?? null])),
  };
  const link = input.payment === 'link' ? payLinkFor(deps, site, catalog, booking) : null;
  const written = await deps.bookings.writeOfficeBooking(site, catalog, booking, async (tx, { bookingId, bookingNumber }) => {
    if (link) await holdForPayLink(tx, site.id, bookingId, { tokenHash: link.tokenHash, dueAt: link.dueAt, prepared: booking });
    const after = { source: 'console', payment: input.payment, total_pence: booking.totalPence, passenger_id: found?.id ?? null, ...(link ? { pay_link_due_at: link.dueAt.toISOString() } : {}) };
    await recordAudit(tx, actor, { siteId: site.id, action: 'booking.phone_booking', entityType: 'booking', entityId: bookingNumber, before: null, after });
    if (override) {
      await recordAudit(tx, actor, {
        siteId: site.id,
        action: 'booking.price_override',
        entityType: 'booking',
        entityId: bookingNumber,
        before: { total_pence: tariffPence },
        after: { total_pence: booking.totalPence, reason: override.reason },
      });
    }
  }, link?.held ?? null);
  const facts = await phoneBookingFacts(deps.db, site.id, written.bookingId);
  return {
    success: true,
    message: facts.dueAt ? PHONE_BOOKING_MESSAGES.heldForLink(written.bookingNumber, londonMoment(facts.dueAt)) : PHONE_BOOKING_MESSAGES.booked(written.bookingNumber),
    booking_number: written.bookingNumber,
    total: pounds(facts.totalPence),
    tariff_total: pounds(tariffPence),
    payment_method: facts.paymentMethod,
    payment_status: facts.paymentStatus,
    created: written.created,
    ...(facts.dueAt ? { pay_link_due_at: facts.dueAt.toISOString() } : {}),
  };
}

/**
 * A new payment link for a phone booking: its time limit (the owner's PAY_LINK_MINUTES, never later than an hour before
 * the pick-up; refused when less than PAY_LINK_MIN_MINUTES remain), its token's hash and its mail.
 */
function payLinkFor(deps: PhoneBookingDeps, site: Site, catalog: SiteCatalog, booking: PreparedBooking) {
  const now = deps.now?.() ?? new Date();
  const dueAt = payLinkDueAt(now, new Date(booking.pickupAt), settingsFromRows(catalog.settings).PAY_LINK_MINUTES);
  if (dueAt.getTime() - now.getTime() < PAY_LINK_MIN_MINUTES * 60_000) throw new DomainError('unprocessable', PAY_LINK_MESSAGES.tooSoon);
  const { url, tokenHash } = newPayLink(site, deps.publicUrl);
  const identity = mailIdentity(catalog.settings, site.name);
  return { dueAt, tokenHash, held: { mails: (bookingNumber: string) => [payLinkMail(identity, bookingNumber, booking, { url, dueAt })] } };
}

/** The prepared booking at the dispatcher's price for one vehicle (the row's breakdown gains the difference's line). */
function overridden(prepared: PreparedBooking, unitPence: number, reason: string): PreparedBooking {
  const row = withAgreedPrice(prepared.row, unitPence);
  return { ...prepared, row, unitPence, totalPence: unitPence * prepared.quantity, priceOverride: { reason } };
}

export { type Queryable };
