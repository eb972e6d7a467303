/**
 * The `sync` region of the driver machine (beside `screen` in `signedIn`): the queued status taps go to the office in
 * order, one at a time, each with its idempotency key (the server applies a key once, so a tap sent twice after a
 * lost answer is applied once).
 *   idle        looks again after every change: the signal gone → held; a session restored from the phone →
 *               confirming; a tap queued → sending; the work shown not read since the signal went → probing
 *   held        no answer: the taps stay; the signal's return (`connection.back`) or the retry timer → trying
 *   confirming  the session the phone restored, checked (its CSRF token) before any tap goes
 *   sending     the first tap; answered → the next; no answer → held; refused → the server's message, the job as it
 *               now is, the taps queued after it for that job dropped with a notice
 *   probing     the work read again once the signal is back, so the screen is the office's again
 */
import { assign, enqueueActions, raise } from 'xstate';
import { afterRefusal, isInHand, stepNames } from './driver.queue.ts';
import { DRIVER_TEXT, driverSetup, FINISHED, jobOfRefusal, messageOf, rememberIt, tapsDroppedText } from './driver.setup.ts';

export const syncState = driverSetup.createStateConfig({
  initial: 'idle',
  states: {
    // Looks again after every change: a tap queued, the signal gone, a session to confirm, work to read again.
    idle: {
      always: [
        { guard: 'offline', target: 'held' },
        { guard: 'unconfirmed', target: 'confirming' },
        { guard: 'queued', target: 'sending' },
        { guard: 'stale', target: 'probing' },
      ],
    },
    // No answer: the queue waits for news of the signal, or the retry timer.
    held: {
      after: { retry: 'trying' },
      on: { 'connection.back': 'trying' },
    },
    trying: {
      always: [{ guard: 'unconfirmed', target: 'confirming' }, { guard: 'queued', target: 'sending' }, { target: 'probing' }],
    },
    confirming: {
      invoke: {
        src: 'loadSession',
        onDone: [
          // Another driver's session on this phone now: start again as them (these taps stay with their driver).
          { guard: 'otherDriver', target: '#driver.checking' },
          {
            target: 'idle',
            actions: [assign({ confirmed: true, offline: null, shift: ({ event }) => event.output.shift }), { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) }],
          },
        ],
        onError: [{ guard: 'unauthorised', target: 'held' }, { guard: 'transient', target: 'held', actions: 'markOffline' }, { target: 'held' }],
      },
    },
    sending: {
      invoke: {
        src: 'step',
        input: ({ context }) => {
          const tap = context.queue[0];
          // The tap's own time goes with it: a tap sent late is recorded when it was made (bounded by the server).
          return { bookingNumber: tap.bookingNumber, step: tap.step, key: tap.key, tappedAt: tap.at, extras: tap.extras, paidInCar: tap.paidInCar };
        },
        onDone: {
          target: 'idle',
          actions: [
            enqueueActions(({ context, event, enqueue }) => {
              const [sent, ...rest] = context.queue;
              const answered = event.output.job;
              const ours = context.job === null || context.job.booking_number === sent.bookingNumber;
              const finished = answered === null || FINISHED.has(answered.state);
              enqueue.assign({
                queue: rest,
                offline: null,
                job: ours ? (finished ? null : answered) : context.job,
                knownAt: ours ? context.now().toISOString() : context.knownAt,
                notice: { tone: 'success', text: event.output.message },
              });
              enqueue.raise({ type: 'job.updated' });
              // The job ended: read the work again (the next job, an offer).
              if (ours && finished) enqueue.raise({ type: 'work.changed' });
            }),
            rememberIt,
          ],
        },
        onError: [
          // The session ended: the taps stay on the phone (session.lost signs out; they go once signed in again).
          { guard: 'unauthorised', target: 'held' },
          { guard: 'transient', target: 'held', actions: 'markOffline' },
          {
            // Refused: the server's message and the job as it now is; the taps queued after it for that job go.
            target: 'idle',
            actions: [
              enqueueActions(({ context, event, enqueue }) => {
                const [refused] = context.queue;
                const { kept, dropped } = afterRefusal(context.queue);
                const now = jobOfRefusal(event.error);
                const ours = context.job === null || context.job.booking_number === refused.bookingNumber;
                const stillInHand = now !== undefined && isInHand(now);
                enqueue.assign({
                  queue: kept,
                  offline: null,
                  error: messageOf(event.error, DRIVER_TEXT.unreachable),
                  job: ours ? (stillInHand ? now : null) : context.job,
                  notice: dropped.length > 0 ? { tone: 'warning', text: tapsDroppedText(stepNames(dropped)) } : null,
                });
                enqueue.raise({ type: 'job.updated' });
                if (ours && !stillInHand) enqueue.raise({ type: 'work.changed' });
              }),
              rememberIt,
            ],
          },
        ],
      },
    },
    // The signal is back and no tap waits: read the work again, so the screen is the office's again.
    probing: {
      invoke: {
        src: 'loadWork',
        onDone: { target: 'idle', actions: [{ type: 'takeWork', params: ({ event }) => event.output }, rememberIt, raise({ type: 'job.updated' })] },
        onError: [{ guard: 'transient', target: 'held', actions: 'markOffline' }, { target: 'idle', actions: assign({ stale: false }) }],
      },
    },
  },
});
