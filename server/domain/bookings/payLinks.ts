import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { poundsText } from '../../../contract/money.ts';
import { PAY_LINK_MESSAGES, PAY_LINK_ROUTE, PAY_LINK_TOKEN_PATTERN, type PayLinkPayAnswer, type PayLinkResendAnswer, type PayLinkStatus, type PayLinkView } from '../../../contract/payLinks.ts';
import type { Db } from '../../adapters/db/index.ts';
import { enqueueMail, mailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import type { IntentStatus, PaymentIntent, PaymentsPort } from '../../adapters/payments/port.ts';
import { enqueueSms } from '../../adapters/sms/index.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { DomainError } from '../errors.ts';
import { siteOrigin } from '../manage/links.ts';
import type { Site, SiteCache, SiteCatalog } from '../sites/index.ts';
import { confirmationText, textSite } from '../texts/texts.ts';
import { newBookingConfirmation } from './confirmation.ts';
import { bookingMails, duplicateChargeMail } from './mails.ts';
import { payLinkMail, payLinkReleasedMail } from './payLinkMails.ts';
import {
  bindLatePayment,
  confirmPaidBooking,
  duePayLinks,
  insertPayLinkPayment,
  isPayLinkPayment,
  lockPayLink,
  payLinkByHash,
  payLinkByNumber,
  payLinkCharging,
  payLinkKey,
  releaseHeldBooking,
  replacePayLinkToken,
  type PayLinkRecord,
} from './payLinksRepository.ts';
import { claimCharge, releaseAbandonedClaim, releaseCharge, settleSuccess } from './paymentsRepository.ts';
import { recordRefund, sendRefund, type RefundRow } from './refunds.ts';
import { recordIntentStatus } from './repository.ts';

/**
 * Card payment by a mailed payment link (issue 34; migration 036). A phone booking taken as 'Card by payment link' is
 * written held (status and payment_status 'awaiting_payment') with a link whose token is mailed once (only its SHA-256
 * kept) and a time limit (the owner's PAY_LINK_MINUTES, never later than an hour before the pick-up). On the public
 * page the passenger pays the booking's stored total:
 * - exactly once: every card's payment is a `payments` row of request key 'pay_link:<booking id>', whose one charging
 *   slot (migration 007's payments_one_charge index) is taken before the processor is asked to charge; a second
 *   success (a charge confirmed elsewhere) is refunded automatically, as for a website booking;
 * - the success confirms the booking in the transaction that locks its row: the usual confirmation (a new manage
 *   link), the operator's notice, the confirmation text, the board told;
 * - a booking no longer held (released past its limit, cancelled by the office) is refused before any money moves,
 *   and a charge that still arrives for it is refunded in full.
 * Past the limit unpaid, `releaseDue` (every process, every minute) cancels the booking with its reason once: the row
 * is locked and its status checked, so two processes release it once; a booking whose card is being charged waits
 * for the next sweep.
 */

export interface PayLinkDeps {
  db: Db;
  cache: SiteCache;
  payments: PaymentsPort;
  mail: MailPort;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  now?: () => Date;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const chargeFailed = (status: IntentStatus) => status === 'requires_payment_method' || status === 'canceled';
const pounds = (pence: number) => pence / 100;
const RELEASE_NOTE = 'Payment link expired unpaid';

/** A new link for a booking: the token for the mail, its SHA-256 for the database. */
export function newPayLink(site: Pick<Site, 'hosts'>, publicUrl: string): { url: string; tokenHash: Buffer } {
  const token = newSessionToken();
  return { url: `${siteOrigin(site, publicUrl)}${PAY_LINK_ROUTE}#token=${token}`, tokenHash: hashSessionToken(token) };
}

/** What the page says of a link at `at`: held, paid, released past its limit (swept or not yet), or cancelled by the office. */
function statusOf(link: PayLinkRecord, at: Date): PayLinkStatus {
  if (link.status === 'awaiting_payment') return link.dueAt.getTime() <= at.getTime() ? 'released' : 'awaiting_payment';
  if (link.paidAt) return 'paid';
  return link.releasedAt ? 'released' : 'cancelled';
}

export function createPayLinks(deps: PayLinkDeps) {
  const now = deps.now ?? (() => new Date());
  const unknown = () => new DomainError('not_found', PAY_LINK_MESSAGES.unknown);
  const alreadyPaid = () => new DomainError('pay_link_paid', PAY_LINK_MESSAGES.alreadyPaid);
  const inProgress = () => new DomainError('conflict', PAY_LINK_MESSAGES.inProgress);

  async function open(site: Site, token: string): Promise<PayLinkRecord> {
    if (!PAY_LINK_TOKEN_PATTERN.test(token)) throw unknown();
    const link = await payLinkByHash(deps.db, site.id, hashSessionToken(token));
    if (!link) throw unknown();
    return link;
  }

  /** Refuses a payment for a booking that is not held for one now (before any money moves). */
  function refuseUnpayable(link: PayLinkRecord) {
    if (link.status === 'awaiting_payment' && link.dueAt.getTime() > now().getTime()) return;
    if (link.paidAt) throw alreadyPaid();
    if (link.status === 'awaiting_payment' || link.releasedAt) throw new DomainError('gone', PAY_LINK_MESSAGES.released);
    throw new DomainError('pay_link_cancelled', PAY_LINK_MESSAGES.cancelled);
  }

  async function view(site: Site, token: string): Promise<PayLinkView> {
    const link = await open(site, token);
    const { prepared } = link;
    const catalog = await deps.cache.catalog(site.id);
    return {
      success: true,
      booking_number: link.bookingNumber,
      status: statusOf(link, now()),
      amount: pounds(link.totalPence),
      currency: link.currency,
      due_at: link.dueAt.toISOString(),
      trip: {
        pickup: prepared.pickupAddress,
        stops: prepared.stops.map((stop) => stop.stop_address),
        dropoff: prepared.dropoffAddress,
        pickup_date: prepared.pickupDate,
        pickup_time: prepared.pickupTime,
        return_date: prepared.returnDate,
        return_time: prepared.returnTime,
        hours: prepared.hours,
        vehicle: `${prepared.quantity} × ${prepared.row.vehicle_type}`,
        passengers: prepared.totalPassengers,
        passenger_name: link.passengerName,
      },
      company_name: mailIdentity(catalog.settings, site.name).companyName,
    };
  }

  async function sendRefunds(siteId: number, bookingId: number, refunds: RefundRow[]) {
    for (const refund of refunds) {
      try {
        const sent = await sendRefund(deps.db, deps.payments, siteId, refund);
        if (sent.status === 'failed') deps.log.error({ site_id: siteId, booking_id: bookingId, refund: sent.providerRefundId }, 'the processor failed the refund of a payment link');
      } catch (error) {
        deps.log.error({ site_id: siteId, booking_id: bookingId, err: error }, 'refund of a payment link not made yet');
      }
    }
  }

  /** In the locked booking's transaction: the paid booking confirmed with the usual confirmation. */
  async function confirmHeld(tx: Parameters<Parameters<Db['transaction']>[0]>[0], site: Site, catalog: SiteCatalog, held: PayLinkRecord, intentId: string) {
    const identity = mailIdentity(catalog.settings, site.name);
    const { manage, manageTokenHash } = newBookingConfirmation(site, catalog.settings, held.bookingNumber, held.prepared, { intentId }, deps.publicUrl, now());
    await confirmPaidBooking(tx, site.id, held.bookingId, intentId, manageTokenHash);
    for (const message of bookingMails(identity, held.bookingNumber, held.prepared, manage)) await enqueueMail(tx, site.id, message);
    const text = confirmationText(textSite(site, catalog.settings, deps.publicUrl), {
      bookingNumber: held.bookingNumber,
      phone: held.prepared.passenger.phone,
      pickupAt: new Date(held.prepared.pickupAt),
      pickupAddress: held.prepared.pickupAddress,
      manageUrl: manage.manageUrl,
    });
    if (text) await enqueueSms(tx, site.id, { ...text, bookingId: held.bookingId });
    await publishBookingEvent(tx, site.id, { booking_number: held.bookingNumber, kind: 'changed' });
  }

  /** Settles a link's intent as the processor reports it: confirmed once, a second charge or a late one refunded. */
  async function finish(site: Site, link: PayLinkRecord, intent: PaymentIntent): Promise<PayLinkPayAnswer> {
    await recordIntentStatus(deps.db, site.id, intent.id, intent.status);
    const answer = (result: PayLinkPayAnswer['result'], message: string): PayLinkPayAnswer => ({
      success: true,
      result,
      message,
      booking_number: link.bookingNumber,
      payment_intent_id: intent.id,
      client_secret: result === 'requires_action' ? intent.clientSecret : null,
    });
    if (intent.status === 'requires_action') return answer('requires_action', 'Your bank asks you to confirm this payment.');
    if (chargeFailed(intent.status)) {
      await releaseCharge(deps.db, site.id, intent.id);
      throw new DomainError('payment_required', `${PAY_LINK_MESSAGES.declined} ${intent.lastError ?? ''}`.trim());
    }
    if (intent.status !== 'succeeded') throw inProgress();
    const catalog = await deps.cache.catalog(site.id);
    const outcome = await deps.db.transaction(async (tx) => {
      const held = await lockPayLink(tx, site.id, link.bookingId);
      if (!held) throw unknown();
      const settlement = await settleSuccess(tx, site.id, intent.id, payLinkKey(link.bookingId));
      if (settlement.outcome === 'duplicate') {
        const { refund, created } = await recordRefund(tx, site.id, {
          intentId: intent.id,
          bookingId: held.bookingId,
          amountPence: intent.amount,
          currency: 'gbp',
          reason: 'duplicate_charge',
          idempotencyKey: `duplicate_charge:${intent.id}`,
        });
        const notice = created
          ? duplicateChargeMail(mailIdentity(catalog.settings, site.name), { bookingNumber: held.bookingNumber, refundedIntentId: intent.id, paidIntentId: settlement.paidBy?.intentId ?? '', amount: poundsText(intent.amount, held.currency) })
          : null;
        if (notice) await enqueueMail(tx, site.id, notice);
        return { kind: 'duplicate' as const, refunds: [refund] };
      }
      if (held.status === 'awaiting_payment') {
        await confirmHeld(tx, site, catalog, held, intent.id);
        return { kind: 'paid' as const, refunds: [] };
      }
      if (held.paymentIntentId === intent.id) return { kind: 'already' as const, refunds: [] };
      // No longer held (released past its limit, or cancelled by the office): the money goes back in full.
      await bindLatePayment(tx, site.id, held.bookingId, intent.id);
      const { refund } = await recordRefund(tx, site.id, { intentId: intent.id, bookingId: held.bookingId, amountPence: intent.amount, currency: 'gbp', reason: 'cancellation', idempotencyKey: `pay_link_late:${intent.id}` });
      return { kind: 'late' as const, refunds: [refund] };
    });
    deps.mail.kick();
    await sendRefunds(site.id, link.bookingId, outcome.refunds);
    if (outcome.kind === 'duplicate') {
      deps.log.warn({ site_id: site.id, booking: link.bookingNumber, intent: intent.id }, 'second charge of a payment link refunded');
      throw alreadyPaid();
    }
    if (outcome.kind === 'late') {
      deps.log.warn({ site_id: site.id, booking: link.bookingNumber, intent: intent.id }, 'payment link charged after its booking was released: refunded in full');
      throw new DomainError('pay_link_refunded', PAY_LINK_MESSAGES.lateRefunded(poundsText(intent.amount, link.currency)));
    }
    if (outcome.kind === 'paid') deps.log.info({ site_id: site.id, booking: link.bookingNumber, intent: intent.id }, 'phone booking paid by its payment link');
    return answer('paid', PAY_LINK_MESSAGES.paid(link.bookingNumber));
  }

  /**
   * Takes the booking's one charging slot for this intent, or refuses: 409 alreadyPaid when another charge paid it,
   * 409 inProgress while another card is being charged. A holder that ended at the processor without us hearing is
   * settled or freed first. 'succeeded': this intent itself is already charged (a retry after a lost answer).
   */
  async function takeSlot(site: Site, link: PayLinkRecord, intentId: string): Promise<'claimed' | 'succeeded'> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const claim = await claimCharge(deps.db, site.id, intentId);
      if (claim.claimed) return 'claimed';
      if ('own' in claim) {
        if (claim.own === 'succeeded') return 'succeeded';
        if (claim.own === 'duplicate') throw alreadyPaid();
        throw inProgress();
      }
      const holder = claim.holder;
      if (!holder) continue;
      if (holder.charge === 'succeeded') throw alreadyPaid();
      const live = await deps.payments.retrieveIntent(site.id, holder.intentId);
      if (live.status === 'succeeded') {
        await finish(site, link, live).catch(() => undefined);
        throw alreadyPaid();
      }
      if (chargeFailed(live.status)) {
        await releaseCharge(deps.db, site.id, holder.intentId);
        continue;
      }
      if (live.status === 'requires_confirmation' && (await releaseAbandonedClaim(deps.db, site.id, holder.intentId))) continue;
      throw inProgress();
    }
    throw inProgress();
  }

  async function pay(site: Site, token: string, body: { payment_method_id?: string; payment_intent_id?: string }): Promise<PayLinkPayAnswer> {
    const link = await open(site, token);
    if (body.payment_intent_id) {
      if (!(await isPayLinkPayment(deps.db, site.id, link.bookingId, body.payment_intent_id))) throw new DomainError('not_found', 'No such payment');
      return finish(site, link, await deps.payments.retrieveIntent(site.id, body.payment_intent_id));
    }
    refuseUnpayable(link);
    const paymentMethodId = body.payment_method_id!;
    const intent = await deps.payments.createIntent({
      siteId: site.id,
      amount: link.totalPence,
      currency: 'gbp',
      paymentMethodId,
      idempotencyKey: hash('pay_link', String(site.id), String(link.bookingId), paymentMethodId),
      metadata: { site_id: String(site.id), pay_link_booking_id: String(link.bookingId) },
      // As a website card booking's: saved for the driver's extras after the trip (issue 32).
      saveCard: true,
    });
    await insertPayLinkPayment(deps.db, site.id, { intentId: intent.id, provider: deps.payments.kind, amountPence: link.totalPence, bookingId: link.bookingId, status: intent.status });
    if ((await takeSlot(site, link, intent.id)) === 'succeeded') return finish(site, link, await deps.payments.retrieveIntent(site.id, intent.id));
    // With the slot: the booking as it now is (released or paid meanwhile) is refused before the processor charges.
    const fresh = await payLinkByHash(deps.db, site.id, hashSessionToken(token));
    try {
      if (!fresh) throw unknown();
      refuseUnpayable(fresh);
    } catch (error) {
      await releaseCharge(deps.db, site.id, intent.id);
      throw error;
    }
    let confirmed: PaymentIntent;
    try {
      confirmed = await deps.payments.confirmIntent(site.id, intent.id, hash('confirm', String(site.id), intent.id));
    } catch (error) {
      const current = await deps.payments.retrieveIntent(site.id, intent.id).catch(() => null);
      if (!current || chargeFailed(current.status) || current.status === 'requires_confirmation') await releaseCharge(deps.db, site.id, intent.id);
      throw error;
    }
    return finish(site, link, confirmed);
  }

  /** The sandbox's 3-D Secure answer for the link's charge (TEST MODE), then the charge settled as the pay does. */
  async function authenticate(site: Site, token: string, intentId: string, answerChallenge: (intentId: string) => Promise<PaymentIntent>): Promise<PayLinkPayAnswer> {
    const link = await open(site, token);
    if (!(await isPayLinkPayment(deps.db, site.id, link.bookingId, intentId))) throw new DomainError('not_found', 'No such payment');
    return finish(site, link, await answerChallenge(intentId));
  }

  /** The console's resend: a new link mailed, the old one dead, the same time limit. */
  async function resend(site: Site, actor: Actor, bookingNumber: string): Promise<PayLinkResendAnswer> {
    const catalog = await deps.cache.catalog(site.id);
    const answer = await deps.db.transaction(async (tx) => {
      const held = await payLinkByNumber(tx, site.id, bookingNumber);
      if (!held) throw new DomainError('not_found', 'No such booking with a payment link on this site');
      if (held.status !== 'awaiting_payment') throw held.paidAt ? alreadyPaid() : new DomainError('conflict', PAY_LINK_MESSAGES.notHeld);
      if (held.dueAt.getTime() <= now().getTime()) throw new DomainError('gone', PAY_LINK_MESSAGES.released);
      const link = newPayLink(site, deps.publicUrl);
      await replacePayLinkToken(tx, site.id, held.bookingId, link.tokenHash);
      await enqueueMail(tx, site.id, payLinkMail(mailIdentity(catalog.settings, site.name), held.bookingNumber, held.prepared, { url: link.url, dueAt: held.dueAt }));
      await recordAudit(tx, actor, { siteId: site.id, action: 'booking.pay_link_resent', entityType: 'booking', entityId: held.bookingNumber, before: null, after: { due_at: held.dueAt.toISOString() } });
      return { success: true as const, message: PAY_LINK_MESSAGES.resent(held.passengerEmail), due_at: held.dueAt.toISOString() };
    });
    deps.mail.kick();
    return answer;
  }

  /**
   * Releases the held bookings past their limit (across sites, at most `limit`): each in its own transaction that locks
   * the booking's row and checks it again, so another process releases it at most once with it. Returns how many.
   */
  async function releaseDue(limit = 100): Promise<number> {
    const at = now();
    const sites = await deps.cache.sites();
    let released = 0;
    for (const due of await duePayLinks(deps.db, at, limit)) {
      const site = sites.find((candidate) => candidate.id === due.siteId);
      if (!site) continue;
      try {
        const catalog = await deps.cache.catalog(site.id);
        const done = await deps.db.transaction(async (tx) => {
          const held = await lockPayLink(tx, site.id, due.bookingId);
          if (!held || held.status !== 'awaiting_payment' || held.dueAt.getTime() > at.getTime()) return false;
          if (await payLinkCharging(tx, site.id, due.bookingId)) return false;
          if (!(await releaseHeldBooking(tx, site.id, due.bookingId, at, RELEASE_NOTE))) return false;
          await enqueueMail(tx, site.id, payLinkReleasedMail(mailIdentity(catalog.settings, site.name), held));
          await publishBookingEvent(tx, site.id, { booking_number: held.bookingNumber, kind: 'cancelled' });
          return true;
        });
        if (done) {
          released += 1;
          deps.log.info({ site_id: site.id, booking_id: due.bookingId }, 'phone booking released: its payment link expired unpaid');
        }
      } catch (error) {
        deps.log.error({ site_id: site.id, booking_id: due.bookingId, err: error }, 'payment link release failed');
      }
    }
    if (released > 0) deps.mail.kick();
    return released;
  }

  /** The release every `intervalMs` (the timer never keeps the process alive); returns the stop function. */
  function start(intervalMs = 60_000): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = releaseDue()
        .catch((error: unknown) => deps.log.error({ err: error }, 'payment link sweep failed'))
        .finally(() => (running = null));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  return { view, pay, authenticate, resend, releaseDue, start };
}

export type PayLinks = ReturnType<typeof createPayLinks>;
