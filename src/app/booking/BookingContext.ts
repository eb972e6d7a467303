/**
 * The booking flow's actor context: one long-lived booking actor for the whole site, provided by
 * <BookingProvider> (BookingProvider.tsx, which restores its input from localStorage).
 *
 *   const step = Booking.useSelector(selectStepOfPath)        // select narrowly (machines/booking selectors)
 *   const booking = Booking.useActorRef(); booking.send({ type: 'details.next' })
 *
 * The same API as @xstate/react's createActorContext (Provider with `logic` and `options`, useSelector,
 * useActorRef), with one difference: without a `logic` prop the machine's code (machines/booking,
 * bookingLogic.ts) loads as a separate chunk right after the page starts, keeping it out of the home page's
 * initial JavaScript. Until the actor exists (and, with `awaitRoute`, is on the page's step), useSelector and
 * useActorRef suspend (the route's Suspense fallback shows); the home form, which must render at once, and the
 * page-wide parts (RouteSync, alerts, price loader) use the optional hooks instead. useOptionalSelector gives its
 * fallback until then: a view never renders the machine's initial state while RouteSync is about to move it.
 *
 * useSelector throws when the actor has errored; BookingProvider wraps the flow in an error boundary.
 */
import { useSelector as useActorSelector } from '@xstate/react';
import { createContext, createElement, startTransition, use, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createActor, type Actor, type ActorOptions, type SnapshotFrom } from 'xstate';
import type { BookingInput } from '../../../machines/booking/booking.context.ts';
import { afterNextPaint } from '../afterNextPaint.ts';
import { useHydrating } from '../renderMode.ts';
import type { BookingLogic } from './bookingLogic.ts';

export type BookingActor = Actor<BookingLogic>;
export type BookingLogicSnapshot = SnapshotFrom<BookingLogic>;

let loaded: BookingLogic | null = null;
let loading: Promise<BookingLogic> | null = null;

/** Loads the booking machine with its real effects (once). */
export function loadBookingLogic(): Promise<BookingLogic> {
  loading ??= import('./bookingLogic.ts').then((module) => (loaded = module.bookingLogic));
  return loading;
}

/**
 * Resolves at the visitor's first tap or click, key, focus, scroll or mouse movement on the page, once the frame
 * answering it has been painted, or 200 ms later when no frame comes (a background tab). Issue 37: the booking machine's
 * code, its evaluation and the views' render then come after the tap's own answer instead of delaying it (a touch's
 * pointerdown comes before its click, so it is not a sign here: loading on it ran the code between the two).
 */
