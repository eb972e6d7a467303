import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { selectSettingsLoading } from '../../machines/app/app.selectors.ts';
import { BookingAlerts } from '../components/booking/BookingAlerts.tsx';
import { PriceLoader } from '../components/booking/PriceLoader.tsx';
import { AppActor } from './appLogic.ts';
import { BookingProvider } from './booking/BookingProvider.tsx';
import { DocumentBoundary } from './DocumentBoundary.tsx';
import { Footer } from './Footer.tsx';
import { LoadingScreen, RouteFallback } from './LoadingScreen.tsx';
import { Navbar } from './Navbar.tsx';
import { footerVisible, navbarVisible } from './navigation.ts';
import { AppRoutes, ConsoleApp, DriverApp, isConsolePath, isDriverPath, routeFor } from './routes.tsx';
import { RouteSync } from './RouteSync.tsx';
import { useSettings } from './useSettings.ts';
import classes from './Shell.module.css';

/**
 * Marks the page as ready (`<html data-app-ready>`) once the routed view has committed, that is rendered or, on a
 * server-rendered page, hydrated: before that the server's HTML shows but does not react. Tests wait for it.
 */
function RouteReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

/** Page chrome of spec §2 Shell: the loading overlay, then navbar (when shown), the routed view and the footer (when shown). */
export function Shell() {
  const loading = AppActor.useSelector(selectSettingsLoading);
  const settings = useSettings();
  const [location] = useLocation();
  const [routeLoading, setRouteLoading] = useState(false);

  const inConsole = isConsolePath(location);
  const inDriverApp = isDriverPath(location);

  // The page as first shown stays where the browser, or the visitor scrolling while it loaded, put it: scrolling it to
  // the top as it hydrates moved the page under a finger already on its way to a button (issue 37, lost taps).
  const shownLocation = useRef(location);
  useEffect(() => {
    // The console titles its own pages ("(2) Bookings — cabflow"), the driver's app its own.
    if (inConsole || inDriverApp) return;
    // Another page of the site starts at its top.
    if (shownLocation.current !== location) window.scrollTo(0, 0);
    shownLocation.current = location;
    const title = routeFor(location)?.title;
    const company = settings.Company_Name;
    document.title = [title, company].filter(Boolean).join(' | ') || 'Book a taxi';
  }, [location, settings.Company_Name, inConsole, inDriverApp]);

  // The operator console has its own layout and landmarks: none of the website's chrome or booking flow.
  if (inConsole)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <DocumentBoundary>
          <ConsoleApp />
        </DocumentBoundary>
        <RouteReady />
      </Suspense>
    );

  // The driver's app (issue 32): its own phone-first layout, none of the website's chrome.
  if (inDriverApp)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <DocumentBoundary>
          <DriverApp />
        </DocumentBoundary>
        <RouteReady />
      </Suspense>
    );

  if (loading) return <LoadingScreen />;

  // The booking flow (machines/booking) starts once the settings are in: its actor, the URL sync, the price loader and its alerts.
  return (
    <BookingProvider>
      <div className={classes.shell}>
        {/* First tab stop: past the navbar to the page (WCAG 2.4.1); shows only when focused. */}
        <a href="#main" className={classes.skipLink}>
          Skip to main content
        </a>
        {/* Suspense boundaries: on a server-rendered page each is hydrated in a pass of its own (shorter tasks). */}
        <Suspense>{navbarVisible(settings, location) && <Navbar />}</Suspense>
        <main className={classes.main} id="main" tabIndex={-1}>
          <Suspense fallback={<RouteFallback onPending={setRouteLoading} />}>
            <AppRoutes />
            <RouteReady />
          </Suspense>
        </main>
        {/* Not while a lazy view's code loads: it would show and then be pushed down by the view (Lighthouse:
            layout shift 0.1–0.4). */}
        <Suspense>{footerVisible(settings) && !routeLoading && <Footer />}</Suspense>
      </div>
      <RouteSync />
      <PriceLoader />
      <BookingAlerts />
    </BookingProvider>
  );
}
