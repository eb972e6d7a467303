/**
 * The booking flow's RouteSync (the shared protocol is useRouteSync.ts): its routes are the manifest's booking paths
 * (machines/booking/booking.routes.ts), and it starts once the settings are in (the guards see SHOWCARD), then lets the
 * booking views render (they wait for it, see Booking.Provider's awaitRoute).
 * /stripecheckout carries the query of spec §2: stripeKey and amount, each base64-encoded.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { selectSettingsLoading } from '../../machines/app/app.selectors.ts';
import { isBookingPath, pathForState, type RoutedStateId } from '../../machines/booking/booking.routes.ts';
import { selectAmountToPayMinor, selectPublishableKey, selectRoutedStateId, type BookingSnapshot } from '../../machines/booking/booking.selectors.ts';
import { encodeBase64 } from '../storage/codec.ts';
import { AppActor } from './appLogic.ts';
import { Booking } from './booking/BookingContext.ts';
import { useRouteSync, type FlowRoutes } from './useRouteSync.ts';

/** The /stripecheckout query: `stripeKey` and `amount` (minor units), each base64 then URL-encoded; '' until the key is known. */
export function cardCheckoutQuery(s: BookingSnapshot): string {
  const key = selectPublishableKey(s);
  if (!key) return '';
  return `stripeKey=${encodeURIComponent(encodeBase64(key))}&amount=${encodeURIComponent(encodeBase64(String(selectAmountToPayMinor(s))))}`;
}

export const BOOKING_FLOW_ROUTES: FlowRoutes<BookingSnapshot> = {
  enters: isBookingPath,
  routeOf: selectRoutedStateId,
  urlOf: (route, currentPath) => pathForState(route as RoutedStateId, currentPath),
};

export function RouteSync() {
  // Optional hooks: RouteSync renders from the start and acts once the booking actor runs.
  const actor = Booking.useOptionalActorRef();
  const settingsLoading = AppActor.useSelector(selectSettingsLoading);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const routedId = Booking.useOptionalSelector(selectRoutedStateId, null);
  const cardQuery = Booking.useOptionalSelector((s) => (s.matches('cardCheckout') ? cardCheckoutQuery(s) : ''), '');
  const settleRoute = Booking.useSettleRoute();
  useRouteSync({ actor, routes: BOOKING_FLOW_ROUTES, ready: !settingsLoading, onStart: settleRoute });

  // The card page's query follows the publishable key and the amount.
  useEffect(() => {
    if (routedId !== 'cardCheckout' || cardQuery === '' || location !== '/stripecheckout' || search === cardQuery) return;
    navigate(`/stripecheckout?${cardQuery}`, { replace: true });
  }, [routedId, cardQuery, location, search, navigate]);

  return null;
}