function firstInteraction(): Promise<void> {
  const events = ['click', 'keydown', 'focusin', 'wheel', 'scroll', 'pointermove'] as const;
  return new Promise((resolve) => {
    const done = (event: Event) => {
      // A finger's movement is part of a tap or a scroll (the scroll event says so); a mouse's comes before its click.
      if (event.type === 'pointermove' && (event as PointerEvent).pointerType !== 'mouse') return;
      for (const type of events) window.removeEventListener(type, done, true);
      void afterNextPaint(200).then(resolve);
    };
    for (const type of events) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/** The page's step, settled by RouteSync once it has sent the page's path to a new actor (`awaitRoute`). */
interface RouteGate {
  settled: boolean;
  promise: Promise<void>;
  settle: () => void;
  /** Calls `listener` when the gate settles (the optional selectors re-read then). */
  subscribe: (listener: () => void) => () => void;
}

interface Slot {
  actor: BookingActor | null;
  /** Resolves with the actor once it runs; rejects when the machine's code cannot be loaded. */
  ready: Promise<BookingActor>;
  route: RouteGate | null;
}

const SlotContext = createContext<Slot | null>(null);

/** The machine requires its input; the options carry it (as with createActorContext's Provider). */
const newActor = (machine: BookingLogic, options: ActorOptions<BookingLogic> | undefined) =>
  createActor(machine, options as ActorOptions<BookingLogic> & { input: BookingInput });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

interface ProviderProps {
  children: ReactNode;
  /** The machine to run (tests pass one with stub actors); default: the real one, loaded lazily. */
  logic?: BookingLogic;
  options?: ActorOptions<BookingLogic>;
  /**
   * The booking views wait (suspend) until RouteSync has put a new actor on the page's step (`useSettleRoute`). A
   * reloaded step then renders once, in a transition (in slices), instead of first at the machine's initial state
   * and again, synchronously, when the path's `route.enter` changes the state (one long task on a phone).
   */
  awaitRoute?: boolean;
  /** A running actor already on the page's step (the server's render of a booking step, and its hydration). */
  actor?: BookingActor;
}

function routeGate(): RouteGate {
  const { promise, resolve } = deferred<void>();
  const listeners = new Set<() => void>();
  const gate: RouteGate = {
    settled: false,
    promise,
    settle: () => {
      if (gate.settled) return;
      gate.settled = true;
      resolve();
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return gate;
}

function Provider({ children, logic, options, awaitRoute = false, actor: given }: ProviderProps) {
  const [ready] = useState(() => deferred<BookingActor>());
  const [route] = useState(() => (awaitRoute && !given ? routeGate() : null));
  const [actor, setActor] = useState<BookingActor | null>(() => {
    if (given) return given;
    const known = logic ?? loaded;
    return known ? newActor(known, options) : null;
  });
  const pendingStop = useRef<ReturnType<typeof setTimeout> | null>(null);

  // On a server-rendered page a fresh visitor has no booking yet, and nothing on it needs the machine before they
  // start using the page: its code (with the API schemas) then loads at their first interaction, not while the phone
  // is still hydrating the page (Lighthouse: total blocking time).
  const hydrating = useHydrating();
  const [waitForVisitor] = useState(hydrating);

  // Load the machine when it was not at hand; create the actor once.
  useEffect(() => {
    if (actor) return;
    let live = true;
    (waitForVisitor ? firstInteraction() : Promise.resolve())
      .then(loadBookingLogic)
      .then(
        // Started before React sees it, so RouteSync's first event is handled at once. In a transition: the booking
        // views waiting for the actor then render in slices, not in one long task.
        (machine) => {
          if (!live) return;
          const created = newActor(machine, options);
          created.start();
          // Signed in to the corporate area: the flow learns who books and what their account allows (issue 34).
          void import('./bookingLogic.ts').then((module) => module.syncMember(created));
          startTransition(() => setActor(created));
        },
        (error: unknown) => {
          console.error('The booking flow could not be loaded', error);
          ready.reject(error);
        },
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Run the actor while mounted. A stop is deferred a tick so that React's strict-mode remount (cleanup, then the
  // effect again at once) keeps the same running actor instead of a stopped one.
  useEffect(() => {
    if (!actor) return;
    if (pendingStop.current) clearTimeout(pendingStop.current);
    pendingStop.current = null;
    actor.start();
    ready.resolve(actor);
    return () => {
      pendingStop.current = setTimeout(() => actor.stop(), 0);
    };
  }, [actor, ready]);

  const slot = useSlotValue(actor, ready.promise, route);
  return createElement(SlotContext.Provider, { value: slot }, children);
}
Provider.displayName = 'BookingProvider';

function useSlotValue(actor: BookingActor | null, ready: Promise<BookingActor>, route: RouteGate | null): Slot {
  const ref = useRef<Slot | null>(null);
  if (!ref.current || ref.current.actor !== actor) ref.current = { actor, ready, route };
  return ref.current;
}

function useSlot(): Slot {
  const slot = useContext(SlotContext);
  if (!slot) throw new Error('A Booking hook was used outside <Booking.Provider>');
  return slot;
}

/** The running actor; suspends until it exists (and, with `awaitRoute`, until it is on the page's step). */
function useActorRef(): BookingActor {
  const slot = useSlot();
  const actor = slot.actor ?? use(slot.ready);
  if (slot.route && !slot.route.settled) use(slot.route.promise);
  return actor;
}

function useSelector<T>(selector: (snapshot: BookingLogicSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  const actor = useActorRef();
  return useActorSelector(actor, selector, compare);
}

/** The actor when it runs, else null (never suspends). */
function useOptionalActorRef(): BookingActor | null {
  return useSlot().actor;
}

const subscribeNever = () => () => {};

/** The running actor once it is on the page's step (as useActorRef has it), else null (never suspends). */
function useActorOnStep(): BookingActor | null {
  const { actor, route } = useSlot();
  const settled = useSyncExternalStore(route?.subscribe ?? subscribeNever, () => route?.settled ?? true, () => route?.settled ?? true);
  return settled ? actor : null;
}

/**
 * `selector` of the running actor's snapshot, or `fallback` until it runs (and, with `awaitRoute`, is on the page's
 * step); never suspends. A lazily started actor is first at the machine's initial state, until RouteSync's `route.enter`.
 */
function useOptionalSelector<T>(selector: (snapshot: BookingLogicSnapshot) => T, fallback: T): T {
  const actor = useActorOnStep();
  return useActorSelector(actor ?? undefined, (snapshot: BookingLogicSnapshot | undefined) => (snapshot ? selector(snapshot) : fallback));
}

/** A promise of the running actor, for effects that may fire before it exists (the home form's Search). */
function useReady(): Promise<BookingActor> {
  return useSlot().ready;
}

/** Releases the views waiting for the page's step (RouteSync, after its first `route.enter`); idempotent. */
function useSettleRoute(): () => void {
  const route = useSlot().route;
  return () => route?.settle();
}

export const Booking = { Provider, useActorRef, useSelector, useOptionalActorRef, useOptionalSelector, useReady, useSettleRoute };
