// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingMachine } from '../../../machines/booking/index.ts';
import { selectRoutedStateId } from '../../../machines/booking/booking.selectors.ts';
import { Booking } from './BookingContext.ts';

/** Renders a Booking.Provider with the real machine; records every routed state an optional selector rendered. */
function renderProbe({ awaitRoute }: { awaitRoute: boolean }) {
  const seen: (string | null)[] = [];
  let enter!: (path: string | null) => void;
  function Probe() {
    seen.push(Booking.useOptionalSelector(selectRoutedStateId, null));
    return null;
  }
  // What RouteSync does once the actor runs: route.enter for the page's path (none when the machine already shows it), then settle.
  function Route() {
    const actor = Booking.useOptionalActorRef();
    const settle = Booking.useSettleRoute();
    enter = (path) => {
      if (path) actor!.send({ type: 'route.enter', path });
      settle();
    };
    return null;
  }
  render(
    <Booking.Provider logic={bookingMachine} awaitRoute={awaitRoute} options={{ input: { idempotencyKey: 'k' } }}>
      <Probe />
      <Route />
    </Booking.Provider>,
  );
  return { seen, enter: (path: string | null) => act(() => enter(path)) };
}

describe('Booking.useOptionalSelector', () => {
  it('gives the fallback until the actor is on the page’s step, never the machine’s initial state', () => {
    const probe = renderProbe({ awaitRoute: true });
    expect(new Set(probe.seen)).toEqual(new Set([null]));
    probe.enter('/home');
    expect(probe.seen.at(-1)).toBe('home');
    expect(probe.seen).not.toContain('bookTrip');
  });

  it('reads the actor once the page settles without a move (the machine already shows the path)', () => {
    const probe = renderProbe({ awaitRoute: true });
    probe.enter(null);
    expect(probe.seen.at(-1)).toBe('bookTrip');
  });

  it('reads the running actor at once without awaitRoute', () => {
    const probe = renderProbe({ awaitRoute: false });
    expect(probe.seen.at(-1)).toBe('bookTrip');
  });
});
