import { settingsFromRows, type SettingName, type SettingRow, type Settings } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { mailIdentity } from '../../adapters/mail/index.ts';
import { enqueueSms, ukMobileE164, type SmsMessage } from '../../adapters/sms/index.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import { manageLinkUrl, siteOrigin } from '../manage/links.ts';
import { operatorOf } from '../manage/terms.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { textBody, type TextKind } from './bodies.ts';
import { createTextsRepository, type DueReminder } from './repository.ts';

export { TEXT_KINDS, textBody, type TextKind } from './bodies.ts';

/** The owner's switch of each text (contract/settings.ts): on unless 'disable'. */
export const TEXT_SWITCHES: Record<TextKind, SettingName> = {
  booking_confirmed: 'SMS_BOOKING_CONFIRMED',
  driver_assigned: 'SMS_DRIVER_ASSIGNED',
  driver_on_the_way: 'SMS_DRIVER_ON_THE_WAY',
  driver_arrived: 'SMS_DRIVER_ARRIVED',
  reminder: 'SMS_REMINDER',
  booking_cancelled: 'SMS_BOOKING_CANCELLED',
};

export const textSwitchedOn = (settings: Settings, kind: TextKind) => settings[TEXT_SWITCHES[kind]] !== 'disable';

/** Who the texts of a site are from and where its pages are: what every text of one event needs besides the booking. */
export interface TextSite {
  siteId: number;
  settings: Settings;
  companyName: string;
  operatorPhone: string | null;
  /** The site's own address for links (siteOrigin); null: the text carries no new link. */
  origin: string | null;
}

export function textSite(site: Site, settingRows: readonly SettingRow[], publicUrl: string | null): TextSite {
  const settings = settingsFromRows(settingRows);
  return {
    siteId: site.id,
    settings,
    companyName: mailIdentity(settingRows, site.name).companyName,
    operatorPhone: operatorOf(settings, site.name).phone,
    origin: publicUrl === null ? null : siteOrigin(site, publicUrl),
  };
}

/** The same, read from the site cache. */
export async function textSiteOf(cache: SiteCache, site: Site, publicUrl: string | null): Promise<TextSite> {
  return textSite(site, (await cache.catalog(site.id)).settings, publicUrl);
}

/**
 * The confirmation's text of a booking being written (its number and manage link are made before its INSERT, which
 * writes this row with it: bookings/repository.ts), or null: switched off, or not a UK mobile number.
 */
export function confirmationText(site: TextSite, booking: { bookingNumber: string; phone: string; pickupAt: Date; pickupAddress: string; manageUrl: string }): Omit<SmsMessage, 'bookingId'> | null {
  if (!textSwitchedOn(site.settings, 'booking_confirmed')) return null;
  const to = ukMobileE164(booking.phone);
  if (!to) return null;
  return {
    kind: 'booking_confirmed',
    eventKey: 'booking_confirmed',
    to,
    body: textBody('booking_confirmed', { companyName: site.companyName, bookingNumber: booking.bookingNumber, pickupAt: booking.pickupAt, pickupAddress: booking.pickupAddress, link: booking.manageUrl }),
  };
}

/** Texts that carry a new manage link (the passenger's tracking and manage page). */
const WITH_LINK: ReadonlySet<TextKind> = new Set(['driver_on_the_way', 'reminder']);

/**
 * Queues the passenger's text of `kind` about the booking, in the caller's transaction (the event's write), once per
 * event: the row's key is the kind, and for the driver's texts the assignment it is about (an event replayed, or
 * queued by two processes at once, is one text; a driver given the job again is a new one). Nothing when the owner
 * switched the text off, the booking has no UK mobile number, or the event already has its text. A new manage link
 * is written only with a text that is written. Returns the text's id or null.
 */
export async function queueBookingText(tx: Queryable, site: TextSite, bookingId: number, kind: TextKind, extra: { etaMinutes?: number | null } = {}): Promise<number | null> {
  if (!textSwitchedOn(site.settings, kind)) return null;
  const texts = createTextsRepository(tx);
  const booking = await texts.booking(site.siteId, bookingId);
  if (!booking) return null;
  const to = ukMobileE164(booking.phone);
  if (!to) return null;
  const perAssignment = kind === 'driver_assigned' || kind === 'driver_on_the_way' || kind === 'driver_arrived';
  if (perAssignment && (!booking.assignedAt || !booking.car)) return null;
  const eventKey = perAssignment ? `${kind}:${booking.assignedAt!.getTime()}` : kind;
  const token = WITH_LINK.has(kind) && site.origin && !booking.linksRevoked ? newSessionToken() : null;
  const body = textBody(kind, {
    companyName: site.companyName,
    bookingNumber: booking.bookingNumber,
    pickupAt: booking.pickupAt,
    pickupAddress: booking.pickupAddress,
    driverName: booking.driverName,
    car: booking.car,
    link: token ? manageLinkUrl(site.origin!, token) : null,
    etaMinutes: extra.etaMinutes ?? null,
    operatorPhone: site.operatorPhone,
  });
  const id = await enqueueSms(tx, site.siteId, { kind, eventKey, bookingId, to, body });
  if (id !== null && token) await texts.addManageLink(site.siteId, bookingId, hashSessionToken(token));
  return id;
}

/** The same for a booking named by its number. */
export async function queueBookingTextByNumber(tx: Queryable, site: TextSite, bookingNumber: string, kind: TextKind, extra: { etaMinutes?: number | null } = {}): Promise<number | null> {
  const id = await createTextsRepository(tx).idOf(site.siteId, bookingNumber);
  return id === null ? null : queueBookingText(tx, site, id, kind, extra);
}

export interface ReminderDeps {
  db: Db;
  cache: SiteCache;
  publicUrl: string;
  now?: () => Date;
  log?: { info(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * The reminders before pre-booked pick-ups (SMS_REMINDER, SMS_REMINDER_MINUTES): a sweep finds the bookings due and
 * queues each one's reminder in a transaction of its own. Every server process sweeps; the row's unique key makes one
 * reminder per booking whichever process, sweep or restart comes first. Due ones missed while no server ran are sent
 * on the next sweep if the pick-up is still ahead, never after it.
 */
export function createReminders(deps: ReminderDeps) {
  const now = deps.now ?? (() => new Date());
  async function sweep(): Promise<{ queued: number }> {
    const at = now();
    let queued = 0;
    let after: DueReminder | null = null;
    for (;;) {
      const due: DueReminder[] = await createTextsRepository(deps.db).dueReminders(at, after, 100);
      const sites = await deps.cache.sites();
      for (const reminder of due) {
        const site = sites.find((candidate) => candidate.id === reminder.siteId);
        if (!site) continue;
        const text = await textSiteOf(deps.cache, site, deps.publicUrl);
        const id = await deps.db.transaction((tx) => queueBookingText(tx, text, reminder.bookingId, 'reminder'));
        if (id !== null) queued++;
      }
      if (due.length < 100) break;
      after = due[due.length - 1];
    }
    if (queued > 0) deps.log?.info({ queued }, 'texts: reminders queued');
    return { queued };
  }

  /** Sweeps every `everyMs` (default a minute) and once now; returns the stop (which waits for a sweep in flight). The timer never keeps the process alive. */
  function start(everyMs = 60_000): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const run = () => {
      if (running) return;
      running = sweep()
        .catch((error: unknown) => deps.log?.error({ err: error }, 'texts: reminder sweep failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(run, everyMs);
    timer.unref();
    run();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  return { sweep, start };
}
