/**
 * The public website's route manifest (spec §2 route table): every public path, the flow it belongs to, the flow's
 * routed state it shows, its screen (the view module and its export), the modules its first screen needs besides,
 * and its navbar entry. One table, read by:
 * - the router (src/app/routes.tsx): a route per path, lazy views loaded from `module` by `screen`;
 * - the navbar (src/app/navigation.ts): `nav` entries in table order, `hidesNavbar`;
 * - the flows' route maps (machines/<flow>/<flow>.routes.ts): the paths of their routed states, for RouteSync;
 * - the server's preload table (routeModules): `module` and `preload`, as Vite manifest keys.
 * Data only (no React, no machine), so the server and the machines may import it. The operator console (/admin…)
 * is one lazy app with its own pages, not a public route: CONSOLE_AREA below is its entry.
 */
import { routeKey } from './routeKey.ts';
import type { SettingName } from './settings.ts';

/** The statechart (machines/<flow>) that owns a path; `page` for screens that are only a view. */
export type Flow = 'booking' | 'corporate' | 'forgotPassword' | 'contact' | 'quoteRequest' | 'manageBooking' | 'quoteOffer' | 'payBooking' | 'page';

/** The booking machine's routed states (machines/booking/booking.routes.ts `RoutedStateId`). */
export type BookingRouteState = 'bookTrip' | 'home' | 'quotation' | 'personalDetails' | 'payment' | 'cardCheckout' | 'confirmed' | 'quoteRequest';
/** The corporate area's protected pages: entering one checks the session (RouteSync sends route.enter, machines/corporate/corporate.routes.ts). */
export type CorporateRouteState = 'bookings' | 'myAccount' | 'members';

interface RouteBase {
  /** As the spec writes it (paths are matched without regard to case or a trailing slash: routeKey). */
  path: string;
  /** Browser tab title, before ' | {Company_Name}'. */
  title: string;
  /** The view module, a Vite manifest key ('src/views/…/XView.tsx'). */
  module: string;
  /** The view's export in `module`. */
  screen: string;
  /** In the entry chunk (the home page): not lazy, nothing to preload. */
  eager?: true;
  /** More modules (Vite manifest keys) the first screen needs, preloaded with the view. */
  preload?: readonly string[];
  /** The navbar's link to this path (spec §2 Shell), shown when `setting` (if any) is on. */
  nav?: { label: string; setting?: SettingName };
  /** The route table hides the navbar on this screen (confirmation, the corporate area). */
  hidesNavbar?: true;
}

/**
 * A path of a flow whose statechart is routed (RouteSync): `state` is the routed state the path shows; arriving at
 * the path by a link, a typed URL, a reload or Back/Forward sends the machine `route.enter { path }`.
 */
export type PublicRoute =
  | (RouteBase & { flow: 'booking'; state: BookingRouteState })
  | (RouteBase & { flow: 'corporate'; state?: CorporateRouteState })
  | (RouteBase & { flow: Exclude<Flow, 'booking' | 'corporate'>; state?: never });

const BOOKING_LOGIC = 'src/app/booking/bookingLogic.ts';
/** A reloaded step the server rendered from the trip cookie is hydrated with an actor prepared at start. */
const PREPARED_STEP = 'src/app/booking/preparedStep.ts';

