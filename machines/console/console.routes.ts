/**
 * The console's addresses (/admin) ↔ its pages. The only place that spells them: the session machine reads a path into
 * a page (`pageOfPath`) and the URL is put where the machine is (`pathOfPage`, src/views/admin/ConsoleRouteSync.tsx).
 */
import type { StaffRole } from '../../contract/staff.ts';

export const CONSOLE_BASE = '/admin';
export const SIGN_IN_PATH = '/admin/sign-in';
export const SET_PASSWORD_PATH = '/admin/set-password';

export type ConsolePage =
  | { name: 'bookings' }
  | { name: 'booking'; number: string }
  | { name: 'enquiries' }
  | { name: 'mail' }
  | { name: 'fleet' }
  | { name: 'staff' }
  | { name: 'settings' }
  | { name: 'catalogue' }
  | { name: 'prices' }
  | { name: 'places' }
  | { name: 'promos' };

export type ConsolePageName = ConsolePage['name'];

const SIMPLE_PAGES: Record<string, ConsolePage> = {
  '/admin/bookings': { name: 'bookings' },
  '/admin/enquiries': { name: 'enquiries' },
  '/admin/mail': { name: 'mail' },
  '/admin/fleet': { name: 'fleet' },
  '/admin/staff': { name: 'staff' },
  '/admin/settings': { name: 'settings' },
  '/admin/catalogue': { name: 'catalogue' },
  '/admin/prices': { name: 'prices' },
  '/admin/places': { name: 'places' },
  '/admin/promos': { name: 'promos' },
};

/** Booking numbers as the server issues them: letters, digits and dashes. */
const BOOKING_PATH = /^\/admin\/bookings\/([A-Za-z0-9-]{1,40})$/;

const normalise = (path: string) => path.split(/[?#]/, 1)[0].replace(/\/+$/, '').toLowerCase() || '/';

export const isConsolePath = (path: string) => {
  const key = normalise(path);
  return key === CONSOLE_BASE || key.startsWith(`${CONSOLE_BASE}/`);
};

/** 'sign-in', 'set-password', a page, or null (an unknown /admin path: the board). */
export function pageOfPath(path: string): ConsolePage | 'sign-in' | 'set-password' | null {
  const key = normalise(path);
  if (key === SIGN_IN_PATH) return 'sign-in';
  if (key === SET_PASSWORD_PATH) return 'set-password';
  const booking = BOOKING_PATH.exec(path.split(/[?#]/, 1)[0].replace(/\/+$/, ''));
  if (booking) return { name: 'booking', number: booking[1].toUpperCase() };
  return SIMPLE_PAGES[key] ?? null;
}

export function pathOfPage(page: ConsolePage): string {
  return page.name === 'booking' ? `/admin/bookings/${encodeURIComponent(page.number)}` : `/admin/${page.name}`;
}

/** Pages only an owner sees (a dispatcher asking for one lands on the board). */
const OWNER_PAGES: readonly ConsolePageName[] = ['staff', 'settings', 'catalogue', 'prices', 'promos', 'places'];

export const mayOpen = (page: ConsolePage, role: StaffRole) => role === 'owner' || !OWNER_PAGES.includes(page.name);

export const HOME_PAGE: ConsolePage = { name: 'bookings' };
