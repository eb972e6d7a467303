import { createHash } from 'node:crypto';
import {
  changeOutcomeMessage,
  MANAGE_MESSAGES,
  type ManageBookingView,
  type ManageChangeOutcome,
  type ManageChangePreview,
  type ManageChangeRequest,
  type ManageChangeResponse,
  type ManageRefusalCode,
  type ManageTripValues,
} from '../../../contract/manageBooking.ts';
import type { Settings } from '../../../contract/settings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { enqueueMail, type MailIdentity } from '../../adapters/mail/index.ts';
import type { ConfirmPaymentResponse } from '../../../contract/bookings.ts';
import type { PaymentIntent } from '../../adapters/payments/port.ts';
import { DomainError } from '../errors.ts';
import { claimCharge, isUniqueViolation, releaseAbandonedClaim, releaseCharge } from '../bookings/paymentsRepository.ts';
import { confirmResponse } from '../bookings/service.ts';
import { bookingCardPayments, recordRefund, sendRefund, type RefundRow } from '../bookings/refunds.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { penceToPounds } from '../pricing/money.ts';
import type { Site } from '../sites/index.ts';
import { changedMails, changeRequestMail, changeSummary, moneyLine } from './changeMails.ts';
import {
  changeByPayment,
  changeHoldingPayment,
  holdChangePayment,
  insertChange,
  insertChangePayment,
  isChangeCharging,
  liveChangeOf,
  releaseChangeHold,
  setChangePayment,
  setChangeStatus,
  settleChangePayment,
  writeChangeToBooking,
  type ChangeRecord,
} from './changesRepository.ts';
import { loadManagedBooking, lockManagedBooking, type ManagedBooking } from './record.ts';
import { holdChangeCredit, lockBookingAccount } from '../companyAccounts/credit.ts';
import { changeDigest, currentValues, planChange, type Places } from './reprice.ts';
import type { ManageGrant, ManageServiceDeps } from './grant.ts';
import { decideChange, type Operator } from './terms.ts';

interface SiteContext {
  settings: Settings;
  operator: Operator;
  identity: MailIdentity;
  /** How to place a changed address; null when the owner keeps address changes to the phone. */
  places: Places | null;
}

