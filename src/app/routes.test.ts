import { describe, expect, it } from 'vitest';
import { QUOTE_OFFER_ROUTE } from '../../contract/consoleEnquiries.ts';
import { DRIVER_SET_PASSWORD_ROUTE } from '../../contract/driver.ts';
import { MANAGE_BOOKING_ROUTE } from '../../contract/manageBooking.ts';
import { CONSOLE_AREA, DRIVER_AREA, flowPath, isConsolePath, isDriverPath, PUBLIC_ROUTES, publicRoute, routeModules, type PublicRoute } from '../../contract/routeManifest.ts';
import { BOOKING_ROUTES } from '../../machines/booking/booking.routes.ts';
import { CONSOLE_BASE, HOME_PAGE, pathOfPage, SET_PASSWORD_PATH, SIGN_IN_PATH } from '../../machines/console/console.routes.ts';
import { globKey, ROUTES, routeFor, VIEW_MODULES } from './routes.tsx';

const routes = PUBLIC_ROUTES as readonly PublicRoute[];

describe('the route manifest', () => {
  it('gives the router one route per path, with its title, and every lazy screen a module the build splits out', async () => {
    expect(ROUTES.map((route) => route.path)).toEqual(routes.map((route) => route.path));
    expect(new Set(routes.map((route) => route.path.toLowerCase())).size).toBe(routes.length);
    expect(routeFor('/QuotationView/')?.title).toBe('Quotation');
    for (const route of routes.filter((r) => !r.eager)) {
      const load = VIEW_MODULES[globKey(route.module)];
      expect(load, route.module).toBeTypeOf('function');
      expect(typeof (await load())[route.screen], `${route.module} exports ${route.screen}`).toBe('function');
    }
  }, 60_000); // imports every view

  it("is the booking flow's path table: each routed state's first path is where the URL is put", () => {
    expect(BOOKING_ROUTES).toEqual([
      { id: 'bookTrip', paths: ['/', '/booktripview'] },
      { id: 'home', paths: ['/home'] },
      { id: 'quotation', paths: ['/quotationview'] },
      { id: 'personalDetails', paths: ['/personalDetailView'] },
      { id: 'payment', paths: ['/paymentview'] },
      { id: 'cardCheckout', paths: ['/stripecheckout'] },
      { id: 'confirmed', paths: ['/paymentSuccessView'] },
      { id: 'quoteRequest', paths: ['/quoteView'] },
    ]);
  });

  it("gives the server's preload table each lazy route's modules, none for the home page or an unknown path", () => {
    expect(routeModules('/quotationview')).toEqual(['src/views/quotation/QuotationView.tsx', 'src/app/booking/bookingLogic.ts', 'src/app/booking/preparedStep.ts']);
    expect(routeModules('/CHECKOUT')).toEqual(['src/views/payment/PaymentView.tsx', 'src/app/booking/bookingLogic.ts']);
    expect(routeModules('/forgot_password')).toEqual(['src/views/forgotPassword/ForgotPasswordView.tsx']);
    expect(routeModules('/')).toEqual([]);
    expect(routeModules('/home')).toEqual([]);
    expect(routeModules('/nowhere')).toEqual([]);
    expect(publicRoute('/nowhere')).toBeUndefined();
  });

  it("gives the server's preload table the console's ways in, and tells console paths from public ones", () => {
    for (const entry of ['/admin', '/admin/sign-in', '/Admin/Set-Password/', '/admin/bookings']) expect(routeModules(entry), entry).toEqual(['src/views/console/ConsoleApp.tsx']);
    expect(routeModules('/admin/fleet')).toEqual([]);
    // The console's ways in: its base, sign-in, the set-password link's page and the board (where signing in lands).
    expect(CONSOLE_AREA.entries).toEqual([CONSOLE_BASE, SIGN_IN_PATH, SET_PASSWORD_PATH, pathOfPage(HOME_PAGE)]);
    expect(['/admin/staff', '/ADMIN', '/admin/set-password#token=x'].every(isConsolePath)).toBe(true);
    expect(['/', '/administrator', '/bookings', '/login'].some(isConsolePath)).toBe(false);
    expect(routes.some((route) => isConsolePath(route.path))).toBe(false);
  });

  it("gives the driver's app its own ways in (the invitation's set-password link among them), apart from the public and console paths", () => {
    for (const entry of ['/driver', '/Driver/', '/driver/set-password']) expect(routeModules(entry), entry).toEqual(['src/views/driver/DriverApp.tsx']);
    expect(DRIVER_AREA.entries).toContain(DRIVER_SET_PASSWORD_ROUTE);
    expect(['/driver', '/DRIVER/', '/driver/set-password#token=x'].every(isDriverPath)).toBe(true);
    expect(['/', '/drivers', '/admin', '/admin/driver'].some(isDriverPath)).toBe(false);
    expect(routes.some((route) => isDriverPath(route.path))).toBe(false);
  });

  it("names the link pages where the server's mails send their links", () => {
    expect(flowPath('manageBooking')).toBe(MANAGE_BOOKING_ROUTE);
    expect(flowPath('quoteOffer')).toBe(QUOTE_OFFER_ROUTE);
    expect(flowPath('forgotPassword')).toBe('/forgot_password');
  });
});
