/**
 * The route table of spec §2, registered with wouter. Home ships in the main bundle; every other view is
 * a lazy chunk, so the home page loads only what it shows. Unknown paths redirect to / (replace).
 * (When the booking machine lands, src/app/RouteSync maps its routed states to these paths.)
 */
import { lazy, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { routeKey } from '../../contract/routeKey.ts';
import { HomeView } from '../views/home/HomeView.tsx';
import { DocumentBoundary } from './DocumentBoundary.tsx';

function lazyView<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export interface RouteDef {
  path: string;
  /** Browser tab title, before ' | {Company_Name}'. */
  title: string;
  component: ComponentType;
}

const QuotationView = lazyView(() => import('../views/quotation/QuotationView.tsx'), 'QuotationView');
const PaymentView = lazyView(() => import('../views/payment/PaymentView.tsx'), 'PaymentView');

export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: 'Book your taxi', component: HomeView },
  { path: '/home', title: 'Book your taxi', component: HomeView },
  { path: '/booktripview', title: 'Book a Trip', component: lazyView(() => import('../views/bookTrip/BookTripView.tsx'), 'BookTripView') },
  { path: '/quotationview', title: 'Quotation', component: QuotationView },
  { path: '/personalDetailView', title: 'Personal details', component: lazyView(() => import('../views/personalDetails/PersonalDetailsView.tsx'), 'PersonalDetailsView') },
  { path: '/paymentview', title: 'Payment', component: PaymentView },
  { path: '/stripecheckout', title: 'Card payment', component: lazyView(() => import('../views/card/CardPaymentView.tsx'), 'CardPaymentView') },
  // Spec: /checkout "appears only in the next-button logic"; it shows the payment step.
  { path: '/checkout', title: 'Payment', component: PaymentView },
  { path: '/paymentSuccessView', title: 'Booking confirmed', component: lazyView(() => import('../views/confirmation/ConfirmationView.tsx'), 'ConfirmationView') },
  { path: '/quoteView', title: 'Quote now', component: lazyView(() => import('../views/quoteRequest/QuoteRequestView.tsx'), 'QuoteRequestView') },
  { path: '/ourfleet', title: 'Our Fleet', component: lazyView(() => import('../views/fleet/OurFleetView.tsx'), 'OurFleetView') },
  { path: '/contactus', title: 'Contact Us', component: lazyView(() => import('../views/contact/ContactUsView.tsx'), 'ContactUsView') },
  { path: '/bookings', title: 'Bookings', component: lazyView(() => import('../views/corporate/BookingsView.tsx'), 'BookingsView') },
  { path: '/my-account', title: 'My Profile', component: lazyView(() => import('../views/corporate/MyAccountView.tsx'), 'MyAccountView') },
  { path: '/login', title: 'Corporate sign in', component: lazyView(() => import('../views/corporate/LoginView.tsx'), 'LoginView') },
  { path: '/book-now', title: 'Book Now', component: lazyView(() => import('../views/corporate/BookNowView.tsx'), 'BookNowView') },
  // Issue 18: the "Manage your booking" link of the confirmation mail (rendered in the browser: it needs the link's token).
  { path: '/manage-booking', title: 'Manage your booking', component: lazyView(() => import('../views/manageBooking/ManageBookingView.tsx'), 'ManageBookingView') },
  // Issue 17: a quote offer's mailed link (#token=…), handed to the booking flow at the offered vehicle (rendered in the browser: it needs the link's token).
  { path: '/quote-offer', title: 'Your quote', component: lazyView(() => import('../views/quoteOffer/QuoteOfferView.tsx'), 'QuoteOfferView') },
  { path: '/forgot_password', title: 'Forgot password', component: lazyView(() => import('../views/forgotPassword/ForgotPasswordView.tsx'), 'ForgotPasswordView') },
];

/**
 * The operator console (issue 17): every /admin path, one lazy chunk rendered in the browser with its own layout and
 * router sync (src/views/admin/ConsoleApp.tsx); the public pages never load it.
 */
export const CONSOLE_PREFIX = '/admin';
export const isConsolePath = (pathname: string) => {
  const path = routeKey(pathname);
  return path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`);
};
export const ConsoleApp = lazyView(() => import('../views/admin/ConsoleApp.tsx'), 'ConsoleApp');

export function routeFor(pathname: string): RouteDef | undefined {
  const path = routeKey(pathname);
  return ROUTES.find((route) => route.path.toLowerCase() === path);
}

/** The routed view, inside the document's boundary (a new document, or not in another site's frame: DocumentBoundary). */
export function AppRoutes() {
  return (
    <DocumentBoundary>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} component={route.component} />
        ))}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </DocumentBoundary>
  );
}
