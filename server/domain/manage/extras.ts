import { createHash } from 'node:crypto';
import type { ConfirmPaymentResponse } from '../../../contract/bookings.ts';
import type { ManageBookingView, ManageRefusalCode } from '../../../contract/manageBooking.ts';
import { EXTRAS_MESSAGES, type ManageExtras, type ManageExtrasPayResponse, type ManageExtrasStatus } from '../../../contract/manageExtras.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { PaymentIntent } from '../../adapters/payments/port.ts';
import { claimCharge, isUniqueViolation, releaseCharge } from '../bookings/paymentsRepository.ts';
import { confirmResponse } from '../bookings/service.ts';
import { completionLines, extrasPaymentKey, recordExtrasPaid } from '../drivers/completion.ts';
import { DomainError } from '../errors.ts';
import { penceToPounds } from '../pricing/money.ts';
import type { Site } from '../sites/index.ts';
import { createExtrasRepository, type ExtrasRow } from './extrasRepository.ts';
import type { ManageGrant, ManageServiceDeps } from './grant.ts';
import type { Operator } from './terms.ts';

/**
 * The driver's waiting time and extras on the manage page (issue 32; contract/manageExtras.ts): what the resource shows
 * of them, and the passenger paying them when the off-session charge wanted 3-D Secure ('requires_action').
 *
 * Money exactly once: the passenger's payment goes in `payments` under the extras' own request key
 * (`booking_extras:<id>`, the off-session charge's too), and migration 007's partial unique index lets one payment of
 * that key be claimed or succeeded. The off-session charge left waiting for 3-D Secure holds that claim (migration 042)
 * until it is cancelled at the processor (retireOffSessionCharge), before any intent of the passenger's is made. One card sent 20 times is one intent (the processor's idempotency key is the
 * booking's and the card's) and one charge; two cards at once: one claims, the other is refused
 * (payment_in_progress) before its card is charged. The success is recorded with the completion locked, by the code the
 * Stripe webhook and the extras sweep use too (drivers/completion.ts recordExtrasPaid).
 */

const STATUS_OF: Record<string, ManageExtrasStatus> = {
  requires_action: 'owing',
  succeeded: 'paid',
  claimed: 'charging',
  charging: 'charging',
  failed: 'office',
};

/** What the manage resource shows of the driver's extras (null: none were added). */
export function manageExtrasOf(row: (ExtrasRow & { paid_in_car?: string | null }) | undefined, symbol: string | null): ManageExtras | null {
  if (!row || row.extras_pence <= 0) return null;
  const status: ManageExtrasStatus = row.extras_charge === 'none' ? (row.paid_in_car ? 'in_car' : 'office') : (STATUS_OF[row.extras_charge] ?? 'office');
  return {
    lines: completionLines(row).map((line) => ({ label: line.label, amount: penceToPounds(line.amount_pence) })),
    total: penceToPounds(row.extras_pence),
    status,
    message: EXTRAS_MESSAGES.status(status, row.extras_pence, symbol),
  };
}

