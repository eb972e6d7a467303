/**
 * The only place that maps booking paths ↔ the booking machine's routed states (ARCHITECTURE §5):
 *
 * - machine → URL: when the routed state changes (Search gave prices, Book Now, a popup's redirect, a guard's
 *   redirect) the URL follows with navigate(…, { replace: true }). Between pages (pricing, a popup on the home
 *   page) the URL is left alone.
 * - URL → machine: on page load (once the settings are in, so the guards see SHOWCARD) and whenever a booking
 *   path is typed, linked to or reached by Back/Forward, RouteSync sends `route.enter`; the machine's guards
 *   accept it or redirect to the nearest allowed step, and the URL is put where the machine is (also when an
 *   in-flight state ignores the request).
 * - /stripecheckout carries the query of spec §2: stripeKey and amount, each base64-encoded.
 *
 * Paths outside the booking flow (/contactus, /ourfleet, …) never move the machine, and the machine never moves
 * the visitor off them unless its routed state changes.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { selectSettingsLoading } from '../../machines/app/app.selectors.ts';
import { isBookingPath, pathForState, type RoutedStateId } from '../../machines/booking/booking.routes.ts';
import { selectAmountToPayMinor, selectPublishableKey, selectRoutedStateId, type BookingSnapshot } from '../../machines/booking/booking.selectors.ts';
import { encodeBase64 } from '../storage/codec.ts';
import { AppActor } from './appLogic.ts';
import { Booking } from './booking/BookingContext.ts';

/** The /stripecheckout query: `stripeKey` and `amount` (minor units), each base64 then URL-encoded; '' until the key is known. */
export function cardCheckoutQuery(s: BookingSnapshot): string {
  const key = selectPublishableKey(s);
  if (!key) return '';
  return `stripeKey=${encodeURIComponent(encodeBase64(key))}&amount=${encodeURIComponent(encodeBase64(String(selectAmountToPayMinor(s))))}`;
}

export function RouteSync() {
  // Optional hooks: RouteSync renders from the start and acts once the booking actor runs.
  const actor = Booking.useOptionalActorRef();
  const settingsLoading = AppActor.useSelector(selectSettingsLoading);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const routedId = Booking.useOptionalSelector(selectRoutedStateId, null);
  const cardQuery = Booking.useOptionalSelector((s) => (s.matches('cardCheckout') ? cardCheckoutQuery(s) : ''), '');
  const settleRoute = Booking.useSettleRoute();
  const started = useRef(false);
  /** The routed state the URL was last put in step with, and its path. */
  const lastId = useRef<RoutedStateId | null>(null);
  const lastPath = useRef<string | null>(null);
  // Effects read the newest location, not the one of the render that scheduled them.
  const locationRef = useRef(location);
  locationRef.current = location;

  /** Put the URL where the machine is; `fallback` when the machine is between pages. */
  const follow = (id: RoutedStateId | null) => {
    const current = locationRef.current;
    if (id !== null) lastId.current = id;
    const target = id !== null ? pathForState(id, current) : lastPath.current;
    if (target === null) return;
    lastPath.current = target;
    if (target !== current) navigate(target, { replace: true });
  };

  // Page load: restore the step the URL names (after a reload the machine starts from stored data), then let the
  // booking views render (they wait for it, see Booking.Provider's awaitRoute).
  useEffect(() => {
    if (settingsLoading || !actor || started.current) return;
    started.current = true;
    const path = locationRef.current;
    const id = selectRoutedStateId(actor.getSnapshot());
    if (!isBookingPath(path)) {
      lastId.current = id;
    } else if (id !== null && pathForState(id, path) === path) {
      // Already there: an actor prepared on the page's step (a server-rendered booking step).
      lastId.current = id;
      lastPath.current = path;
    } else {
      actor.send({ type: 'route.enter', path });
      follow(selectRoutedStateId(actor.getSnapshot()));
    }
    settleRoute();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settingsLoading, actor]);

  // Machine → URL, when the routed state changes.
  useEffect(() => {
    if (!started.current || !actor) return;
    const id = selectRoutedStateId(actor.getSnapshot());
    if (id === null || id === lastId.current) return;
    follow(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routedId]);

  // URL → machine, when a booking path is typed, linked to or reached by Back/Forward.
  useEffect(() => {
    if (!started.current || !actor || !isBookingPath(location)) return;
    const id = selectRoutedStateId(actor.getSnapshot());
    if (id !== null && pathForState(id, location) === location) {
      lastId.current = id;
      lastPath.current = location;
      return;
    }
    actor.send({ type: 'route.enter', path: location });
    follow(selectRoutedStateId(actor.getSnapshot()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location]);

  // The card page's query follows the publishable key and the amount.
  useEffect(() => {
    if (!started.current || routedId !== 'cardCheckout' || cardQuery === '' || location !== '/stripecheckout' || search === cardQuery) return;
    navigate(`/stripecheckout?${cardQuery}`, { replace: true });
  }, [routedId, cardQuery, location, search, navigate]);

  return null;
}
