/**
 * The one URL ↔ statechart sync, used by every routed flow (booking: RouteSync.tsx; corporate:
 * src/views/corporate/CorporateRouteSync.tsx; forgot password: ForgotPasswordView.tsx; the operator console:
 * src/views/console/ConsoleRouteSync.tsx; the manage page: ManageBookingView.tsx). A flow declares its routes (FlowRoutes,
 * built from the route manifest in machines/<flow>/<flow>.routes.ts) and the machine never navigates:
 *
 * - machine → URL: when the routed state changes, the URL follows with navigate(…, { replace: true }), so Back never
 *   returns to a page the machine only passed through. Between pages (a call in flight, a popup) the URL is left alone.
 * - URL → machine: when the flow is ready, and whenever one of the paths it `enters` is typed, linked to or reached by
 *   Back/Forward, the machine is sent `route.enter { path }` unless it already shows that path; its guards decide, and
 *   the URL is put where the machine is (also when an in-flight state ignores the request).
 *
 * Paths outside a flow never move its machine, and the machine never moves the visitor off them unless its routed
 * state changes.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface FlowRoutes<S> {
  /** The paths whose arrival is told to the machine (`route.enter`); none when absent (a flow started by its page). */
  enters?(path: string): boolean;
  /** Where the machine is: a key naming its routed state (with what its URL needs), or null between pages. */
  routeOf(snapshot: S): string | null;
  /** The URL (path, and query if any) of a routed state, given the current path (a state shown by several paths keeps it). */
  urlOf(route: string, currentPath: string): string;
  /**
   * The URL of a routed state is the whole address: a query the address has beyond it is dropped (the manage page's
   * `?step=` when the change ends). Without it a query the flow does not name is left alone (/stripecheckout's own).
   */
  ownsQuery?: true;
}

/** The flow's actor; it is sent `{ type: 'route.enter', path }` only when its routes declare `enters`. */
export interface RoutedActor<S> {
  getSnapshot(): S;
  send(event: never): void;
  subscribe(listener: (snapshot: S) => void): { unsubscribe(): void };
}

const routeEnter = (path: string) => ({ type: 'route.enter', path }) as never;

interface SyncOptions<S> {
  /** The flow's actor, or null until it runs. */
  actor: RoutedActor<S> | null;
  routes: FlowRoutes<S>;
  /** False until the machine may be asked (booking: once the settings are in, so the guards see SHOWCARD). */
  ready?: boolean;
  /** Called once, after the page's first `route.enter` (or none) was handled. */
  onStart?: () => void;
}

/** Keeps the URL and the flow's machine in step (see the file comment). Returns nothing: it only navigates and sends. */
export function useRouteSync<S>({ actor, routes, ready = true, onStart }: SyncOptions<S>): void {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const started = useRef(false);
  /** The routed state the URL was last put in step with, and its URL. */
  const lastRoute = useRef<string | null>(null);
  const lastUrl = useRef<string | null>(null);
  // Effects read the newest location, not the one of the render that scheduled them.
  const locationRef = useRef({ path: location, search });
  locationRef.current = { path: location, search };

  /** Put the URL where the machine is; back where it was put last when the machine is between pages. */
  const follow = (routed: string | null) => {
    const { path, search: query } = locationRef.current;
    if (routed !== null) lastRoute.current = routed;
    const target = routed !== null ? routes.urlOf(routed, path) : lastUrl.current;
    if (target === null) return;
    lastUrl.current = target;
    const current = query ? `${path}?${query}` : path;
    if (target !== current && (routes.ownsQuery || target !== path)) navigate(target, { replace: true });
  };

  /** A path of the flow was arrived at: record it when the machine shows it, else tell the machine and follow it. */
  const arrive = (sync: RoutedActor<S>, path: string) => {
    const routed = routes.routeOf(sync.getSnapshot());
    if (routed !== null && routes.urlOf(routed, path) === path) {
      lastRoute.current = routed;
      lastUrl.current = path;
      return;
    }
    sync.send(routeEnter(path));
    follow(routes.routeOf(sync.getSnapshot()));
  };

  // The flow starts: restore the state the URL names (after a reload the machine starts from stored data).
  useEffect(() => {
    if (!ready || !actor || started.current) return;
    started.current = true;
    const path = locationRef.current.path;
    if (routes.enters?.(path)) arrive(actor, path);
    else lastRoute.current = routes.routeOf(actor.getSnapshot());
    onStart?.();
    // Once per actor: the address is read from locationRef, and a flow's routes are a module constant.
  }, [ready, actor]);

  // Machine → URL, on every change of the routed state (also one reached again from between pages: signed in once
  // more). A subscription rather than a selected value: each transition counts, however React batches renders.
  useEffect(() => {
    if (!ready || !actor) return;
    let previous = routes.routeOf(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const route = routes.routeOf(snapshot);
      const fromBetweenPages = previous === null;
      if (route === previous && !fromBetweenPages) return;
      previous = route;
      if (!started.current || route === null || (route === lastRoute.current && !fromBetweenPages)) return;
      follow(route);
    });
    return () => subscription.unsubscribe();
    // Once per actor: the address is read from locationRef, and a flow's routes are a module constant.
  }, [ready, actor]);

  // URL → machine, when a path of the flow is typed, linked to or reached by Back/Forward.
  useEffect(() => {
    if (!started.current || !actor || !routes.enters?.(location)) return;
    arrive(actor, location);
    // Only a change of address arrives: the actor's own moves are the effect above's.
  }, [location]);
}
