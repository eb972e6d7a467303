import { COMPLETION_MESSAGES, extrasRulesOf, priceExtras, type CompletionView, type ExtraLine, type ExtrasInput, type PaidInCar } from '../../../contract/jobCompletion.ts';
import type { Settings } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { enqueueMail, formatAddress, mailIdentity, renderMail } from '../../adapters/mail/index.ts';
import type { MailPort } from '../../adapters/mail/index.ts';
import type { PaymentIntent, PaymentsPort } from '../../adapters/payments/port.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import type { DispatchRow } from '../dispatch/repository.ts';
import { DomainError } from '../errors.ts';
import { isUniqueViolation } from '../bookings/paymentsRepository.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { createExtrasRepository, type ExtrasRow } from '../manage/extrasRepository.ts';
import { manageLinkUrl, siteOrigin } from '../manage/links.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { createTextsRepository } from '../texts/repository.ts';
import { createCompletionRepository } from './completionRepository.ts';
import { poundsText } from '../../../contract/money.ts';

/**
 * A job completed on the driver's app with extras (issue 32). The server prices the extras from the owner's settings
 * (contract/jobCompletion.ts priceExtras) and the booking's stored fare, never from the phone's figures:
 * - `plan` checks the extras against the owner's limits and the payment (a 422 DomainError), before anything changes;
 * - `write` (in the completing transaction, under the booking's lock) keeps the completion in job_completions (one row
 *   per booking: the primary key) and raises the booking's total by the extras, so the receipt, the manage page, the
 *   console and the settlement all read the final fare; a card booking's extras are 'claimed' there;
 * - `charge` (after the commit) charges a claimed completion's extras once to the card saved at booking, off-session:
 *   one process takes the claim ('charging'), the processor's idempotency key is the booking's, and a succeeded charge
 *   becomes a payment of the booking (request key `booking_extras:<id>`, in the ledger). When the bank wants 3-D Secure
 *   the amount stays owing and the passenger is mailed the manage page's link; that charge, still confirmable, holds
 *   the extras' one charging slot (a 'claimed' payment) until the manage page cancels it at the processor.
 */
export interface CompletionPlan {
  lines: ExtraLine[];
  waitingMin: number;
  waitingPence: number;
  parkingPence: number;
  tollsPence: number;
  extrasPence: number;
  paidInCar: PaidInCar | null;
}

export const extrasPaymentKey = (bookingId: number) => `booking_extras:${bookingId}`;

export function planCompletion(settings: Settings, paymentMethod: string, extras: ExtrasInput | undefined, paidInCar: PaidInCar | undefined): CompletionPlan {
  const priced = priceExtras(extras ?? {}, extrasRulesOf(settings));
  if ('problem' in priced) throw new DomainError('unprocessable', priced.problem);
  if (paidInCar && paymentMethod !== 'car') throw new DomainError('unprocessable', COMPLETION_MESSAGES.paidInCarOnCard);
  return {
    lines: priced.lines,
    waitingMin: extras?.waiting_min ?? 0,
    waitingPence: priced.waitingPence,
    parkingPence: extras?.parking_pence ?? 0,
    tollsPence: extras?.tolls_pence ?? 0,
    extrasPence: priced.totalPence,
    paidInCar: paidInCar ?? null,
  };
}

/**
 * Plans the completion (a refusal changes nothing), keeps it and raises the booking's total by its extras, in the
 * completing transaction under the booking's lock.
 */
export async function writeCompletion(
  tx: Queryable,
  settings: Settings,
  siteId: number,
  booking: DispatchRow,
  driverId: number,
  input: { extras?: ExtrasInput; paidInCar?: PaidInCar },
  tappedAt: Date,
): Promise<CompletionPlan> {
  const repository = createCompletionRepository(tx);
  const row = (await repository.bookingPayment(siteId, booking.id))!;
  const plan = planCompletion(settings, row.payment_method, input.extras, input.paidInCar);
  const fare = Number(row.total_pence);
  const byCard = row.payment_method === 'card' && row.payment_intent_id !== null;
  const charge = plan.extrasPence > 0 && byCard ? 'claimed' : 'none';
  await repository.insertCompletion(siteId, booking.id, {
    driverId,
    waitingMin: plan.waitingMin,
    waitingPence: plan.waitingPence,
    parkingPence: plan.parkingPence,
    tollsPence: plan.tollsPence,
    extrasPence: plan.extrasPence,
    farePence: fare,
    finalPence: fare + plan.extrasPence,
    paidInCar: plan.paidInCar,
    extrasCharge: charge,
    tappedAt,
  });
  if (plan.extrasPence > 0) await repository.raiseTotal(siteId, booking.id, plan.extrasPence);
  return plan;
}

