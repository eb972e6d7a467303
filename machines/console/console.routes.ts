/**
 * The console's addresses (the route manifest's CONSOLE_AREA, /admin…) ↔ its pages. The only place that spells them:
 * the session machine reads a path into a page (`pageOfPath`), and RouteSync (src/app/useRouteSync.ts, mounted by
 * src/views/console/ConsoleRouteSync.tsx) sends `route.enter { path }` on arrival at any console path (a link, a typed
 * address, Back/Forward) and puts the URL where the machine is (`consoleRoute`), replacing the entry:
 * - `signedIn`: the page open (a page the member's role may not see, or an unknown path, opened the board);
 * - `signedOut`: /admin/sign-in (the page asked for is remembered and opened after signing in);
 * - `settingPassword`: /admin/set-password (the link's token is dropped from the address as the console starts);
 * - `start`/`checking` (who is signed in is not known yet): between pages, the URL stays.
 */
import type { SnapshotFrom } from 'xstate';
import { routeKey } from '../../contract/routeKey.ts';
import { CONSOLE_AREA, isConsolePath } from '../../contract/routeManifest.ts';
import type { StaffRole } from '../../contract/staff.ts';
import type { ConsoleMachine } from './console.machine.ts';

export { isConsolePath };
export const CONSOLE_BASE = CONSOLE_AREA.prefix;
export const SIGN_IN_PATH = '/admin/sign-in';
export const SET_PASSWORD_PATH = '/admin/set-password';
export const QUEUE_PATH = '/admin/needs-action';
export const PHONE_BOOKING_PATH = '/admin/bookings/new';

export type ConsolePage =
  | { name: 'bookings' }
  | { name: 'queue' }
  | { name: 'map' }
  | { name: 'booking'; number: string }
  | { name: 'enquiries' }
  | { name: 'mail' }
  | { name: 'fleet' }
  | { name: 'staff' }
  | { name: 'settings' }
  | { name: 'catalogue' }
  | { name: 'prices' }
  | { name: 'places' }
  | { name: 'promos' }
  | { name: 'settlement' }
  | { name: 'reports' }
  | { name: 'company-accounts' }
  | { name: 'invoices' }
  | { name: 'phone-booking' };

export type ConsolePageName = ConsolePage['name'];

const SIMPLE_PAGES: Record<string, ConsolePage> = {
  '/admin/bookings': { name: 'bookings' },
  [QUEUE_PATH]: { name: 'queue' },
  '/admin/map': { name: 'map' },
  '/admin/enquiries': { name: 'enquiries' },
  '/admin/mail': { name: 'mail' },
  '/admin/fleet': { name: 'fleet' },
  '/admin/staff': { name: 'staff' },
  '/admin/settings': { name: 'settings' },
  '/admin/catalogue': { name: 'catalogue' },
  '/admin/prices': { name: 'prices' },
  '/admin/places': { name: 'places' },
  '/admin/promos': { name: 'promos' },
  '/admin/settlement': { name: 'settlement' },
  '/admin/reports': { name: 'reports' },
  '/admin/company-accounts': { name: 'company-accounts' },
  '/admin/invoices': { name: 'invoices' },
  // Issue 34: a booking taken by phone (before the booking-number pattern, which 'new' would match).
  [PHONE_BOOKING_PATH]: { name: 'phone-booking' },
};

/** Booking numbers as the server issues them: letters, digits and dashes. */
const BOOKING_PATH = /^\/admin\/bookings\/([A-Za-z0-9-]{1,40})$/;

const normalise = (path: string) => routeKey(path.split(/[?#]/, 1)[0] ?? '');

/** 'sign-in', 'set-password', a page, or null (an unknown /admin path: the board). */
export function pageOfPath(path: string): ConsolePage | 'sign-in' | 'set-password' | null {
  const key = normalise(path);
  if (key === SIGN_IN_PATH) return 'sign-in';
  if (key === SET_PASSWORD_PATH) return 'set-password';
  if (key === PHONE_BOOKING_PATH) return SIMPLE_PAGES[key];
  const booking = BOOKING_PATH.exec(path.split(/[?#]/, 1)[0].replace(/\/+$/, ''));
  if (booking) return { name: 'booking', number: booking[1].toUpperCase() };
  return SIMPLE_PAGES[key] ?? null;
}

export function pathOfPage(page: ConsolePage): string {
  if (page.name === 'booking') return `/admin/bookings/${encodeURIComponent(page.number)}`;
  // The "Needs action" queue (issue 33): the page's name in code is `queue`, its address says what it holds.
  if (page.name === 'queue') return QUEUE_PATH;
  if (page.name === 'phone-booking') return PHONE_BOOKING_PATH;
  return `/admin/${page.name}`;
}

/** Pages only an owner sees (a dispatcher asking for one lands on the board). */
const OWNER_PAGES: readonly ConsolePageName[] = ['staff', 'settings', 'catalogue', 'prices', 'promos', 'places', 'settlement', 'reports', 'company-accounts', 'invoices'];

export const mayOpen = (page: ConsolePage, role: StaffRole) => role === 'owner' || !OWNER_PAGES.includes(page.name);

export const HOME_PAGE: ConsolePage = { name: 'bookings' };

/** The URL the machine's state is shown at, or null while it does not know yet (checking who is signed in). */
export function consoleRoute(s: SnapshotFrom<ConsoleMachine>): string | null {
  if (s.matches('signedIn')) return pathOfPage(s.context.page);
  if (s.matches('signedOut')) return SIGN_IN_PATH;
  if (s.matches('settingPassword')) return SET_PASSWORD_PATH;
  return null;
}

/** The console's routes for RouteSync (its FlowRoutes: enters, routeOf, urlOf); the route key is the URL itself. */
export const CONSOLE_ROUTES = {
  enters: isConsolePath,
  routeOf: consoleRoute,
  urlOf: (route: string) => route,
};
