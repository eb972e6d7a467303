import { createCompanyAccountsRepository } from '../companyAccounts/repository.ts';
import { flightRulesOf } from '../flights/rules.ts';
import { callOperator, MANAGE_MESSAGES, type ManageBookingView, type ManageCancelResponse, type ManageRefusalCode } from '../../../contract/manageBooking.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import { enqueueMail, mailIdentity } from '../../adapters/mail/index.ts';
import { DomainError } from '../errors.ts';
import { recordBookingRefund, refundsToRetry, sendRefund, type RefundRow } from '../bookings/refunds.ts';
import { publishBookingEvent } from '../dispatch/events.ts';
import { loadBookingResponse } from '../bookings/repository.ts';
import type { Site } from '../sites/index.ts';
import { memoiseMaps } from '../geo/memo.ts';
import { resolveContext } from '../quotes/quoting.ts';
import { bookingCalendar } from './calendar.ts';
import { lookUpManageLink } from './links.ts';
import { cancellationMails } from './mails.ts';
import { queueBookingText, textSite } from '../texts/texts.ts';
import { cancellationRefundKey, loadManagedBooking, lockManagedBooking } from './record.ts';
import { createManageRepository } from './repository.ts';
import { createChangeActions } from './change.ts';
import { changeSummary } from './changeMails.ts';
import { changeRequests } from './changesRepository.ts';
import { addressChangesOnline, decideCancellation, decideChange, operatorOf, type Operator } from './terms.ts';
import type { Places } from './reprice.ts';
import { createLiveTrips } from './live.ts';
import { manageView } from './view.ts';
import { createExtrasActions, loadManageExtras } from './extras.ts';
import type { ManageGrant, ManageServiceDeps } from './grant.ts';

export type { ManageGrant, ManageServiceDeps } from './grant.ts';

const refusal = (code: ManageRefusalCode, message: string, operator: Operator) => new DomainError(code, message, { operator_phone: operator.phone });

/**
 * Managing a booking: who gets in (a link, or a corporate passenger's own booking), the manage resource, cancelling
 * with its refund, and the calendar file. The rules (cut-off, status, ownership) are enforced here whatever the
 * browser sends.
 */