/** The extras part of the manage resource, read beside the booking. */
export async function loadManageExtras(db: Queryable, siteId: number, bookingId: number, symbol: string | null): Promise<ManageExtras | null> {
  return manageExtrasOf(await createExtrasRepository(db).extras(siteId, bookingId), symbol);
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const FAILED: readonly PaymentIntent['status'][] = ['requires_payment_method', 'canceled'];

export interface ExtrasHelpers {
  siteContext(site: Site): Promise<{ operator: Operator }>;
  view(site: Site, grant: ManageGrant): Promise<ManageBookingView>;
}

export function createExtrasActions(deps: ManageServiceDeps, helpers: ExtrasHelpers) {
  const refusal = (code: ManageRefusalCode, message: string, operator: Operator) => new DomainError(code, message, { operator_phone: operator.phone });

  async function answer(site: Site, grant: ManageGrant, result: ManageExtrasPayResponse['result'], message: string, intent: PaymentIntent | null): Promise<ManageExtrasPayResponse> {
    return {
      ...(await helpers.view(site, grant)),
      message,
      result,
      payment_intent_id: intent?.id ?? null,
      client_secret: result === 'requires_action' ? (intent?.clientSecret ?? null) : null,
    };
  }

  /** What is owing now, or the refusal saying why there is nothing to pay. */
  async function owing(site: Site, grant: ManageGrant, operator: Operator): Promise<ExtrasRow> {
    const row = await createExtrasRepository(deps.db).extras(site.id, grant.bookingId);
    if (row?.extras_charge === 'succeeded') throw refusal('extras_paid', EXTRAS_MESSAGES.alreadyPaid, operator);
    if (row?.extras_charge !== 'requires_action') throw refusal('nothing_owing', EXTRAS_MESSAGES.nothingOwing, operator);
    return row;
  }

  /** Settles the passenger's payment as the processor reports it: recorded once, its claim freed when it failed. */
  async function finish(site: Site, grant: ManageGrant, operator: Operator, intent: PaymentIntent): Promise<ManageExtrasPayResponse> {
    if (intent.status === 'requires_action') return answer(site, grant, 'requires_action', EXTRAS_MESSAGES.status('owing', intent.amount), intent);
    if (FAILED.includes(intent.status)) {
      await releaseCharge(deps.db, site.id, intent.id);
      throw refusal('payment_failed', `${EXTRAS_MESSAGES.paymentFailed} ${intent.lastError ?? ''}`.trim(), operator);
    }
    if (intent.status !== 'succeeded') throw refusal('payment_in_progress', EXTRAS_MESSAGES.status('charging', intent.amount), operator);
    const settled = await recordExtrasPaid(deps.db, site, grant.bookingId, intent.id);
    if (settled.outcome === 'second') {
      // Not reachable while the unique index holds (one claimed or succeeded payment of the extras): said loudly if it ever is.
      deps.log.error({ site_id: site.id, booking_id: grant.bookingId, intent: intent.id, paid_by: settled.row?.extras_intent_id ?? null }, "a second charge of the driver's extras");
      throw refusal('extras_paid', EXTRAS_MESSAGES.alreadyPaid, operator);
    }
    if (settled.outcome === 'not_owing' || !settled.row) throw refusal('nothing_owing', EXTRAS_MESSAGES.nothingOwing, operator);
    if (settled.outcome === 'paid') deps.log.info({ site_id: site.id, booking_id: grant.bookingId, charged_pence: intent.amount }, "the driver's extras paid by the passenger");
    return answer(site, grant, 'paid', EXTRAS_MESSAGES.paid(settled.row.extras_pence), intent);
  }

  /**
   * Before the passenger's card is charged: the off-session charge still waiting for 3-D Secure is cancelled at the
   * processor, so it can never be confirmed later as a second charge, and only then frees the slot it holds (until
   * then the database refuses the passenger's payment its claim). When the passenger had confirmed it meanwhile (from
   * the bank), it is recorded as the one charge and this card is not charged (extras_paid); still processing: refused.
   */
  async function retireOffSessionCharge(site: Site, grant: ManageGrant, operator: Operator, row: ExtrasRow): Promise<void> {
    const repository = createExtrasRepository(deps.db);
    const offSession = row.extras_intent_id;
    if (!offSession) return;
    const charge = await repository.offSessionCharge(site.id, extrasPaymentKey(grant.bookingId), offSession);
    // Recorded as paid by a request just before this one: the card is not charged.
    if (charge === 'succeeded') throw refusal('extras_paid', EXTRAS_MESSAGES.alreadyPaid, operator);
    if (charge !== 'claimed' && charge !== 'open') return;
    const intent = await deps.payments.cancelIntent(site.id, offSession);
    if (intent.status === 'canceled') {
      await repository.releaseOffSession(site.id, offSession);
      return;
    }
    if (intent.status === 'succeeded') {
      await finish(site, grant, operator, intent);
      throw refusal('extras_paid', EXTRAS_MESSAGES.alreadyPaid, operator);
    }
    throw refusal('payment_in_progress', EXTRAS_MESSAGES.status('charging', row.extras_pence), operator);
  }

  /** Pays what is owing with a card's payment method, or (after 3-D Secure) reads the intent's outcome. */
  async function pay(site: Site, grant: ManageGrant, request: { payment_method_id?: string; payment_intent_id?: string }): Promise<ManageExtrasPayResponse> {
    const { operator } = await helpers.siteContext(site);
    const requestKey = extrasPaymentKey(grant.bookingId);
    const repository = createExtrasRepository(deps.db);
    if (request.payment_intent_id) {
      if (!(await repository.isExtrasPayment(site.id, requestKey, request.payment_intent_id))) throw new DomainError('not_found', 'No such payment');
      return finish(site, grant, operator, await deps.payments.retrieveIntent(site.id, request.payment_intent_id));
    }
    if (!request.payment_method_id) throw new DomainError('invalid_input', 'payment_method_id is required');
    const row = await owing(site, grant, operator);
    await retireOffSessionCharge(site, grant, operator, row);
    const intent = await deps.payments.createIntent({
      siteId: site.id,
      amount: row.extras_pence,
      currency: 'gbp',
      paymentMethodId: request.payment_method_id,
      idempotencyKey: hash('booking_extras', String(site.id), String(grant.bookingId), request.payment_method_id),
      metadata: { site_id: String(site.id), booking_extras: String(grant.bookingId), for: 'driver_extras' },
    });
    await repository.insertPayment(site.id, { intentId: intent.id, provider: deps.payments.kind, amountPence: row.extras_pence, requestKey, bookingId: grant.bookingId, status: intent.status });
    let claim;
    try {
      claim = await claimCharge(deps.db, site.id, intent.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('payment_in_progress', EXTRAS_MESSAGES.status('charging', row.extras_pence), operator);
      throw error;
    }
    if (!claim.claimed) {
      if ('own' in claim && claim.own === 'succeeded') return finish(site, grant, operator, await deps.payments.retrieveIntent(site.id, intent.id));
      if ('holder' in claim && claim.holder?.charge === 'succeeded') throw refusal('extras_paid', EXTRAS_MESSAGES.alreadyPaid, operator);
      throw refusal('payment_in_progress', EXTRAS_MESSAGES.status('charging', row.extras_pence), operator);
    }
    let confirmed: PaymentIntent;
    try {
      confirmed = await deps.payments.confirmIntent(site.id, intent.id, hash('confirm', String(site.id), intent.id));
    } catch (error) {
      await releaseCharge(deps.db, site.id, intent.id);
      throw error;
    }
    return finish(site, grant, operator, confirmed);
  }

  /** TEST MODE: the sandbox's 3-D Secure answer for the extras' payment (only an intent of this booking's extras). */
  async function authenticate(site: Site, grant: ManageGrant, intentId: string, answerChallenge: (intentId: string) => Promise<PaymentIntent>): Promise<ConfirmPaymentResponse> {
    const { operator } = await helpers.siteContext(site);
    if (!(await createExtrasRepository(deps.db).isExtrasPayment(site.id, extrasPaymentKey(grant.bookingId), intentId))) throw new DomainError('not_found', 'No such payment');
    const intent = await answerChallenge(intentId);
    if (intent.status === 'succeeded') {
      const paid = await finish(site, grant, operator, intent);
      return confirmResponse(intent, paid.data.booking.booking_number);
    }
    if (FAILED.includes(intent.status)) await releaseCharge(deps.db, site.id, intent.id);
    return confirmResponse(intent, null);
  }

  return { pay, authenticate };
}
