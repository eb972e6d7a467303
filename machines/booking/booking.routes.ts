/**
 * The booking flow's routed states and their paths, from the route manifest (contract/routeManifest.ts, spec §2 route
 * table; §4 step from path). RouteSync reads it both ways: state → URL with `pathForState`, and a URL typed by hand or
 * changed by Back/Forward → `{ type: 'route.enter', path }`, which the machine resolves with `resolveRoute` to the
 * step asked for or the nearest earlier allowed one. Machines never navigate.
 */
import { routedPaths, type BookingRouteState } from '../../contract/routeManifest.ts';

export type RoutedStateId = BookingRouteState;

export type Step = 0 | 1 | 2 | 3;

export interface BookingRoute {
  /** The state's `id` (target `#${id}`). */
  id: RoutedStateId;
  /** The first path is the one RouteSync navigates to; the others also show this state. */
  paths: readonly string[];
}

/** The manifest's booking paths grouped by routed state, in table order. */
export const BOOKING_ROUTES: readonly BookingRoute[] = routedPaths<RoutedStateId>('booking').reduce<BookingRoute[]>((routes, { state, path }) => {
  const route = routes.find((r) => r.id === state);
  if (route) route.paths = [...route.paths, path];
  else routes.push({ id: state, paths: [path] });
  return routes;
}, []);

export const ROUTED_STATE_IDS: readonly RoutedStateId[] = BOOKING_ROUTES.map((route) => route.id);

/** The stepper's step per path (spec §4): Book a Trip 0, Quotation 1, Personal Detail 2, Payment 3; unknown paths 0. */
const STEP_OF_PATH: Readonly<Record<string, Step>> = {
  '/': 0,
  '/booktripview': 0,
  '/quotationview': 1,
  '/personalDetailView': 2,
  '/paymentview': 3,
  '/stripecheckout': 3,
};

/** '/stripecheckout?stripeKey=…' → '/stripecheckout'; '/quotationview/' → '/quotationview'. Case is kept: paths are case-sensitive. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

export const stepOfPath = (path: string): Step => STEP_OF_PATH[normalizePath(path)] ?? 0;

/** The routed state a booking path stands for (case-sensitive, as the machine resolves it), or undefined. */
export const routedStateOfPath = (path: string): RoutedStateId | undefined => BOOKING_ROUTES.find((route) => route.paths.includes(normalizePath(path)))?.id;

/** The paths that belong to the booking flow; RouteSync sends `route.enter` only for these. */
export const isBookingPath = (path: string) => routedStateOfPath(path) !== undefined;

/** Where RouteSync puts a routed state: the current path when it already shows that state, else the state's first path. */
export function pathForState(id: RoutedStateId, currentPath?: string): string {
  const route = BOOKING_ROUTES.find((r) => r.id === id)!;
  if (currentPath !== undefined && route.paths.includes(normalizePath(currentPath))) return currentPath;
  return route.paths[0];
}

/** What the step guards (spec §2 stepper, §4) need to know. */
export interface RouteFacts {
  hasPriceDetails: boolean;
  hasSelectedVehicle: boolean;
  hasRegistrationData: boolean;
  /** SHOWCARD is 'yes' and there is something to pay: the card page may be shown. */
  cardAllowed: boolean;
  /** A booking response is held (the confirmation page can show it). */
  hasBooking: boolean;
}

/**
 * The state a path leads to: the step itself when the earlier data exists, otherwise the nearest earlier allowed
 * step (no price details → /home). Null for a path outside the booking flow.
 */
export function resolveRoute(path: string, facts: RouteFacts): RoutedStateId | null {
  const p = normalizePath(path);
  switch (p) {
    case '/':
    case '/booktripview':
      return 'bookTrip';
    case '/home':
      return 'home';
    case '/quoteView':
      return 'quoteRequest';
  }
  if (p === '/paymentSuccessView' && facts.hasBooking) return 'confirmed';
  const paymentLevel = p === '/paymentSuccessView' || p === '/stripecheckout' || p === '/paymentview';
  const detailsLevel = paymentLevel || p === '/personalDetailView';
  const quotationLevel = detailsLevel || p === '/quotationview';
  if (!quotationLevel) return null;
  const canQuote = facts.hasPriceDetails;
  const canDetail = canQuote && facts.hasSelectedVehicle;
  const canPay = canDetail && facts.hasRegistrationData;
  if (p === '/stripecheckout' && canPay && facts.cardAllowed) return 'cardCheckout';
  if (paymentLevel && canPay) return 'payment';
  if (detailsLevel && canDetail) return 'personalDetails';
  if (canQuote) return 'quotation';
  return 'home';
}
