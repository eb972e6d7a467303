/**
 * Where the corporate machine's states are shown (route manifest: /login, /bookings, /my-account, /book-now; spec §2
 * Corporate area, §4 Corporate access). RouteSync (src/app/useRouteSync.ts, mounted by the corporate pages) sends
 * `route.enter { path }` on arrival at a protected page (the manifest's corporate paths with a routed state) and puts
 * the URL where the machine's state is, replacing the entry:
 * - `signedOut.loginRequired`: `/login?redirect=<the protected path>`;
 * - `signedOut.loggedOut`: / (spec §8);
 * - `checking`, `checkFailed`, `signedIn`: the page the session is for (the protected path entered, or the sign-in's
 *   redirect, else /bookings), so a check in flight keeps the page the visitor arrived at;
 * - anything else (signed out on /login, a stored token not checked yet, a sign-in or a logout in flight): between
 *   pages, the URL stays.
 * The route key is the URL itself.
 */
import type { SnapshotFrom } from 'xstate';
import { routeKey } from '../../contract/routeKey.ts';
import { routedPaths, type CorporateRouteState } from '../../contract/routeManifest.ts';
import type { CorporateMachine } from './corporate.machine.ts';
import { AFTER_LOGOUT_PATH, AFTER_SIGN_IN_PATH, loginPath } from './corporate.types.ts';

type CorporateSnapshot = SnapshotFrom<CorporateMachine>;

const PROTECTED_PATHS = new Set(routedPaths<CorporateRouteState>('corporate').map(({ path }) => path.toLowerCase()));

/** A protected page of the corporate area (case and a trailing slash ignored): arriving there checks the session. */
export const isProtectedPath = (path: string) => PROTECTED_PATHS.has(routeKey(path.split(/[?#]/, 1)[0] ?? ''));

/** The URL (path and query) the machine's state is shown at, or null between pages. */
export function corporateRoute(s: CorporateSnapshot): string | null {
  const page = s.context.returnPath ?? AFTER_SIGN_IN_PATH;
  if (s.matches({ signedOut: 'loginRequired' })) return loginPath(page);
  if (s.matches({ signedOut: 'loggedOut' })) return AFTER_LOGOUT_PATH;
  if (s.matches('checking') || s.matches('checkFailed') || s.matches('signedIn')) return page;
  return null;
}

/** The corporate flow's routes for RouteSync (its FlowRoutes: enters, routeOf, urlOf). */
export const CORPORATE_ROUTES = {
  enters: isProtectedPath,
  routeOf: corporateRoute,
  urlOf: (route: string) => route,
};
