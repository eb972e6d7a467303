/** The offer flow of a booking's page (issue 32): idle → choosing a driver on duty → sending → sent, or refused with the server's message. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleBookingDetail } from '../../contract/consoleBookings.ts';
import type { BookingStatus } from '../../contract/dispatch.ts';
import { DRIVER_MESSAGES, type OnDutyDriver } from '../../contract/driver.ts';
import { DISPATCH_TEXT, dispatchMachine } from './dispatch.machine.ts';
import { selectStage } from './dispatch.selectors.ts';

const detail = (status: BookingStatus, driver: { id: number; name: string } | null = null) =>
  ({ booking_number: 'CF-OFR', status, revision: 2, payment: { method: 'car' }, dispatch: { driver, vehicle: null } }) as unknown as ConsoleBookingDetail;
const onDuty = (id: number, name: string): OnDutyDriver => ({
  driver: { id, name },
  shift: { id: id * 10, vehicle: { id: 3, registration: 'LK21ABC', make: 'Toyota', model: 'Prius', colour: 'Silver', category_name: 'Saloon' }, started_at: '2030-01-01T08:00:00.000Z' },
  position: null,
  job: null,
});
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

function start(booking: ConsoleBookingDetail, options: { drivers?: () => Promise<OnDutyDriver[]>; send?: () => Promise<{ message: string }> } = {}) {
  const sent: { number: string; driverId: number }[] = [];
  const actor = createActor(
    dispatchMachine.provide({
      actors: {
        loadBooking: fromPromise(() => Promise.resolve(booking)),
        loadOnDuty: fromPromise(() => (options.drivers ? options.drivers() : Promise.resolve([onDuty(7, 'Dev Patel'), onDuty(8, 'Ann Lee')]))),
        sendOffer: fromPromise(({ input }) => {
          sent.push(input);
          return options.send ? options.send() : Promise.resolve({ message: DRIVER_MESSAGES.offered });
        }),
        bookingChanges: fromCallback(() => () => {}),
      },
    }),
    { input: { number: 'CF-OFR' } },
  );
  actor.start();
  return { actor, sent };
}

describe('consoleBooking: offering a job to a driver on duty', () => {
  it('lists the drivers on duty, sends the chosen one and says "Offer sent"', async () => {
    const { actor, sent } = start(detail('accepted'));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'offer.start' });
    expect(selectStage(actor.getSnapshot())).toBe('offering');
    await waitFor(actor, (s) => s.matches({ ready: { offering: 'choosing' } }));
    expect(actor.getSnapshot().context.onDuty!.map((d) => d.driver.name)).toEqual(['Dev Patel', 'Ann Lee']);
    actor.send({ type: 'offer.confirm' });
    expect(actor.getSnapshot().context.error).toBe(DISPATCH_TEXT.chooseDriver);
    expect(sent).toEqual([]);
    actor.send({ type: 'offer.choose', driverId: 8 });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'offer.confirm' });
    expect(actor.getSnapshot().matches({ ready: { offering: 'sending' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(sent).toEqual([{ number: 'CF-OFR', driverId: 8 }]);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: 'Offer sent' });
    expect(actor.getSnapshot().context.offerDriverId).toBeNull();
  });

  it("a refusal goes back to the choice with the server's message, the driver kept", async () => {
    const { actor, sent } = start(detail('accepted'), { send: () => Promise.reject(httpError(422, DRIVER_MESSAGES.driverNotOnDuty)) });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'offer.start' });
    await waitFor(actor, (s) => s.matches({ ready: { offering: 'choosing' } }));
    actor.send({ type: 'offer.choose', driverId: 7 });
    actor.send({ type: 'offer.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: { offering: 'choosing' } }));
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe(DRIVER_MESSAGES.driverNotOnDuty);
    expect(actor.getSnapshot().context.offerDriverId).toBe(7);
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('the drivers failing to load can be tried again', async () => {
    let calls = 0;
    const { actor } = start(detail('accepted'), { drivers: () => (++calls === 1 ? Promise.reject(httpError(503, 'Service unavailable')) : Promise.resolve([onDuty(7, 'Dev Patel')])) });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'offer.start' });
    await waitFor(actor, (s) => s.matches({ ready: { offering: 'driversFailed' } }));
    expect(actor.getSnapshot().context.error).toBe('Service unavailable');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ ready: { offering: 'choosing' } }));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each([['confirmed'], ['driver_assigned'], ['completed']] as const)('a %s booking cannot be offered', async (status) => {
    const { actor } = start(detail(status, status === 'confirmed' ? null : { id: 1, name: 'X' }));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'offer.start' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
