import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { BOOKING_MESSAGES, type BookingCreate, type BookingResponse, type ConfirmPaymentResponse } from '../../../contract/bookings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { enqueueMail, mailIdentity, type MailIdentity, type MailMessage, type MailPort } from '../../adapters/mail/index.ts';
import type { IntentStatus, PaymentIntent, PaymentsPort } from '../../adapters/payments/port.ts';
import { DomainError } from '../errors.ts';
import type { Caller, CredentialGuard } from '../accounts/credentials.ts';
import type { Quoting } from '../quotes/quoting.ts';
import { BOOKING_EVENTS_CHANNEL, bookingEventPayload } from '../dispatch/events.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { bookedSubmission, claimCharge, insertPayment, isUniqueViolation, loadPayment, releaseAbandonedClaim, releaseCharge, settleSuccess, type ClaimResult, type PaymentRecord } from './paymentsRepository.ts';
import { bookingMails, duplicateChargeMail } from './mails.ts';
import { assertWheelchairAccess, prepareBooking, submissionDigest, type PreparedBooking, type SignedInBooker } from './prepare.ts';
import { holdAccountCredit } from '../companyAccounts/credit.ts';
import { PROMO_MESSAGES } from '../../../contract/promoCodes.ts';
import { createPromoUses } from '../promos/repository.ts';
import { applyPromo } from '../promos/service.ts';
import type { BookingForm, SelectedVehiclePriceBody, SelectedVehiclePriceResponse } from '../../../contract/booking.ts';
import { recordRefund, sendRefund, unsentRefunds } from './refunds.ts';
import { newBookingConfirmation } from './confirmation.ts';
import { confirmationText, textSite } from '../texts/texts.ts';
import { bindPayment, bookingNumberOf, bookingResponse, insertBooking, loadBookingResponse, newBookingNumber, recordIntentStatus } from './repository.ts';
import { poundsText } from '../../../contract/money.ts';

export interface BookingServiceDeps {
  db: Db;
  quoting: Quoting;
  mail: MailPort;
  payments: PaymentsPort;
  credentials: CredentialGuard;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** The deployment's own address (PUBLIC_URL), for the mail links of a site without hosts of its own. */
  publicUrl: string;
  /** Called after the commit of a booking with a flight number (flight arrivals follow its flight); must not throw. */
  afterBooked?: (siteId: number, bookingId: number) => void;
}

/**
 * A booking the office writes held for its card payment link (payLinks.ts): its mails are the link's, made with its
 * number; no confirmation text (the confirmation is written when it is paid).
 */
export interface HeldBooking {
  mails(bookingNumber: string): MailMessage[];
}

/** What became of a paid intent: no success yet, the booking it paid, or a second charge refunded (`refundSent`). */
export type Finished =
  | { kind: 'unpaid' }
  | { kind: 'booked'; bookingId: number; bookingNumber: string }
  | { kind: 'duplicate'; bookingNumber: string | null; refundSent: boolean };

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
/** The processor is done with this intent without charging it: the slot is free for another card. */
const chargeFailed = (status: IntentStatus) => status === 'requires_payment_method' || status === 'canceled';
const promoRefused = (outcome: 'usedUp' | 'usedByPassenger') => new DomainError('promo', PROMO_MESSAGES[outcome], {}, 'conflict');
/** A second booking of a staff-priced offer met the unique index (migration 034): the offer is booked. */
const offerOnce = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new DomainError('conflict', BOOKING_MESSAGES.offerAlreadyBooked);
  throw error;
};
const alreadyPaid = (bookingNumber: string | null) => new DomainError('conflict', BOOKING_MESSAGES.alreadyPaid, { booking_number: bookingNumber });
// A settlement that meets a payment claimed after its lock is run again; more than this many in a row is a fault.
const SETTLE_ATTEMPTS = 4;

/**
 * Bookings and card payments, exactly once:
 * - pay in car: the booking is written with its mails in one transaction, idempotent on the submission;
 * - card: the intent's amount is the server's price; the submission (priced, passenger checked, no plain password)
 *   is stored with our payment record; one booking has at most one successful charge (paymentsRepository.ts: the database's
 *   charging slot is taken before the processor is asked to charge, and freed by a decline); the booking is written
 *   as soon as the processor says `succeeded`, by whichever comes first of the confirm call, the browser's booking
 *   call or Stripe's webhook; a success that arrives when another charge has paid the booking is refunded
 *   automatically (refunds.ts), logged and mailed to the operator.
 */
