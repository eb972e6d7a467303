import { MANAGE_BOOKING_ROUTE, MANAGE_TOKEN_PARAM, MANAGE_TOKEN_PATTERN } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { hashSessionToken } from '../accounts/secrets.ts';
import type { Site } from '../sites/index.ts';
import { createManageRepository } from './repository.ts';

/**
 * "Manage your booking" links (table booking_manage_links, migration 009). A link's token is 256 random bits handed
 * out once, in the confirmation mail; the database keeps only its SHA-256, like a passenger's session token. Why not
 * an HMAC of the booking id: there is no per-site secret to keep, rotate or leak, a read of the database gives no
 * working link, and revoking is one UPDATE. The token names its booking and its site by lookup, so another site's
 * link, a forged one or one of a deleted booking is simply not found.
 */

/** A link works until this many days after the booking's last leg (computed at use: a changed pick-up moves it). */
export const MANAGE_LINK_DAYS_AFTER_TRIP = 14;
const DAY_MS = 86_400_000;

export type LinkLookup =
  | { kind: 'valid'; bookingId: number; bookingNumber: string; expiresAt: Date }
  | { kind: 'invalid' }
  | { kind: 'revoked'; bookingId: number }
  | { kind: 'expired'; bookingId: number };

/** When a booking's links stop working: MANAGE_LINK_DAYS_AFTER_TRIP after its last leg's pick-up. */
export const linkExpiry = (pickupAt: Date, returnAt: Date | null) => new Date(Math.max(pickupAt.getTime(), returnAt?.getTime() ?? 0) + MANAGE_LINK_DAYS_AFTER_TRIP * DAY_MS);

/** What a token opens on this site, at `now`. */
export async function lookUpManageLink(db: Queryable, siteId: number, token: string, now: Date): Promise<LinkLookup> {
  if (!MANAGE_TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
  const link = await createManageRepository(db).linkByHash(siteId, hashSessionToken(token));
  if (!link) return { kind: 'invalid' };
  const { bookingId } = link;
  if (link.revokedAt) return { kind: 'revoked', bookingId };
  const tripEnd = linkExpiry(link.pickupAt, link.returnAt);
  // A corporate member's short-lived link (migration 037) stops at its own end, if that comes first.
  const expiresAt = link.expiresAt && link.expiresAt.getTime() < tripEnd.getTime() ? link.expiresAt : tripEnd;
  if (now.getTime() >= expiresAt.getTime()) return { kind: 'expired', bookingId };
  return { kind: 'valid', bookingId, bookingNumber: link.bookingNumber, expiresAt };
}

/** The operator's revocation: every live link of the booking stops working. Null when the site has no such booking. */
export async function revokeManageLinks(db: Queryable, siteId: number, bookingNumber: string): Promise<{ revoked: number } | null> {
  const revoked = await createManageRepository(db).revokeLinks(siteId, bookingNumber);
  return revoked === null ? null : { revoked };
}

/**
 * Where the site's pages are: https on its first host; a site without hosts (the default site answering any host)
 * uses the deployment's own address. Never a request's Host header: the confirmation may be written by Stripe's
 * webhook, and a visitor could otherwise choose the host that goes into the operator's mail.
 */
export function siteOrigin(site: Pick<Site, 'hosts'>, fallbackOrigin: string): string {
  const host = site.hosts[0];
  return host ? `https://${host}` : fallbackOrigin.replace(/\/+$/, '');
}

export const manageLinkUrl = (origin: string, token: string) => `${origin}${MANAGE_BOOKING_ROUTE}?${MANAGE_TOKEN_PARAM}=${token}`;