type Row = Record<string, unknown>;

/** The extras' lines of a completion row (the same labels as priced). */
export function completionLines(row: { waiting_min: unknown; waiting_pence: unknown; parking_pence: unknown; tolls_pence: unknown }): ExtraLine[] {
  const lines: ExtraLine[] = [];
  if (Number(row.waiting_min) > 0) lines.push({ code: 'job_waiting', label: `Waiting time ${Number(row.waiting_min)} min (added by the driver)`, amount_pence: Number(row.waiting_pence) });
  if (Number(row.parking_pence) > 0) lines.push({ code: 'job_parking', label: 'Parking (added by the driver)', amount_pence: Number(row.parking_pence) });
  if (Number(row.tolls_pence) > 0) lines.push({ code: 'job_tolls', label: 'Tolls (added by the driver)', amount_pence: Number(row.tolls_pence) });
  return lines;
}

export async function completionView(db: Queryable, siteId: number, bookingId: number): Promise<CompletionView | null> {
  const row = await createCompletionRepository(db).completion(siteId, bookingId);
  if (!row) return null;
  return {
    extras: completionLines(row as never),
    extras_pence: Number(row.extras_pence),
    fare_pence: Number(row.fare_pence),
    final_pence: Number(row.final_pence),
    paid_in_car: (row.paid_in_car as PaidInCar | null) ?? null,
    extras_charge: row.extras_charge as CompletionView['extras_charge'],
  };
}

export interface ExtrasChargeDeps {
  db: Db;
  cache: SiteCache;
  payments: PaymentsPort;
  mail: MailPort;
  publicUrl: string;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void; error?(details: object, message: string): void };
}

/**
 * Charges a completed card booking's claimed extras once, off-session. The claim ('claimed' → 'charging') is one
 * UPDATE: of any number of callers at once, one calls the processor (with the booking's own idempotency key: a retry
 * after a crash gets the same charge). Returns the completion's charge state.
 */
export async function chargeExtras(deps: ExtrasChargeDeps, site: Site, bookingId: number): Promise<CompletionView['extras_charge'] | null> {
  const { db } = deps;
  const claim = await createCompletionRepository(db).claimExtrasCharge(site.id, bookingId);
  if (!claim) return null;
  let intent;
  try {
    intent = await deps.payments.chargeOffSession({
      siteId: site.id,
      fromIntentId: String(claim.payment_intent_id),
      amount: Number(claim.extras_pence),
      currency: 'gbp',
      idempotencyKey: extrasChargeKey(site.id, bookingId),
      metadata: { booking_number: String(claim.booking_number), for: 'driver_extras' },
    });
  } catch (error) {
    deps.log?.warn({ site_id: site.id, booking_id: bookingId, err: error }, "the driver's extras were not charged");
    await createCompletionRepository(db).setExtrasCharge(site.id, bookingId, 'failed', null, error instanceof Error ? error.message.slice(0, 500) : 'failed');
    return 'failed';
  }
  return recordExtrasOutcome(deps, site, bookingId, claim, intent);
}

/** The processor's idempotency key of a booking's off-session extras charge (one charge per booking). */
export const extrasChargeKey = (siteId: number, bookingId: number) => `extras:${siteId}:${bookingId}`;

/**
 * Records the processor's answer to a claim being charged ('charging'), once: succeeded → a payment of the booking
 * (the ledger) and 'succeeded'; requires_action → owing, and the passenger's mail (only by the call that moved the
 * claim); anything else → 'failed' (nothing was taken: the office collects). Also the sweep's (extrasSweep.ts).
 */