export const PUBLIC_ROUTES = [
  { path: '/', title: 'Book your taxi', flow: 'booking', state: 'bookTrip', module: 'src/views/home/HomeView.tsx', screen: 'HomeView', eager: true, nav: { label: 'Home' } },
  { path: '/home', title: 'Book your taxi', flow: 'booking', state: 'home', module: 'src/views/home/HomeView.tsx', screen: 'HomeView', eager: true },
  { path: '/booktripview', title: 'Book a Trip', flow: 'booking', state: 'bookTrip', module: 'src/views/bookTrip/BookTripView.tsx', screen: 'BookTripView', preload: [BOOKING_LOGIC] },
  { path: '/quotationview', title: 'Quotation', flow: 'booking', state: 'quotation', module: 'src/views/quotation/QuotationView.tsx', screen: 'QuotationView', preload: [BOOKING_LOGIC, PREPARED_STEP] },
  {
    path: '/personalDetailView',
    title: 'Personal details',
    flow: 'booking',
    state: 'personalDetails',
    module: 'src/views/personalDetails/PersonalDetailsView.tsx',
    screen: 'PersonalDetailsView',
    preload: [BOOKING_LOGIC, PREPARED_STEP],
  },
  { path: '/paymentview', title: 'Payment', flow: 'booking', state: 'payment', module: 'src/views/payment/PaymentView.tsx', screen: 'PaymentView', preload: [BOOKING_LOGIC] },
  { path: '/stripecheckout', title: 'Card payment', flow: 'booking', state: 'cardCheckout', module: 'src/views/card/CardPaymentView.tsx', screen: 'CardPaymentView', preload: [BOOKING_LOGIC] },
  // Spec: /checkout "appears only in the next-button logic"; it shows the payment step (the machine is never sent there).
  { path: '/checkout', title: 'Payment', flow: 'page', module: 'src/views/payment/PaymentView.tsx', screen: 'PaymentView', preload: [BOOKING_LOGIC] },
  {
    path: '/paymentSuccessView',
    title: 'Booking confirmed',
    flow: 'booking',
    state: 'confirmed',
    module: 'src/views/confirmation/ConfirmationView.tsx',
    screen: 'ConfirmationView',
    preload: [BOOKING_LOGIC],
    hidesNavbar: true,
  },
  { path: '/ourfleet', title: 'Our Fleet', flow: 'page', module: 'src/views/fleet/OurFleetView.tsx', screen: 'OurFleetView', nav: { label: 'Our Fleet', setting: 'NAVBAR_OUR_FLEET_PAGE' } },
  {
    path: '/quoteView',
    title: 'Quote now',
    flow: 'booking',
    state: 'quoteRequest',
    module: 'src/views/quoteRequest/QuoteRequestView.tsx',
    screen: 'QuoteRequestView',
    nav: { label: 'Urgent Booking', setting: 'NAVBAR_URGENT_BOOKING_PAGE' },
  },
  { path: '/login', title: 'Corporate sign in', flow: 'corporate', module: 'src/views/corporate/LoginView.tsx', screen: 'LoginView', nav: { label: 'Corporate Account', setting: 'CORPORATE_LOGIN' }, hidesNavbar: true },
  { path: '/contactus', title: 'Contact Us', flow: 'contact', module: 'src/views/contact/ContactUsView.tsx', screen: 'ContactUsView', nav: { label: 'Contact Us' } },
  { path: '/bookings', title: 'Bookings', flow: 'corporate', state: 'bookings', module: 'src/views/corporate/BookingsView.tsx', screen: 'BookingsView', hidesNavbar: true },
  { path: '/my-account', title: 'My Profile', flow: 'corporate', state: 'myAccount', module: 'src/views/corporate/MyAccountView.tsx', screen: 'MyAccountView', hidesNavbar: true },
  // Issue 34: a company account's members (an account admin invites and removes them).
  { path: '/members', title: 'Members', flow: 'corporate', state: 'members', module: 'src/views/corporate/MembersView.tsx', screen: 'MembersView', hidesNavbar: true },
  { path: '/book-now', title: 'Book Now', flow: 'corporate', module: 'src/views/corporate/BookNowView.tsx', screen: 'BookNowView' },
  // Issue 34: a company account's mailed invitation (#token=…): set a password or join with the existing account.
  { path: '/account-invitation', title: 'Join your company account', flow: 'corporate', module: 'src/views/corporate/AccountInvitationView.tsx', screen: 'AccountInvitationView', hidesNavbar: true },
  // Issue 18: the "Manage your booking" link of the confirmation mail (rendered in the browser: it needs the link's token).
  { path: '/manage-booking', title: 'Manage your booking', flow: 'manageBooking', module: 'src/views/manageBooking/ManageBookingView.tsx', screen: 'ManageBookingView' },
  // Issue 17: a quote offer's mailed link (#token=…), handed to the booking flow at the offered vehicle.
  { path: '/quote-offer', title: 'Your quote', flow: 'quoteOffer', module: 'src/views/quoteOffer/QuoteOfferView.tsx', screen: 'QuoteOfferView' },
  // Issue 34: a phone booking's mailed card payment link (#token=…): the trip, the price and the card form.
  { path: '/pay-booking', title: 'Pay for your booking', flow: 'payBooking', module: 'src/views/payBooking/PayBookingView.tsx', screen: 'PayBookingView' },
  { path: '/forgot_password', title: 'Forgot password', flow: 'forgotPassword', module: 'src/views/forgotPassword/ForgotPasswordView.tsx', screen: 'ForgotPasswordView' },
] as const satisfies readonly PublicRoute[];