export function createManageService(deps: ManageServiceDeps) {
  const now = deps.now ?? (() => new Date());
  // Places and routes already worked out are not worked out again, as in the quoting use cases.
  const maps = deps.maps ? memoiseMaps(deps.maps) : null;
  // The passenger's live view (issue 33): the car, the time to the pick-up, where to meet.
  const live = createLiveTrips({ db: deps.db, cache: deps.cache, maps, now });

  async function siteContext(site: Site) {
    const catalog = await deps.cache.catalog(site.id);
    const settings = settingsFromRows(catalog.settings);
    const places: Places | null = maps && addressChangesOnline(settings) ? { maps, context: resolveContext(site, catalog) } : null;
    return { settings, operator: operatorOf(settings, site.name), identity: mailIdentity(catalog.settings, site.name), places, texts: textSite(site, catalog.settings, null) };
  }

  /** The booking a manage link opens (with the booking number the page expects, when it names one). */
  async function grantByLink(site: Site, token: string, bookingNumber?: string): Promise<ManageGrant> {
    const { operator } = await siteContext(site);
    const link = await lookUpManageLink(deps.db, site.id, token, now());
    if (link.kind !== 'valid') deps.log.info({ site_id: site.id, booking_id: 'bookingId' in link ? link.bookingId : null, link: link.kind }, 'manage link refused');
    if (link.kind === 'invalid') throw refusal('link_invalid', MANAGE_MESSAGES.linkInvalid, operator);
    if (link.kind === 'revoked') throw refusal('link_revoked', `${MANAGE_MESSAGES.linkRevoked} ${callOperator(operator.companyName, operator.phone)}`, operator);
    if (link.kind === 'expired') throw refusal('link_expired', `${MANAGE_MESSAGES.linkExpired} ${callOperator(operator.companyName, operator.phone)}`, operator);
    if (bookingNumber !== undefined && bookingNumber !== link.bookingNumber) throw refusal('wrong_booking', MANAGE_MESSAGES.wrongBooking, operator);
    return { bookingId: link.bookingId, linkExpiresAt: link.expiresAt };
  }

  /** A signed-in passenger's own booking; another passenger's (or an unknown number) is not found. */
  async function grantByPassenger(site: Site, passengerId: number, bookingNumber: string): Promise<ManageGrant> {
    // Their own booking, or (issue 34) any booking on the company account they are an admin of.
    const bookingId = (await createManageRepository(deps.db).ownBookingId(site.id, passengerId, bookingNumber)) ?? (await createCompanyAccountsRepository(deps.db).adminBookingId(site.id, passengerId, bookingNumber));
    if (bookingId === null) throw refusal('not_your_booking', MANAGE_MESSAGES.notYourBooking, (await siteContext(site)).operator);
    return { bookingId, linkExpiresAt: null };
  }

  async function load(site: Site, grant: ManageGrant, operator: Operator) {
    const booking = await loadManagedBooking(deps.db, site.id, grant.bookingId);
    if (!booking) throw refusal('link_invalid', MANAGE_MESSAGES.linkInvalid, operator);
    return booking;
  }

  async function view(site: Site, grant: ManageGrant): Promise<ManageBookingView> {
    const { settings, operator, places } = await siteContext(site);
    const booking = await load(site, grant, operator);
    const confirmation = (await loadBookingResponse(deps.db, site.id, booking.id)).data;
    const requests = (await changeRequests(deps.db, site.id, booking.id)).map((request) => ({ at: request.at, summary: changeSummary(request.before, request.plan.values, request.plan.changed) }));
    const at = now();
    const trip = await live.trip(site, booking);
    const extras = await loadManageExtras(deps.db, site.id, booking.id, confirmation.booking.currency || null);
    const resource = manageView(
      booking,
      confirmation,
      decideCancellation(booking, settings, operator, at),
      operator,
      grant.linkExpiresAt,
      { decision: decideChange(booking, settings, operator, at, places !== null), requests },
      flightRulesOf(settings),
      trip,
    );
    // Issue 32: the driver's waiting time and extras, and where their payment stands (extras.ts).
    return { ...resource, extras };
  }

  /** Asks the processor for a cancellation's refund; a failure stays recorded (status failed) for a retry or the operator. */
  async function sendCancellationRefund(siteId: number, bookingId: number, refund: RefundRow): Promise<void> {
    try {
      const sent = await sendRefund(deps.db, deps.payments, siteId, refund);
      if (sent.status === 'failed') deps.log.error({ site_id: siteId, booking_id: bookingId, refund: sent.providerRefundId }, 'the processor failed the refund of a cancellation');
    } catch (error) {
      deps.log.error({ site_id: siteId, booking_id: bookingId, err: error }, 'refund of a cancellation not made yet');
    }
  }

  /**
   * Cancels before the cut-off, exactly once: the booking row is locked, so of concurrent cancels one cancels (and
   * records the refund and the two mails in the same transaction) and the others find it cancelled; a cancel naming
   * the revision it was shown is refused (409) once a change moved the booking on. The refund is
   * asked of the processor after the commit, under the refund's idempotency key.
   */
  async function cancel(site: Site, grant: ManageGrant, revision?: number): Promise<ManageCancelResponse> {
    const { settings, operator, identity, texts } = await siteContext(site);
    const at = now();
    const outcome = await deps.db.transaction(async (tx) => {
      const booking = await lockManagedBooking(tx, site.id, grant.bookingId);
      if (!booking) throw refusal('link_invalid', MANAGE_MESSAGES.linkInvalid, operator);
      if (booking.status === 'cancelled') return { cancelledNow: false as const };
      if (revision !== undefined && revision !== booking.revision) throw refusal('stale_revision', MANAGE_MESSAGES.staleRevision, operator);
      const decision = decideCancellation(booking, settings, operator, at);
      if (decision.code) throw refusal(decision.code, decision.terms.refusal ?? MANAGE_MESSAGES.alreadyCancelled, operator);
      await createManageRepository(tx).cancelByPassenger(site.id, booking.id, at, decision.feePence);
      // Every card payment of the booking (a paid change's charge too) is refunded, less the fee.
      const refunds: RefundRow[] =
        booking.payment && decision.refundPence
          ? await recordBookingRefund(tx, site.id, { bookingId: booking.id, amountPence: decision.refundPence, reason: 'cancellation', idempotencyKey: cancellationRefundKey(booking.id) })
          : [];
      for (const message of cancellationMails(identity, operator, booking, decision.feePence, decision.refundPence)) await enqueueMail(tx, site.id, message);
      // The passenger's text (issue 33), in the cancellation's transaction.
      await queueBookingText(tx, texts, booking.id, 'booking_cancelled');
      await publishBookingEvent(tx, site.id, { booking_number: booking.bookingNumber, kind: 'cancelled' });
      return { cancelledNow: true as const, refunds, bookingNumber: booking.bookingNumber, feePence: decision.feePence, refundPence: decision.refundPence };
    });
    if (outcome.cancelledNow) {
      deps.mail.kick();
      deps.log.info({ site_id: site.id, booking: outcome.bookingNumber, fee_pence: outcome.feePence, refund_pence: outcome.refundPence }, 'booking cancelled by the passenger');
    }
    const toSend = outcome.cancelledNow ? outcome.refunds : await refundsToRetry(deps.db, site.id, cancellationRefundKey(grant.bookingId));
    for (const refund of toSend) await sendCancellationRefund(site.id, grant.bookingId, refund);
    return { ...(await view(site, grant)), message: outcome.cancelledNow ? MANAGE_MESSAGES.cancelled : MANAGE_MESSAGES.alreadyCancelled };
  }

  /** The booking's .ics as it now stands. */
  async function calendar(site: Site, grant: ManageGrant) {
    const { operator } = await siteContext(site);
    return bookingCalendar(await load(site, grant, operator), operator, now());
  }

  const change = createChangeActions(deps, { siteContext, view });

  const extras = createExtrasActions(deps, { siteContext, view });

  return {
    grantByLink,
    grantByPassenger,
    view,
    cancel,
    calendar,
    previewChange: change.preview,
    applyChange: change.apply,
    authenticateChange: change.authenticate,
    payExtras: extras.pay,
    authenticateExtras: extras.authenticate,
    live,
  };
}

export type ManageService = ReturnType<typeof createManageService>;