export interface ChangeHelpers {
  siteContext(site: Site): Promise<SiteContext>;
  view(site: Site, grant: ManageGrant): Promise<ManageBookingView>;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const refusal = (code: ManageRefusalCode, message: string, operator: Operator) => new DomainError(code, message, { operator_phone: operator.phone });
const FAILED: readonly PaymentIntent['status'][] = ['requires_payment_method', 'canceled'];

function outcomeOf(booking: ManagedBooking, differencePence: number): ManageChangeOutcome {
  if (booking.status === 'driver_assigned') return 'request';
  if (differencePence === 0) return 'none';
  if (booking.paymentMethod === 'car') return 'pay_driver';
  if (booking.paymentMethod === 'account') return 'on_account';
  return differencePence > 0 ? 'charge' : 'refund';
}

/**
 * Changing a booking: a preview (re-priced by the server, nothing written) and an apply that names the revision the
 * preview was made on. Every apply locks the booking row, so a change and an operator's action (or a cancel, or a
 * second change) never both apply to one revision. Money:
 * - pay in car: the new price is stored;
 * - card, lower: the difference is refunded (recorded with the change, one refund per payment and change, sent after
 *   the commit);
 * - card, higher: the change is recorded `awaiting_payment` (one per revision: a unique index) holding the booking's
 *   payment (one change of a booking in payment at a time: migration 022's index), its difference charged through the
 *   PaymentsPort under the change's own request key (one successful charge per change: migration 007's index), and
 *   applied in the transaction that sees the charge succeeded. A charge that arrives after the booking moved on (an
 *   operator's cancel won the race) is refunded in full.
 * While a change holds the payment every other change of the booking is refused (change_being_paid) before any money
 * moves; the same change sent again goes on with its own payment. The hold ends with the change (applied, abandoned)
 * or its card's decline, and lapses after ABANDONED_CLAIM: a payment started and then abandoned blocks no one for long.
 * After a driver is assigned a change is stored as a request and mailed to the operator; the booking is unchanged.
 */
export function createChangeActions(deps: ManageServiceDeps, helpers: ChangeHelpers) {
  const now = deps.now ?? (() => new Date());

  /** The rules of the booking as it stands, and the re-priced change (throws the refusals). */
  async function plan(db: Queryable, site: Site, context: SiteContext, booking: ManagedBooking, changes: ManageChangeRequest['changes']) {
    const at = now();
    const decision = decideChange(booking, context.settings, context.operator, at, context.places !== null);
    if (decision.code) throw refusal(decision.code, decision.terms.refusal ?? MANAGE_MESSAGES.staleRevision, context.operator);
    const catalog = await deps.cache.catalog(site.id);
    const planned = await planChange({ db, siteId: site.id, catalog, booking, changes, now: at, places: context.places });
    return { planned, differencePence: planned.totalPence - booking.totalPence, outcome: outcomeOf(booking, planned.totalPence - booking.totalPence) };
  }

  async function preview(site: Site, grant: ManageGrant, request: ManageChangeRequest): Promise<ManageChangePreview> {
    const context = await helpers.siteContext(site);
    const booking = await loadManagedBooking(deps.db, site.id, grant.bookingId);
    if (!booking) throw refusal('link_invalid', MANAGE_MESSAGES.linkInvalid, context.operator);
    const { planned, differencePence, outcome } = await plan(deps.db, site, context, booking, request.changes);
    const newPrice = penceToPounds(planned.totalPence);
    return {
      success: true,
      revision: booking.revision,
      currency: booking.currency,
      old_price: penceToPounds(booking.totalPence),
      new_price: newPrice,
      difference: penceToPounds(differencePence),
      outcome,
      message: changeOutcomeMessage(outcome, booking.currency, newPrice, penceToPounds(differencePence), context.operator.companyName),
      summary: changeSummary(currentValues(booking), planned.values, planned.changed),
      discount: planned.promo ? { label: planned.promo.label, amount: -penceToPounds(planned.promo.discountPence) } : null,
    };
  }

  /** In the locked booking's transaction: the change written to the booking, its refunds recorded, its mails queued. */
  async function applyLocked(tx: Queryable, site: Site, context: SiteContext, booking: ManagedBooking, change: ChangeRecord): Promise<RefundRow[]> {
    const before = currentValues(booking);
    await writeChangeToBooking(tx, site.id, booking.id, change.plan, now());
    const refunds: RefundRow[] = [];
    if (booking.paymentMethod === 'card' && change.differencePence < 0) {
      let owed = -change.differencePence;
      for (const payment of await bookingCardPayments(tx, site.id, booking.id)) {
        if (owed <= 0) break;
        const amountPence = Math.min(owed, payment.amountPence - payment.refundedPence);
        if (amountPence <= 0) continue;
        const { refund } = await recordRefund(tx, site.id, {
          intentId: payment.intentId,
          bookingId: booking.id,
          amountPence,
          currency: payment.currency,
          reason: 'change',
          idempotencyKey: `booking_change:${change.id}:${payment.intentId}`,
        });
        refunds.push(refund);
        owed -= amountPence;
      }
    }
    await setChangeStatus(tx, site.id, change.id, 'applied', change.differencePence < 0 ? { refundKey: `booking_change:${change.id}` } : {});
    const summary = changeSummary(before, change.plan.values, change.plan.changed);
    for (const message of changedMails(context.identity, context.operator, booking, change.plan.values, summary, moneyLine(booking, change.newTotalPence, change.differencePence))) {
      await enqueueMail(tx, site.id, message);
    }
    await publishBookingEvent(tx, site.id, { booking_number: booking.bookingNumber, kind: 'changed' });
    return refunds;
  }

  async function sendRefunds(siteId: number, bookingId: number, refunds: RefundRow[]) {
    for (const refund of refunds) {
      try {
        const sent = await sendRefund(deps.db, deps.payments, siteId, refund);
        if (sent.status === 'failed') deps.log.error({ site_id: siteId, booking_id: bookingId, refund: sent.providerRefundId }, 'the processor failed the refund of a change');
      } catch (error) {
        deps.log.error({ site_id: siteId, booking_id: bookingId, err: error }, 'refund of a change not made yet');
      }
    }
  }

  /**
   * One change of a booking in payment at a time: another change holding the booking's payment refuses this one
   * (change_being_paid, before any money moves), unless it is this very change sent again (`same`); a hold older than
   * ABANDONED_CLAIM was abandoned: that change is abandoned too (its claim freed by the same rule), and true returned.
   */
  async function otherChangeInPayment(tx: Queryable, siteId: number, bookingId: number, same: ChangeRecord | null, operator: Operator): Promise<boolean> {
    const holder = await changeHoldingPayment(tx, siteId, bookingId);
    if (!holder || holder.record.id === same?.id) return false;
    if (!holder.lapsed) throw refusal('change_being_paid', MANAGE_MESSAGES.changeBeingPaid, operator);
    await setChangeStatus(tx, siteId, holder.record.id, 'abandoned');
    if (holder.record.paymentIntentId) await releaseAbandonedClaim(tx, siteId, holder.record.paymentIntentId);
    deps.log.warn({ site_id: siteId, booking_id: bookingId, change_id: holder.record.id }, "a change's payment hold lapsed: the change is abandoned");
    return true;
  }

  /** Takes the hold; the unique index refusing it (another change took it, whatever the code did) is change_being_paid. */
  async function inPaymentHold<T>(take: () => Promise<T>, operator: Operator): Promise<T> {
    try {
      return await take();
    } catch (error) {
      if (isUniqueViolation(error) && (error as { constraint?: string }).constraint === 'booking_changes_one_in_payment') throw refusal('change_being_paid', MANAGE_MESSAGES.changeBeingPaid, operator);
      throw error;
    }
  }

  /** Another change of this revision waiting for its payment (not holding it) gives way to a new one, unless its card is being charged. */
  async function giveWay(tx: Queryable, siteId: number, live: ChangeRecord | null, operator: Operator) {
    if (!live) return;
    if (await isChangeCharging(tx, siteId, live.id)) throw refusal('payment_in_progress', MANAGE_MESSAGES.changePaymentInProgress, operator);
    await setChangeStatus(tx, siteId, live.id, 'abandoned');
  }

  const before = (booking: ManagedBooking) => ({ ...currentValues(booking), total_pence: booking.totalPence });

  async function answer(site: Site, grant: ManageGrant, result: ManageChangeResponse['result'], change: Pick<ChangeRecord, 'differencePence'>, outcome: ManageChangeOutcome, message: string, intent?: PaymentIntent) {
    return {
      ...(await helpers.view(site, grant)),
      message,
      result,
      outcome,
      difference: penceToPounds(change.differencePence),
      payment_intent_id: intent?.id ?? null,
      client_secret: result === 'requires_action' ? (intent?.clientSecret ?? null) : null,
    } satisfies ManageChangeResponse;
  }

  /** Settles a change's card charge as the processor reports it: applied once, refunded when the booking moved on. */
  async function finishCharge(site: Site, grant: ManageGrant, context: SiteContext, changeId: number, intent: PaymentIntent): Promise<ManageChangeResponse> {
    const change = { differencePence: intent.amount };
    if (intent.status === 'requires_action') return answer(site, grant, 'requires_action', change, 'charge', MANAGE_MESSAGES.cardRequired, intent);
    if (FAILED.includes(intent.status)) {
      await releaseCharge(deps.db, site.id, intent.id);
      await releaseChangeHold(deps.db, site.id, changeId);
      throw refusal('payment_failed', `${MANAGE_MESSAGES.paymentDeclined} ${intent.lastError ?? ''}`.trim(), context.operator);
    }
    if (intent.status !== 'succeeded') throw refusal('payment_in_progress', MANAGE_MESSAGES.changePaymentInProgress, context.operator);
    const outcome = await deps.db.transaction(async (tx) => {
      const booking = await lockManagedBooking(tx, site.id, grant.bookingId);
      if (!booking) throw refusal('link_invalid', MANAGE_MESSAGES.linkInvalid, context.operator);
      const record = await changeByPayment(tx, site.id, booking.id, intent.id);
      if (!record || record.id !== changeId) throw refusal('payment_in_progress', MANAGE_MESSAGES.changePaymentInProgress, context.operator);
      await settleChangePayment(tx, site.id, intent.id, booking.id);
      if (record.status === 'applied') return { kind: 'already' as const, record };
      const stillAllowed = record.status === 'awaiting_payment' && booking.revision === record.fromRevision && !decideChange(booking, context.settings, context.operator, now()).code;
      if (stillAllowed) return { kind: 'applied' as const, record, refunds: await applyLocked(tx, site, context, booking, record) };
      // The booking moved on while the card was charged (an operator's action, a cancel): the charge goes back in full.
      await setChangeStatus(tx, site.id, record.id, 'abandoned', { refundKey: `booking_change:${record.id}` });
      const { refund } = await recordRefund(tx, site.id, {
        intentId: intent.id,
        bookingId: booking.id,
        amountPence: intent.amount,
        currency: 'gbp',
        reason: 'change',
        idempotencyKey: `booking_change:${record.id}:unapplied`,
      });
      return { kind: 'overtaken' as const, record, refunds: [refund] };
    });
    deps.mail.kick();
    if (outcome.kind !== 'already') await sendRefunds(site.id, grant.bookingId, outcome.refunds);
    if (outcome.kind === 'overtaken') {
      throw refusal('stale_revision', `${MANAGE_MESSAGES.staleRevision} The ${penceToPounds(intent.amount).toFixed(2)} charged is refunded to your card.`, context.operator);
    }
    if (outcome.kind === 'applied') deps.log.info({ site_id: site.id, booking_id: grant.bookingId, change_id: changeId, charged_pence: intent.amount }, 'booking changed by the passenger (difference charged)');
    return answer(site, grant, 'applied', outcome.record, 'charge', MANAGE_MESSAGES.changed, intent);
  }

  /** Charges the difference of a change awaiting payment, with the card's payment method. */
  async function charge(site: Site, grant: ManageGrant, context: SiteContext, record: ChangeRecord, paymentMethodId: string): Promise<ManageChangeResponse> {
    let intent: PaymentIntent;
    try {
      intent = await deps.payments.createIntent({
        siteId: site.id,
        amount: record.differencePence,
        currency: 'gbp',
        paymentMethodId,
        idempotencyKey: hash('booking_change', String(site.id), String(record.id), paymentMethodId),
        metadata: { site_id: String(site.id), booking_change_id: String(record.id) },
      });
    } catch (error) {
      await releaseChangeHold(deps.db, site.id, record.id);
      throw error;
    }
    await insertChangePayment(deps.db, site.id, { intentId: intent.id, provider: deps.payments.kind, amountPence: record.differencePence, changeId: record.id, bookingId: record.bookingId, status: intent.status });
    const claim = await claimCharge(deps.db, site.id, intent.id);
    if (!claim.claimed && !('own' in claim)) {
      if (claim.holder?.charge === 'succeeded') return finishCharge(site, grant, context, record.id, await deps.payments.retrieveIntent(site.id, claim.holder.intentId));
      throw refusal('payment_in_progress', MANAGE_MESSAGES.changePaymentInProgress, context.operator);
    }
    await setChangePayment(deps.db, site.id, record.id, intent.id);
    let confirmed: PaymentIntent;
    try {
      confirmed = 'own' in claim && claim.own === 'succeeded' ? await deps.payments.retrieveIntent(site.id, intent.id) : await deps.payments.confirmIntent(site.id, intent.id, hash('confirm', String(site.id), intent.id));
    } catch (error) {
      await releaseCharge(deps.db, site.id, intent.id);
      await releaseChangeHold(deps.db, site.id, record.id);
      throw error;
    }
    return finishCharge(site, grant, context, record.id, confirmed);
  }

  /**
   * Applies a change previewed on `revision`. The same change sent again (a double click, 20 at once) is applied and
   * charged once and answered alike; another change on a revision that has moved on is a 409.
   */
  async function apply(site: Site, grant: ManageGrant, request: ManageChangeRequest): Promise<ManageChangeResponse> {
    const context = await helpers.siteContext(site);
    if (request.revision === undefined) throw new DomainError('invalid_input', 'revision is required');
    const revision = request.revision;
    if (request.payment_intent_id) {
      const record = await changeByPayment(deps.db, site.id, grant.bookingId, request.payment_intent_id);
      if (!record) throw refusal('payment_in_progress', MANAGE_MESSAGES.changePaymentInProgress, context.operator);
      return finishCharge(site, grant, context, record.id, await deps.payments.retrieveIntent(site.id, request.payment_intent_id));
    }
    const step = await deps.db.transaction(async (tx) => {
      // On account: the account's row first (as a booking on account and the invoice run lock it), then the booking.
      const account = await lockBookingAccount(tx, site.id, grant.bookingId);
      const booking = await lockManagedBooking(tx, site.id, grant.bookingId);
      if (!booking) throw refusal('link_invalid', MANAGE_MESSAGES.linkInvalid, context.operator);
      let live = await liveChangeOf(tx, site.id, booking.id, revision);
      if (booking.revision !== revision) {
        if (live?.status === 'applied' && live.digest === changeDigest(revision, { ...live.before, ...definedChanges(request.changes) })) return { kind: 'already' as const, record: live, booking };
        throw refusal('stale_revision', MANAGE_MESSAGES.staleRevision, context.operator);
      }
      const { planned, outcome } = await plan(tx, site, context, booking, request.changes);
      const digest = changeDigest(revision, planned.values);
      const fields = { bookingId: booking.id, fromRevision: revision, digest, before: before(booking), plan: planned, oldTotalPence: booking.totalPence };
      if (outcome === 'request') {
        const record = await insertChange(tx, site.id, { ...fields, status: 'requested' });
        for (const message of changeRequestMail(context.identity, booking, planned.values, changeSummary(currentValues(booking), planned.values, planned.changed))) await enqueueMail(tx, site.id, message);
        await publishBookingEvent(tx, site.id, { booking_number: booking.bookingNumber, kind: 'changed' });
        return { kind: 'requested' as const, record, booking };
      }
      const sameChange = outcome === 'charge' && live?.status === 'awaiting_payment' && live.digest === digest ? live : null;
      if (await otherChangeInPayment(tx, site.id, booking.id, sameChange, context.operator)) live = await liveChangeOf(tx, site.id, booking.id, revision);
      // With a card the change holds the booking's payment from now until it is applied, declined or lapses.
      const holdsPayment = Boolean(request.payment_method_id);
      if (outcome === 'charge') {
        if (sameChange) {
          if (holdsPayment) await inPaymentHold(() => holdChangePayment(tx, site.id, sameChange.id), context.operator);
          return { kind: 'charge' as const, record: sameChange, booking };
        }
        await giveWay(tx, site.id, live, context.operator);
        return { kind: 'charge' as const, record: await inPaymentHold(() => insertChange(tx, site.id, { ...fields, status: 'awaiting_payment', holdsPayment }), context.operator), booking };
      }
      // A higher price on account is held against the account's credit limit, as a new booking's total is.
      if (outcome === 'on_account' && account !== null) await holdChangeCredit(tx, site.id, account, planned.totalPence - booking.totalPence);
      await giveWay(tx, site.id, live, context.operator);
      const record = await insertChange(tx, site.id, { ...fields, status: 'awaiting_payment' });
      const refunds = await applyLocked(tx, site, context, booking, record);
      return { kind: 'applied' as const, record, booking, refunds, outcome };
    });
    if (step.kind === 'already') return answer(site, grant, 'applied', step.record, outcomeOf(step.booking, step.record.differencePence), MANAGE_MESSAGES.changed);
    deps.mail.kick();
    if (step.kind === 'requested') return answer(site, grant, 'requested', step.record, 'request', MANAGE_MESSAGES.requested(context.operator.companyName));
    if (step.kind === 'charge') {
      if (!request.payment_method_id) throw refusal('payment_failed', MANAGE_MESSAGES.cardRequired, context.operator);
      return charge(site, grant, context, step.record, request.payment_method_id);
    }
    await sendRefunds(site.id, grant.bookingId, step.refunds);
    deps.log.info({ site_id: site.id, booking_id: grant.bookingId, change_id: step.record.id, difference_pence: step.record.differencePence }, 'booking changed by the passenger');
    return answer(site, grant, 'applied', step.record, step.outcome, MANAGE_MESSAGES.changed);
  }

  /**
   * The sandbox's 3-D Secure answer for a change's charge (TEST MODE), as POST /sandbox/authenticate is for a booking's:
   * the confirm answer of the intent, the change applied once when it succeeded (the apply with the intent that
   * follows finds it applied). Only an intent of this booking's changes is answered.
   */
  async function authenticate(site: Site, grant: ManageGrant, intentId: string, answerChallenge: (intentId: string) => Promise<PaymentIntent>): Promise<ConfirmPaymentResponse> {
    const context = await helpers.siteContext(site);
    const record = await changeByPayment(deps.db, site.id, grant.bookingId, intentId);
    if (!record) throw new DomainError('not_found', 'No such payment');
    const intent = await answerChallenge(intentId);
    if (intent.status !== 'succeeded') {
      if (FAILED.includes(intent.status)) {
        await releaseCharge(deps.db, site.id, intent.id);
        await releaseChangeHold(deps.db, site.id, record.id);
      }
      return confirmResponse(intent, null);
    }
    const changed = await finishCharge(site, grant, context, record.id, intent);
    return confirmResponse(intent, changed.data.booking.booking_number);
  }

  return { preview, apply, authenticate };
}

/** The fields a request sends (zod leaves out the ones it did not). */
const definedChanges = (changes: ManageChangeRequest['changes']): Partial<ManageTripValues> => Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