/**
 * The operator console (issue 17): every path under `prefix` is one lazy app (`module`'s `screen`, rendered in the
 * browser only) whose session machine names its pages (machines/console/console.routes.ts). `entries` are its ways in,
 * whose documents the server preloads the app for; no navbar, and a document policy of its own.
 */
export const CONSOLE_AREA = {
  prefix: '/admin',
  module: 'src/views/console/ConsoleApp.tsx',
  screen: 'ConsoleApp',
  entries: ['/admin', '/admin/sign-in', '/admin/set-password', '/admin/bookings'],
} as const;

/** A path of the operator console (case, a trailing slash, a query and a fragment ignored). */
export function isConsolePath(pathname: string): boolean {
  const key = routeKey(pathname.split(/[?#]/, 1)[0] ?? '');
  return key === CONSOLE_AREA.prefix || key.startsWith(`${CONSOLE_AREA.prefix}/`);
}

/**
 * The driver's app (issue 32): every path under `prefix` is one lazy app (rendered in the browser only, like the
 * console) whose statechart (machines/driver) names its screens. `entries` are its ways in: the app, and the
 * set-password link the invitation mails (token in the fragment).
 */
export const DRIVER_AREA = {
  prefix: '/driver',
  module: 'src/views/driver/DriverApp.tsx',
  screen: 'DriverApp',
  entries: ['/driver', '/driver/set-password'],
} as const;

/** A path of the driver's app (case, a trailing slash, a query and a fragment ignored). */
export function isDriverPath(pathname: string): boolean {
  const key = routeKey(pathname.split(/[?#]/, 1)[0] ?? '');
  return key === DRIVER_AREA.prefix || key.startsWith(`${DRIVER_AREA.prefix}/`);
}

/** The manifest entry of a path (case and a trailing slash ignored), or undefined for a path the site does not serve. */
export function publicRoute(pathname: string): PublicRoute | undefined {
  const key = routeKey(pathname.split(/[?#]/, 1)[0] ?? '');
  return (PUBLIC_ROUTES as readonly PublicRoute[]).find((route) => route.path.toLowerCase() === key);
}

/** The paths of one flow's routed states, in table order (the first path of a state is the one the URL is put on). */
export function routedPaths<S extends string>(flow: Flow): { state: S; path: string }[] {
  return (PUBLIC_ROUTES as readonly PublicRoute[]).filter((route) => route.flow === flow && route.state !== undefined).map((route) => ({ state: route.state as S, path: route.path }));
}

/** The one path of a flow that is a single page (its statechart has no routed states), as the manifest spells it. */
export function flowPath(flow: Exclude<Flow, 'booking' | 'corporate' | 'page'>): string {
  const route = (PUBLIC_ROUTES as readonly PublicRoute[]).find((entry) => entry.flow === flow);
  if (!route) throw new Error(`The route manifest has no page of the flow ${flow}`);
  return route.path;
}

/**
 * The server's preload table: the lazy modules (Vite manifest keys) a path's first screen needs; none for an eager one.
 * The console's and the driver app's ways in preload their app.
 */
export function routeModules(pathname: string): string[] {
  if ((CONSOLE_AREA.entries as readonly string[]).includes(routeKey(pathname.split(/[?#]/, 1)[0] ?? ''))) return [CONSOLE_AREA.module];
  if ((DRIVER_AREA.entries as readonly string[]).includes(routeKey(pathname.split(/[?#]/, 1)[0] ?? ''))) return [DRIVER_AREA.module];
  const route = publicRoute(pathname);
  if (!route || route.eager) return [];
  return [route.module, ...(route.preload ?? [])];
}
