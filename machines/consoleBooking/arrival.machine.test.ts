import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConsoleBookingDetail } from '../../contract/consoleBookings.ts';
import type { FlightView, ManualArrivalRequest } from '../../contract/flights.ts';
import { ARRIVAL_TEXT, arrivalMachine } from './arrival.machine.ts';

// 15 July 2026: British Summer Time, London = UTC+1.
const flight = (over: Partial<FlightView> = {}): FlightView => ({
  number: 'BA117',
  airport: 'LHR',
  status: '',
  scheduled_arrival: null,
  estimated_arrival: null,
  actual_arrival: null,
  manual_arrival: null,
  expected_arrival: null,
  arrival_source: null,
  cancelled: false,
  diverted: false,
  domestic: null,
  origin: null,
  driver_due_at: null,
  wait_minutes: 30,
  needs_action: null,
  last_checked_at: null,
  last_result: null,
  lookups_used: 0,
  lookup_budget: 8,
  ...over,
});
const booking = (f: FlightView | null) => ({ booking_number: 'CF-ARR-1', pickup_at: '2026-07-15T13:30:00.000Z', flight: f }) as unknown as ConsoleBookingDetail;

function start(f: FlightView | null, answer: (request: ManualArrivalRequest) => Promise<{ message: string; booking: ConsoleBookingDetail }>) {
  const sent: ManualArrivalRequest[] = [];
  const actor = createActor(
    arrivalMachine.provide({
      actors: {
        setArrival: fromPromise(async ({ input }) => {
          sent.push(input.request);
          return answer(input.request);
        }),
      },
    }),
    { input: { booking: booking(f) } },
  ).start();
  return { actor, sent };
}

describe("the console's expected arrival (machines/consoleBooking/arrival.machine.ts)", () => {
  it('prefills the pick-up day without a known arrival, sends the typed London date and time, and shows the new due time', async () => {
    const saved = flight({ manual_arrival: '2026-07-15T14:00:00.000Z', expected_arrival: '2026-07-15T14:00:00.000Z', arrival_source: 'manual', driver_due_at: '2026-07-15T14:30:00.000Z' });
    const { actor, sent } = start(flight(), async () => ({ message: 'Expected arrival saved. The driver is due accordingly.', booking: booking(saved) }));
    expect(actor.getSnapshot().context.draft).toEqual({ date: '2026-07-15', time: '' });
    actor.send({ type: 'arrival.edit', draft: { time: '15:00' } });
    actor.send({ type: 'arrival.save' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([{ expected_arrival: { date: '2026-07-15', time: '15:00' } }]);
    const context = actor.getSnapshot().context;
    expect(context.notice).toBe('Expected arrival saved. The driver is due accordingly.');
    expect(context.flight?.driver_due_at).toBe('2026-07-15T14:30:00.000Z');
    // Prefilled from the typed arrival now, in London time.
    expect(context.draft).toEqual({ date: '2026-07-15', time: '15:00' });
  });

  it('says what is wrong with a half-typed time and sends nothing', () => {
    const { actor, sent } = start(flight(), async () => Promise.reject(new Error('not called')));
    actor.send({ type: 'arrival.edit', draft: { time: '9:5' } });
    actor.send({ type: 'arrival.save' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(ARRIVAL_TEXT.badDraft);
    expect(sent).toEqual([]);
  });

  it("prefills from the provider's expected arrival and clears only a typed one", async () => {
    const { actor, sent } = start(flight({ expected_arrival: '2026-07-15T13:35:00.000Z' }), async () => ({ message: 'Expected arrival cleared.', booking: booking(flight()) }));
    expect(actor.getSnapshot().context.draft).toEqual({ date: '2026-07-15', time: '14:35' });
    actor.send({ type: 'arrival.clear' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'booking.changed', booking: booking(flight({ manual_arrival: '2026-07-15T14:00:00.000Z' })) });
    actor.send({ type: 'arrival.clear' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.notice !== null);
    expect(sent).toEqual([{ expected_arrival: null }]);
    expect(actor.getSnapshot().context.notice).toBe('Expected arrival cleared.');
  });

  it("shows the server's refusal and keeps the draft; a reload keeps what the dispatcher is typing", async () => {
    const refusal = Object.assign(new Error('The expected arrival must be within a day of the pick-up time.'), { status: 422 });
    const { actor } = start(flight(), async () => Promise.reject(refusal));
    actor.send({ type: 'arrival.edit', draft: { date: '2026-07-20', time: '10:00' } });
    actor.send({ type: 'booking.changed', booking: booking(flight({ estimated_arrival: '2026-07-15T13:00:00.000Z', expected_arrival: '2026-07-15T13:00:00.000Z' })) });
    expect(actor.getSnapshot().context.draft).toEqual({ date: '2026-07-20', time: '10:00' });
    expect(actor.getSnapshot().context.flight?.expected_arrival).toBe('2026-07-15T13:00:00.000Z');
    actor.send({ type: 'arrival.save' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The expected arrival must be within a day of the pick-up time.');
    // A network fault: the page's own words.
    const offline = start(flight(), async () => Promise.reject(new TypeError('fetch failed')));
    offline.actor.send({ type: 'arrival.edit', draft: { time: '10:00' } });
    offline.actor.send({ type: 'arrival.save' });
    await waitFor(offline.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(offline.actor.getSnapshot().context.error).toBe(ARRIVAL_TEXT.failed);
  });

  it('does nothing for a booking without a followed flight', () => {
    const { actor, sent } = start(null, async () => Promise.reject(new Error('not called')));
    actor.send({ type: 'arrival.edit', draft: { time: '10:00' } });
    actor.send({ type: 'arrival.save' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toEqual([]);
  });
});
