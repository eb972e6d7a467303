import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { BOOKING_MESSAGES, type BookingCreate, type BookingResponse, type ConfirmPaymentResponse } from '../../../contract/bookings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { enqueueMail, mailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import type { PaymentIntent, PaymentsPort } from '../../adapters/payments/port.ts';
import { HttpError } from '../../http.ts';
import type { Caller, CredentialGuard } from '../accounts/credentials.ts';
import type { Quoting } from '../quotes/quoting.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { bookingMails } from './mails.ts';
import { prepareBooking, type PreparedBooking } from './prepare.ts';
import { insertBooking, loadBookingResponse } from './repository.ts';

export interface BookingServiceDeps {
  db: Db;
  quoting: Quoting;
  mail: MailPort;
  payments: PaymentsPort;
  credentials: CredentialGuard;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * Bookings and card payments, exactly once:
 * - pay in car: the booking is written with its mails in one transaction, idempotent on the submission;
 * - card: the intent's amount is the server's price; the submission (priced, passenger checked, no plain password)
 *   is stored with our payment record; the booking is written as soon as the processor says `succeeded`, by
 *   whichever comes first of the confirm call, the browser's booking call or Stripe's webhook; a paid intent is bound
 *   to one booking and its amount is checked against it.
 */
export function createBookingService(deps: BookingServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const prepare = (site: Site, catalog: SiteCatalog, input: BookingCreate, caller: Caller) =>
    prepareBooking({ db: deps.db, quoting: deps.quoting, credentials: deps.credentials, now }, site, catalog, input, caller);

  async function write(site: Site, catalog: SiteCatalog, prepared: PreparedBooking, payment: { intentId: string } | null): Promise<BookingResponse> {
    const identity = mailIdentity(catalog.settings, site.name);
    const bookingId = await deps.db.transaction(async (tx) => {
      if (payment) {
        const { rows } = await tx.query<{ booking_id: string | null }>('SELECT booking_id FROM payments WHERE site_id = $1 AND intent_id = $2 FOR UPDATE', [site.id, payment.intentId]);
        if (rows[0]?.booking_id) return Number(rows[0].booking_id);
      }
      const result = await insertBooking(tx, site.id, prepared, payment);
      if (result.created) {
        const { rows } = await tx.query<{ booking_number: string }>('SELECT booking_number FROM bookings WHERE site_id = $1 AND id = $2', [site.id, result.bookingId]);
        for (const message of bookingMails(identity, rows[0].booking_number, prepared)) await enqueueMail(tx, site.id, message);
      }
      if (payment) {
        await tx.query("UPDATE payments SET booking_id = $3, status = 'succeeded', updated_at = now() WHERE site_id = $1 AND intent_id = $2", [site.id, payment.intentId, result.bookingId]);
      }
      return result.bookingId;
    });
    deps.mail.kick();
    return loadBookingResponse(deps.db, site.id, bookingId);
  }

  async function paymentRecord(db: Queryable, siteId: number, intentId: string) {
    const { rows } = await db.query<{ amount_pence: number; submission: unknown; booking_id: string | null; request_key: string }>(
      'SELECT amount_pence, submission, booking_id, request_key FROM payments WHERE site_id = $1 AND intent_id = $2',
      [siteId, intentId],
    );
    if (!rows[0]) return null;
    const submission = (typeof rows[0].submission === 'string' ? JSON.parse(rows[0].submission) : rows[0].submission) as PreparedBooking;
    return { ...rows[0], amount_pence: Number(rows[0].amount_pence), submission };
  }

  /** Writes the booking of a paid intent once the processor confirms it: checked status, amount and binding. */
  async function finishPaidBooking(site: Site, catalog: SiteCatalog, intent: PaymentIntent): Promise<BookingResponse | null> {
    if (intent.status !== 'succeeded') return null;
    const record = await paymentRecord(deps.db, site.id, intent.id);
    if (!record) throw new HttpError(404, BOOKING_MESSAGES.paymentNotCompleted);
    if (intent.amount !== record.amount_pence || record.submission.totalPence !== record.amount_pence) throw new HttpError(409, BOOKING_MESSAGES.amountMismatch);
    return write(site, catalog, record.submission, { intentId: intent.id });
  }

  return {
    prepare,

    /** POST /booking. Pay in car: written now. Card: only for an intent the processor reports `succeeded`. */
    async createBooking(site: Site, catalog: SiteCatalog, input: BookingCreate, caller: Caller): Promise<BookingResponse> {
      if (input.payment_method === 'car') return write(site, catalog, await prepare(site, catalog, input, caller), null);
      const intentId = input.paymentId || input.stripe_session_id;
      if (!intentId) throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
      const record = await paymentRecord(deps.db, site.id, intentId);
      if (!record) throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
      const submitted = input.selectedVehicleData;
      const paidFor = record.submission;
      if (paidFor.quoteId !== submitted.quote_id || paidFor.row.vehicle_id !== submitted.vehicle_id || paidFor.row.company_id !== submitted.company_id) {
        throw new HttpError(409, BOOKING_MESSAGES.paymentUsed);
      }
      if (record.booking_id) return loadBookingResponse(deps.db, site.id, Number(record.booking_id));
      const intent = await deps.payments.retrieveIntent(site.id, intentId);
      const booking = await finishPaidBooking(site, catalog, intent);
      if (!booking) throw new HttpError(402, BOOKING_MESSAGES.paymentNotCompleted);
      return booking;
    },

    /** POST /create-payment-intent: the amount must be the server's own price of this booking. */
    async createPaymentIntent(site: Site, catalog: SiteCatalog, input: { paymentMethodId: string; amount: number; booking: BookingCreate; idempotencyKey?: string }, caller: Caller) {
      const prepared = await prepare(site, catalog, { ...input.booking, payment_method: 'card' }, caller);
      if (input.amount !== prepared.totalPence) throw new HttpError(409, BOOKING_MESSAGES.amountMismatch, { amount: prepared.totalPence });
      const intent = await deps.payments.createIntent({
        siteId: site.id,
        amount: prepared.totalPence,
        currency: 'gbp',
        paymentMethodId: input.paymentMethodId,
        idempotencyKey: hash('intent', String(site.id), prepared.requestKey, input.paymentMethodId, input.idempotencyKey ?? ''),
        metadata: { quote_id: prepared.quoteId, request_key: prepared.requestKey },
      });
      await deps.db.query(
        `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status)
         VALUES ($1, $2, $3, $4, 'gbp', $5, $6, $7) ON CONFLICT (site_id, intent_id) DO NOTHING`,
        [site.id, intent.id, deps.payments.kind, prepared.totalPence, prepared.requestKey, JSON.stringify(prepared), intent.status],
      );
      return { success: true as const, paymentIntentId: intent.id, client_secret: intent.clientSecret, amount: intent.amount, test_mode: deps.payments.testMode };
    },

    /** POST /confirm-payment-intent: confirms (or re-reads after 3-D Secure) and writes the booking on success. */
    async confirmPaymentIntent(site: Site, catalog: SiteCatalog, intentId: string): Promise<ConfirmPaymentResponse> {
      const record = await paymentRecord(deps.db, site.id, intentId);
      if (!record) throw new HttpError(404, 'No such payment');
      const intent = await deps.payments.confirmIntent(site.id, intentId, hash('confirm', String(site.id), intentId));
      await deps.db.query('UPDATE payments SET status = $3, updated_at = now() WHERE site_id = $1 AND intent_id = $2', [site.id, intentId, intent.status]);
      const booking = await finishPaidBooking(site, catalog, intent);
      return confirmResponse(intent, booking);
    },

    finishPaidBooking,
  };
}

export function confirmResponse(intent: PaymentIntent, booking: BookingResponse | null): ConfirmPaymentResponse {
  const status = intent.status === 'succeeded' ? 'succeeded' : intent.status === 'requires_action' ? 'requires_action' : intent.status === 'processing' ? 'processing' : 'failed';
  return {
    success: status !== 'failed',
    status,
    sessionId: intent.id,
    paymentId: intent.id,
    client_secret: status === 'requires_action' ? intent.clientSecret : null,
    error: status === 'failed' ? (intent.lastError ?? 'Payment failed') : null,
    booking_number: booking?.data.booking.booking_number ?? null,
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