export function createBookingService(deps: BookingServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const prepare = (site: Site, catalog: SiteCatalog, input: BookingCreate, caller: Caller, signedIn: SignedInBooker | null = null) =>
    prepareBooking({ db: deps.db, quoting: deps.quoting, credentials: deps.credentials, now }, site, catalog, input, caller, signedIn);

  /**
   * The submission's booking, written once with its stops, manage link, mails, live event and a card payment's
   * binding (insertBooking: one statement), then its promo code's use: on `db` when the booking alone is written
   * (pay in car, no promo code, no new account: one statement is atomic), else in the caller's transaction.
   */
  async function writeBooking(db: Queryable, site: Site, catalog: SiteCatalog, identity: MailIdentity, prepared: PreparedBooking, intentId: string | null, held: HeldBooking | null = null) {
    const bookingNumber = newBookingNumber();
    const payment = intentId ? { intentId } : null;
    const { manage, manageTokenHash } = newBookingConfirmation(site, catalog.settings, bookingNumber, prepared, payment, deps.publicUrl, now());
    const result = await insertBooking(db, site.id, prepared, payment, {
      bookingNumber,
      manageTokenHash,
      // A booking held for its payment link gets that link's mail instead (its confirmation comes when it is paid).
      mails: held ? held.mails(bookingNumber) : bookingMails(identity, bookingNumber, prepared, manage),
      // The passenger's text, with the mail's manage link (issue 33): in the same statement, once per booking.
      texts: held ? [] : [confirmationText(textSite(site, catalog.settings, deps.publicUrl), { bookingNumber, phone: prepared.passenger.phone, pickupAt: new Date(prepared.pickupAt), pickupAddress: prepared.pickupAddress, manageUrl: manage.manageUrl })].filter((text) => text !== null),
      // As publishBookingEvent sends it: the consoles of the site hear of the booking once it commits.
      notify: { channel: BOOKING_EVENTS_CHANNEL, payload: bookingEventPayload(site.id, { booking_number: bookingNumber, kind: 'created' }) },
    });
    if (result.created && prepared.promo) await takePromoUse(db, site.id, prepared, result.bookingId, intentId);
    // A new booking's statement bound its payment; a submission already booked is bound to that booking.
    if (intentId && !result.created) await bindPayment(db, site.id, intentId, result.bookingId);
    return { bookingId: result.bookingId, bookingNumber: result.bookingNumber, stored: result.stored };
  }

  /** Whether a booking is written with more than its own statement (a new account first, a promo code's use after). */
  const needsTransaction = (prepared: PreparedBooking) => prepared.promo !== null || prepared.passenger.newAccount !== null || (prepared.onAccount ?? null) !== null;

  /**
   * The booking's use of its promo code, in the booking's transaction. Pay in car: taken now, or the booking is refused
   * (409, nothing written) when the code was used up since it was priced. Card: the payment's reservation becomes the
   * booking's (a paid booking is never refused for its code).
   */
  async function takePromoUse(tx: Queryable, siteId: number, prepared: PreparedBooking, bookingId: number, intentId: string | null) {
    const promo = prepared.promo!;
    const use = { promoId: promo.promoId, requestKey: prepared.requestKey, email: prepared.passenger.email, discountPence: promo.discount_pence, intentId, bookingId };
    if (intentId) return createPromoUses(tx).usePaid(siteId, use);
    const outcome = await createPromoUses(tx).useNow(siteId, use);
    if (outcome !== 'taken') throw promoRefused(outcome);
  }

  /** A card payment's reservation of its promo code, bound to its intent: refused before any money moves. */
  async function reservePromo(tx: Queryable, siteId: number, prepared: PreparedBooking, intentId: string) {
    const promo = prepared.promo;
    if (!promo) return;
    const outcome = await createPromoUses(tx).reserve(siteId, { promoId: promo.promoId, requestKey: prepared.requestKey, email: prepared.passenger.email, discountPence: promo.discount_pence, intentId, bookingId: null });
    if (outcome !== 'taken') throw promoRefused(outcome);
  }

  /** One attempt: the success pays the booking, or it is a second charge whose refund is recorded (and mailed once). */
  function settleOnce(site: Site, catalog: SiteCatalog, identity: MailIdentity, record: PaymentRecord) {
    return deps.db.transaction(async (tx) => {
      const settlement = await settleSuccess(tx, site.id, record.intentId, record.requestKey);
      if (settlement.outcome === 'paid') return { kind: 'booked' as const, ...(await writeBooking(tx, site, catalog, identity, record.submission, record.intentId)) };
      const paidBy = settlement.paidBy;
      const bookingNumber = await bookingNumberOf(tx, site.id, paidBy?.bookingId ?? null);
      const { created } = await recordRefund(tx, site.id, {
        intentId: record.intentId,
        bookingId: paidBy?.bookingId ?? null,
        amountPence: record.amountPence,
        currency: record.currency,
        reason: 'duplicate_charge',
        idempotencyKey: `duplicate_charge:${record.intentId}`,
      });
      const notice = created
        ? duplicateChargeMail(identity, { bookingNumber: bookingNumber ?? '(not yet written)', refundedIntentId: record.intentId, paidIntentId: paidBy?.intentId ?? '', amount: poundsText(record.amountPence, record.submission.currency) })
        : null;
      if (notice) await enqueueMail(tx, site.id, notice);
      return { kind: 'duplicate' as const, bookingNumber, paidIntentId: paidBy?.intentId ?? null, newlyRecorded: created };
    });
  }

  /**
   * Makes the recorded refunds of a second charge at the processor; false when one could not be made now (a network
   * error: the next delivery tries again with the same key). A refund the processor itself failed is the operator's.
   */
  async function sendDuplicateRefunds(siteId: number, intentId: string): Promise<boolean> {
    try {
      for (const refund of await unsentRefunds(deps.db, siteId, intentId)) {
        const sent = await sendRefund(deps.db, deps.payments, siteId, refund);
        if (sent.status === 'failed') deps.log.error({ site: siteId, intent: intentId, refund: sent.providerRefundId }, 'the processor failed the refund of a second charge');
      }
      return true;
    } catch (error) {
      deps.log.error({ site: siteId, intent: intentId, err: error }, 'refund of a second charge not made yet');
      return false;
    }
  }

  async function settle(site: Site, catalog: SiteCatalog, record: PaymentRecord): Promise<Finished> {
    const identity = mailIdentity(catalog.settings, site.name);
    for (let attempt = 1; ; attempt++) {
      let settled: Awaited<ReturnType<typeof settleOnce>>;
      try {
        settled = await settleOnce(site, catalog, identity, record);
      } catch (error) {
        if (isUniqueViolation(error) && attempt < SETTLE_ATTEMPTS) continue;
        throw error;
      }
      deps.mail.kick();
      if (settled.kind === 'booked') {
        if (record.submission.flightNo.trim()) deps.afterBooked?.(site.id, settled.bookingId);
        return settled;
      }
      if (settled.newlyRecorded) {
        deps.log.warn(
          { site: site.id, booking: settled.bookingNumber, intent: record.intentId, paidIntent: settled.paidIntentId, amount: record.amountPence },
          'second charge for one booking refunded',
        );
      }
      return { kind: 'duplicate', bookingNumber: settled.bookingNumber, refundSent: await sendDuplicateRefunds(site.id, record.intentId) };
    }
  }

  /**
   * Settles an intent the processor reports: checked status, amount and binding; a success books or is refunded.
   * `known`: this intent's payment record when the caller has read it (its amount and submission never change).
   */
  async function finishPaidBooking(site: Site, catalog: SiteCatalog, intent: PaymentIntent, known?: PaymentRecord): Promise<Finished> {
    if (intent.status !== 'succeeded') return { kind: 'unpaid' };
    const record = known?.intentId === intent.id ? known : await loadPayment(deps.db, site.id, intent.id);
    if (!record) throw new DomainError('not_found', BOOKING_MESSAGES.paymentNotCompleted);
    if (intent.amount !== record.amountPence || record.submission.totalPence !== record.amountPence) throw new DomainError('conflict', BOOKING_MESSAGES.amountMismatch);
    return settle(site, catalog, record);
  }

  /**
   * Takes the submission's charging slot for this payment, or refuses: 409 `alreadyPaid` with the booking number when
   * another charge paid it, 409 `paymentInProgress` while another card is being charged or authenticated. A holder
   * that has ended at the processor without us hearing (3-D Secure failed in the browser, a lost answer) is settled
   * or freed first.
   */
  async function takeChargingSlot(site: Site, catalog: SiteCatalog, record: PaymentRecord, first: ClaimResult): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const claim = attempt === 0 ? first : await claimCharge(deps.db, site.id, record.intentId);
      if (claim.claimed || 'own' in claim) return;
      const holder = claim.holder;
      if (!holder) continue;
      if (holder.charge === 'succeeded') {
        // This intent may have been charged anyway (confirmed by the browser itself): settling it refunds it.
        const mine = await deps.payments.retrieveIntent(site.id, record.intentId);
        if (mine.status === 'succeeded') await finishPaidBooking(site, catalog, mine);
        throw alreadyPaid(await bookingNumberOf(deps.db, site.id, holder.bookingId));
      }
      const live = await deps.payments.retrieveIntent(site.id, holder.intentId);
      if (live.status === 'succeeded') {
        const finished = await finishPaidBooking(site, catalog, live);
        throw alreadyPaid(finished.kind === 'unpaid' ? null : finished.bookingNumber);
      }
      if (chargeFailed(live.status)) {
        await releaseCharge(deps.db, site.id, holder.intentId);
        continue;
      }
      if (live.status === 'requires_confirmation' && (await releaseAbandonedClaim(deps.db, site.id, holder.intentId))) continue;
      throw new DomainError('conflict', BOOKING_MESSAGES.paymentInProgress);
    }
    throw new DomainError('conflict', BOOKING_MESSAGES.paymentInProgress);
  }

  /** Asks the processor to charge; when the call fails, the slot is freed unless the intent may still succeed. */
  async function chargeAtProcessor(siteId: number, intentId: string): Promise<PaymentIntent> {
    try {
      return await deps.payments.confirmIntent(siteId, intentId, hash('confirm', String(siteId), intentId));
    } catch (error) {
      const current = await deps.payments.retrieveIntent(siteId, intentId).catch(() => null);
      if (!current || chargeFailed(current.status) || current.status === 'requires_confirmation') await releaseCharge(deps.db, siteId, intentId);
      throw error;
    }
  }

  /** The confirm answer for an intent as the processor reports it: status and booking number, nothing personal. */
  async function answerIntent(site: Site, catalog: SiteCatalog, intent: PaymentIntent, known?: PaymentRecord): Promise<ConfirmPaymentResponse> {
    await recordIntentStatus(deps.db, site.id, intent.id, intent.status);
    if (chargeFailed(intent.status)) await releaseCharge(deps.db, site.id, intent.id);
    const finished = await finishPaidBooking(site, catalog, intent, known);
    if (finished.kind === 'duplicate') throw alreadyPaid(finished.bookingNumber);
    return confirmResponse(intent, finished.kind === 'booked' ? finished.bookingNumber : null);
  }

  /** Whether the caller of POST /booking with a paid intent id is its payer: the same submission (and password). */
  async function isPayer(site: Site, input: BookingCreate, record: PaymentRecord, caller: Caller, signedIn: SignedInBooker | null): Promise<boolean> {
    if (record.submissionDigest === null || record.submissionDigest !== submissionDigest(input)) return false;
    const passenger = record.submission.passenger;
    // Paid signed in: the same signed-in passenger (the token again), no password.
    if (passenger.mode === 'corporate') return signedIn !== null && signedIn.id === passenger.passengerId;
    if (passenger.mode !== 'existing_client') return true;
    const account = await deps.credentials.verify(site.id, caller, input.registrationData.email.trim(), input.registrationData.password ?? '');
    return account !== null && account.id === passenger.passengerId;
  }

  /**
   * A booking the office takes (issue 34, server/domain/bookings/phone.ts): prepared by the caller with the same
   * prepare, written in one transaction with the account's credit held (on account) and `alsoWrite` (the audit entry)
   * only when the booking is new. Idempotent on the prepared request key like any booking.
   */
  async function writeOfficeBooking(
    site: Site,
    catalog: SiteCatalog,
    prepared: PreparedBooking,
    alsoWrite: (tx: Queryable, booking: { bookingId: number; bookingNumber: string }) => Promise<void>,
    held: HeldBooking | null = null,
  ) {
    const identity = mailIdentity(catalog.settings, site.name);
    const { bookingId, bookingNumber, created } = await deps.db.transaction(async (tx) => {
      const onAccount = prepared.onAccount ?? null;
      const accountId = onAccount ? await holdAccountCredit(tx, site.id, prepared.passenger.passengerId!, prepared.totalPence, onAccount) : 0;
      const written = await writeBooking(tx, site, catalog, identity, onAccount ? { ...prepared, onAccount: { ...onAccount, accountId } } : prepared, null, held);
      if (written.stored) await alsoWrite(tx, written);
      return { ...written, created: written.stored !== null };
    });
    deps.mail.kick();
    if (created && prepared.flightNo.trim()) deps.afterBooked?.(site.id, bookingId);
    return { bookingId, bookingNumber, created };
  }

  return {
    prepare,
    writeOfficeBooking,

    /**
     * POST /calculate-selected-vehicle-price: the chosen vehicle re-priced from the stored quote with the editor's
     * options, and with a promo code its line and totals for `quantity` vehicles, judged as the booking will judge it
     * (the use itself is taken when the booking or its card payment is written).
     */
    async priceSelected(site: Site, catalog: SiteCatalog, body: SelectedVehiclePriceBody): Promise<SelectedVehiclePriceResponse> {
      const { quote, row, form } = await deps.quoting.priceVehicle(site, catalog, body);
      if (quote.bookingType === 'milleage') assertWheelchairAccess(catalog, row.vehicle_id, form as BookingForm);
      const answer = { success: true as const, quote_id: row.quote_id, price: row.price, final_price: row.final_price, breakdown: row.breakdown };
      if (!body.promo_code) return answer;
      const { promoId: _id, ...promo } = await applyPromo(deps.db, site.id, body.promo_code, { totalPence: row.breakdown.final_price_pence * body.quantity, vehicleId: row.vehicle_id, now: now() });
      return { ...answer, promo };
    },

    /**
     * POST /booking. Pay in car, and "Nothing to pay" (a £0 total, checked by prepare): written now, its promo code's
     * use taken with it. Card: only for an intent the processor reports `succeeded`, and the booking's details only to
     * the submission that paid (anyone else holding the intent id gets a 409).
     */
    async createBooking(site: Site, catalog: SiteCatalog, input: BookingCreate, caller: Caller, signedIn: SignedInBooker | null = null): Promise<BookingResponse> {
      if (input.payment_method === 'car' || input.payment_method === 'account' || input.nothing_to_pay) {
        const prepared = await prepare(site, catalog, input, caller, signedIn);
        const identity = mailIdentity(catalog.settings, site.name);
        const write = async (db: Queryable) => {
          const onAccount = prepared.onAccount ?? null;
          // On account: the account's row is locked and its credit checked in this transaction, before the INSERT.
          if (!onAccount) return writeBooking(db, site, catalog, identity, prepared, null);
          const accountId = await holdAccountCredit(db, site.id, prepared.passenger.passengerId!, prepared.totalPence, onAccount);
          return writeBooking(db, site, catalog, identity, { ...prepared, onAccount: { ...onAccount, accountId } }, null);
        };
        const { bookingId, stored } = await (needsTransaction(prepared) ? deps.db.transaction(write) : write(deps.db)).catch(offerOnce);
        deps.mail.kick();
        // Only a booking with a flight number has anything to follow (nothing else is read or written for it).
        if (stored && prepared.flightNo.trim()) deps.afterBooked?.(site.id, bookingId);
        // A new booking answers from the row its INSERT returned (nothing changes it before the commit); a repeat reads it.
        return stored ? bookingResponse(stored.row, stored.stops) : loadBookingResponse(deps.db, site.id, bookingId);
      }
      const intentId = input.paymentId || input.stripe_session_id;
      if (!intentId) throw new DomainError('payment_required', BOOKING_MESSAGES.paymentNotCompleted);
      const record = await loadPayment(deps.db, site.id, intentId);
      if (!record) throw new DomainError('payment_required', BOOKING_MESSAGES.paymentNotCompleted);
      const submitted = input.selectedVehicleData;
      const paidFor = record.submission;
      if (paidFor.quoteId !== submitted.quote_id || paidFor.row.vehicle_id !== submitted.vehicle_id || paidFor.row.company_id !== submitted.company_id) {
        throw new DomainError('conflict', BOOKING_MESSAGES.paymentUsed);
      }
      if (!(await isPayer(site, input, record, caller, signedIn))) throw new DomainError('conflict', BOOKING_MESSAGES.paymentUsed);
      if (record.charge === 'succeeded' && record.bookingId !== null) return loadBookingResponse(deps.db, site.id, record.bookingId);
      const finished = await finishPaidBooking(site, catalog, await deps.payments.retrieveIntent(site.id, intentId), record);
      if (finished.kind === 'booked') return loadBookingResponse(deps.db, site.id, finished.bookingId);
      if (finished.kind === 'duplicate') throw alreadyPaid(finished.bookingNumber);
      throw new DomainError('payment_required', BOOKING_MESSAGES.paymentNotCompleted);
    },

    /** POST /create-payment-intent: the amount must be the server's own price; a paid submission gets no new intent. */
    async createPaymentIntent(site: Site, catalog: SiteCatalog, input: { paymentMethodId: string; amount: number; booking: BookingCreate; idempotencyKey?: string }, caller: Caller, signedIn: SignedInBooker | null = null) {
      const booking = { ...input.booking, payment_method: 'card' as const };
      const prepared = await prepare(site, catalog, booking, caller, signedIn);
      if (input.amount !== prepared.totalPence) throw new DomainError('conflict', BOOKING_MESSAGES.amountMismatch, { amount: prepared.totalPence });
      const booked = await bookedSubmission(deps.db, site.id, prepared.requestKey);
      if (booked) throw alreadyPaid(booked.bookingNumber);
      const intent = await deps.payments.createIntent({
        siteId: site.id,
        amount: prepared.totalPence,
        currency: 'gbp',
        paymentMethodId: input.paymentMethodId,
        idempotencyKey: hash('intent', String(site.id), prepared.requestKey, input.paymentMethodId, input.idempotencyKey ?? ''),
        metadata: { quote_id: prepared.quoteId, request_key: prepared.requestKey },
        // Saved for the driver's extras after the trip (issue 32), charged off-session once (drivers/completion.ts).
        saveCard: true,
      });
      const insertRecord = (db: Queryable) => insertPayment(db, site.id, { intentId: intent.id, provider: deps.payments.kind, prepared, submissionDigest: submissionDigest(booking), status: intent.status });
      // With a promo code its reservation goes in the same transaction; alone, the one INSERT is atomic.
      if (prepared.promo) {
        await deps.db.transaction(async (tx) => {
          await insertRecord(tx);
          await reservePromo(tx, site.id, prepared, intent.id);
        });
      } else await insertRecord(deps.db);
      return { success: true as const, paymentIntentId: intent.id, client_secret: intent.clientSecret, amount: intent.amount, test_mode: deps.payments.testMode };
    },

    /** POST /confirm-payment-intent: takes the charging slot, confirms (or re-reads after 3-D Secure), books on success. */
    async confirmPaymentIntent(site: Site, catalog: SiteCatalog, intentId: string): Promise<ConfirmPaymentResponse> {
      // The usual case in one statement: the slot taken and the record read (a paid payment is not claimed again).
      const claim = await claimCharge(deps.db, site.id, intentId);
      const record = 'record' in claim ? claim.record : await loadPayment(deps.db, site.id, intentId);
      if (!record) throw new DomainError('not_found', 'No such payment');
      if (record.charge === 'succeeded' || record.charge === 'duplicate') return answerIntent(site, catalog, await deps.payments.retrieveIntent(site.id, intentId), record);
      if (!claim.claimed) await takeChargingSlot(site, catalog, record, claim);
      if (record.submission.promo) {
        // Released meanwhile (a failed card, an abandoned payment): taken again before the processor charges, or refused.
        try {
          await deps.db.transaction((tx) => reservePromo(tx, site.id, record.submission, intentId));
        } catch (error) {
          await releaseCharge(deps.db, site.id, intentId);
          throw error;
        }
      }
      return answerIntent(site, catalog, await chargeAtProcessor(site.id, intentId), record);
    },

    answerIntent,
    finishPaidBooking,
  };
}

export function confirmResponse(intent: PaymentIntent, bookingNumber: string | null): ConfirmPaymentResponse {
  const status = intent.status === 'succeeded' ? 'succeeded' : intent.status === 'requires_action' ? 'requires_action' : intent.status === 'processing' ? 'processing' : 'failed';
  return {
    success: status !== 'failed',
    status,
    sessionId: intent.id,
    paymentId: intent.id,
    client_secret: status === 'requires_action' ? intent.clientSecret : null,
    error: status === 'failed' ? (intent.lastError ?? 'Payment failed') : null,
    booking_number: bookingNumber,
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