export async function recordExtrasOutcome(deps: ExtrasChargeDeps, site: Site, bookingId: number, claim: Row, intent: PaymentIntent): Promise<CompletionView['extras_charge']> {
  const { db } = deps;
  const amount = Number(claim.extras_pence);
  if (intent.status === 'succeeded') {
    await db.transaction(async (tx) => {
      const repository = createCompletionRepository(tx);
      if (await repository.extrasCharged(site.id, bookingId, 'succeeded', intent.id)) {
        await repository.insertExtrasPayment(site.id, { intentId: intent.id, provider: deps.payments.kind, amountPence: amount, requestKey: extrasPaymentKey(bookingId), bookingId });
      }
    });
    return 'succeeded';
  }
  if (intent.status === 'requires_action') {
    await db.transaction(async (tx) => {
      const repository = createCompletionRepository(tx);
      const moved = await repository.extrasCharged(site.id, bookingId, 'requires_action', intent.id);
      if (!moved) return;
      // Still confirmable (the passenger may answer the bank): it holds the one charge until cancelled (manage/extras.ts).
      await repository.holdOffSessionClaim(site.id, { intentId: intent.id, provider: deps.payments.kind, amountPence: amount, requestKey: extrasPaymentKey(bookingId), bookingId });
      if (claim.passenger_email) await mailExtrasOwing(tx, deps, site, bookingId, claim, amount);
    });
    deps.mail.kick();
    return 'requires_action';
  }
  await createCompletionRepository(db).setExtrasCharge(site.id, bookingId, 'failed', intent.id, intent.lastError);
  return 'failed';
}

/**
 * What became of a charge of the extras held while they are owing (the off-session charge waiting for 3-D Secure, or
 * the passenger's card on the manage page) once the processor reports it succeeded:
 * - 'paid': recorded now, as the extras' one charge (its payment and the completion 'succeeded', the board told);
 * - 'already': this same charge was recorded before (a replayed webhook, the sweep after the manage page);
 * - 'second': the extras were paid by another charge, or this one does not hold their charging slot: NOT recorded
 *   (unreachable while the held charge is cancelled at the processor before any other is made; logged loudly);
 * - 'not_owing': the extras are not owing (none, or their off-session charge is still being recorded by its caller).
 */
export type ExtrasPaidOutcome = 'paid' | 'already' | 'second' | 'not_owing';

/**
 * Records a succeeded charge of owing extras once, with the completion locked: the one code path of the manage page's
 * pay (manage/extras.ts `finish`), the Stripe webhook (routes/stripeWebhook.ts) and the sweep (extrasSweep.ts). The
 * payments_one_charge index (migration 007/042) makes a second success of the extras' request key impossible.
 */
export async function recordExtrasPaid(db: Db, site: Site, bookingId: number, intentId: string): Promise<{ outcome: ExtrasPaidOutcome; row: ExtrasRow | undefined }> {
  try {
    return await db.transaction(async (tx) => {
      const repository = createExtrasRepository(tx);
      const row = await repository.extras(site.id, bookingId, true);
      if (!row) return { outcome: 'not_owing' as const, row };
      if (row.extras_charge === 'succeeded') return { outcome: row.extras_intent_id === intentId ? ('already' as const) : ('second' as const), row };
      if (row.extras_charge !== 'requires_action') return { outcome: 'not_owing' as const, row };
      const charge = await repository.offSessionCharge(site.id, extrasPaymentKey(bookingId), intentId);
      if (charge !== 'claimed' && charge !== 'open') return { outcome: 'second' as const, row };
      const bookingNumber = await repository.settle(site.id, bookingId, intentId);
      if (bookingNumber) await publishBookingEvent(tx, site.id, { booking_number: bookingNumber, kind: 'changed' });
      return { outcome: 'paid' as const, row };
    });
  } catch (error) {
    // An 'open' charge (from before migration 042) while another holds the slot: the index refuses it a success.
    if (isUniqueViolation(error)) return { outcome: 'second', row: undefined };
    throw error;
  }
}

/**
 * Settles a held charge of owing extras as the processor reports it now (the webhook and the sweep): succeeded →
 * recorded once (recordExtrasPaid); canceled (it can never be confirmed now) → its hold on the charging slot freed, the
 * extras still owing (the passenger pays on the manage page); anything else → left as it is ('pending'): a charge
 * waiting for 3-D Secure, or one the bank refused, could still be confirmed, so it keeps the slot until the manage
 * page cancels it at the processor.
 */
export async function settleHeldExtras(deps: Pick<ExtrasChargeDeps, 'db' | 'log'>, site: Site, bookingId: number, intent: PaymentIntent): Promise<ExtrasPaidOutcome | 'released' | 'pending'> {
  if (intent.status === 'canceled') {
    await createExtrasRepository(deps.db).releaseOffSession(site.id, intent.id);
    return 'released';
  }
  if (intent.status !== 'succeeded') return 'pending';
  const { outcome, row } = await recordExtrasPaid(deps.db, site, bookingId, intent.id);
  if (outcome === 'second') (deps.log?.error ?? deps.log?.warn)?.call(deps.log, { site_id: site.id, booking_id: bookingId, intent: intent.id, paid_by: row?.extras_intent_id ?? null }, "a second charge of the driver's extras");
  if (outcome === 'paid') deps.log?.info({ site_id: site.id, booking_id: bookingId, intent: intent.id, charged_pence: intent.amount }, "the driver's extras held for 3-D Secure recorded as paid");
  return outcome;
}

/**
 * Settles a claim left 'charging' by a process that died between claiming it and recording the processor's answer
 * (the sweep, extrasSweep.ts): the charge is looked up by its idempotency key; found, its outcome is recorded once
 * (recordExtrasOutcome); never received by the processor, the claim goes back to 'claimed' and is charged now (the
 * same key: a charge the look-up missed is the same charge). Null when another sweep took it, or it is not abandoned.
 */
export async function settleAbandonedCharge(deps: ExtrasChargeDeps, site: Site, bookingId: number): Promise<CompletionView['extras_charge'] | null> {
  const repository = createCompletionRepository(deps.db);
  const claim = await repository.takeAbandonedCharge(site.id, bookingId);
  if (!claim) return null;
  const intent = await deps.payments.findOffSessionCharge(site.id, extrasChargeKey(site.id, bookingId));
  if (intent) return recordExtrasOutcome(deps, site, bookingId, claim, intent);
  await repository.reclaim(site.id, bookingId);
  return chargeExtras(deps, site, bookingId);
}

/** The passenger's mail when the bank wants 3-D Secure for the extras: what is owing and the manage page's link. */
async function mailExtrasOwing(tx: Queryable, deps: ExtrasChargeDeps, site: Site, bookingId: number, claim: Row, amount: number) {
  const catalog = await deps.cache.catalog(site.id);
  const identity = mailIdentity(catalog.settings, site.name);
  const token = newSessionToken();
  await createTextsRepository(tx).addManageLink(site.id, bookingId, hashSessionToken(token));
  const link = manageLinkUrl(siteOrigin(site, deps.publicUrl), token);
  const owing = poundsText(amount, String(claim.currency));
  await enqueueMail(tx, site.id, {
    kind: 'driver_extras_owing',
    to: formatAddress(String(claim.passenger_name), String(claim.passenger_email)),
    from: identity.from,
    replyTo: identity.operatorEmail,
    subject: `Waiting time and extras to pay: booking ${String(claim.booking_number)} — ${identity.companyName}`,
    sensitive: true,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Waiting time and extras to pay',
      intro: [
        `Hello ${String(claim.passenger_name) || 'there'},`,
        `Your driver added ${owing} of waiting time and extras to your trip. Your bank asked for you to confirm this payment, so we could not take it from your card.`,
      ],
      fields: [
        ['Booking number', String(claim.booking_number)],
        ['Amount owing', owing],
        ['Your booking', link],
      ],
      outro: ['Open your booking with the link above to see the receipt and pay, or call us.'],
    }),
  });
}
