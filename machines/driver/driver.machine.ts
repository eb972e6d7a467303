/**
 * The driver's app (issue 32, /driver): who is signed in, the shift, the offer and the job in hand.
 * - `start`: the set-password link (/driver/set-password#token=…) → `settingPassword`; else `checking` the session
 *   → `signedIn` (on or off duty, as the server says) or `signedOut` (the sign-in form).
 * - `signedIn.offDuty`: today's usable vehicles (GET /api/driver/vehicles) → pick one → `onDuty`.
 * - `signedIn.onDuty`: `loading` the offers and jobs → `job` (one in hand), `offered` (an open offer: its countdown is
 *   the server's `seconds_left`; at zero the offer is gone, `timedOut`), or `waiting`. The SSE stream's
 *   `work.changed` reads them again. Accept / decline / each step is a tap with a fresh UUID idempotency key; a refused
 *   tap (409 job_changed, 422 too_early, an offer closed) shows the server's message and the job as it now is.
 *   Completed or no-show → back to `waiting` on duty. `shift.end` → `offDuty` (refused while a job is in progress).
 * - `signOut` anywhere signed in; a 401 (`session.lost`) → `signedOut` with why.
 * The machine never touches the page: the app (src/app/driver) gives it its effects and sends it the stream's news.
 */
import { assign, setup } from 'xstate';
import { DRIVER_MESSAGES, type DriverJob, type DriverOffer, type DriverSession, type DriverShift, type TapResponse } from '../../contract/driver.ts';
import type { DriverStep } from '../../contract/dispatch.ts';
import { driverActors, type DriverVehicle, type Work } from './driver.actors.ts';

export const DRIVER_TEXT = {
  sessionEnded: 'Your session has ended. Sign in again to carry on.',
  unreachable: 'The office could not be reached. Check your signal and try again.',
  linkMissing: DRIVER_MESSAGES.linkInvalid,
  noVehicles: 'No vehicle can be driven today. Ask the office.',
} as const;

export interface DriverInput {
  path: string;
  linkToken: string | null;
  /** A fresh UUID per tap (crypto.randomUUID in the app). */
  newKey?: () => string;
}

export interface Notice {
  tone: 'info' | 'success' | 'warning';
  text: string;
}

export interface DriverContext {
  session: DriverSession | null;
  shift: DriverShift | null;
  vehicles: DriverVehicle[];
  offer: DriverOffer | null;
  job: DriverJob | null;
  linkToken: string | null;
  atLink: boolean;
  notice: Notice | null;
  error: string | null;
  /** The key of the tap under way (kept for its display and tests). */
  tapKey: string | null;
  newKey: () => string;
}

export type DriverEvent =
  | { type: 'signIn.submit'; email: string; password: string }
  | { type: 'setPassword.submit'; password: string }
  | { type: 'signIn.open' }
  | { type: 'signOut' }
  | { type: 'session.lost'; message: string }
  | { type: 'shift.start'; vehicleId: number }
  | { type: 'shift.end' }
  | { type: 'work.changed' }
  | { type: 'offer.accept' }
  | { type: 'offer.decline' }
  | { type: 'step'; step: DriverStep }
  | { type: 'notice.dismiss' };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const IN_HAND = new Set<DriverJob['state']>(['assigned', 'on_the_way', 'arrived', 'on_board']);
const FINISHED = new Set<DriverJob['state']>(['completed', 'no_show', 'cancelled']);

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
/** The job a refused tap's answer carries (409 job_changed, 422 too_early): the job as it now is, null when gone. */
const jobOfRefusal = (error: unknown): DriverJob | null | undefined => {
  const body = (error as { body?: unknown } | null)?.body as { job?: DriverJob | null } | null | undefined;
  return body && 'job' in body ? (body.job ?? null) : undefined;
};

/** The job in hand: the first of the driver's jobs still to run (the list is in pick-up order). */
export const jobInHand = (jobs: readonly DriverJob[]): DriverJob | null => jobs.find((job) => IN_HAND.has(job.state)) ?? null;

const randomKey = () => globalThis.crypto.randomUUID();

export const driverMachine = setup({
  types: {
    context: {} as DriverContext,
    events: {} as DriverEvent,
    input: {} as DriverInput,
  },
  actors: driverActors,
  actions: {
    useCsrfToken: (_, _params: { token: string | null }) => {},
    forgetLink: () => {},
  },
  guards: {
    atLink: ({ context }) => context.atLink,
    tokenShaped: ({ context }) => context.linkToken !== null && TOKEN.test(context.linkToken),
    onShift: ({ context }) => context.shift !== null,
    hasJob: ({ context }) => context.job !== null,
    hasOffer: ({ context }) => context.offer !== null,
    unauthorised: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
  },
  delays: {
    offerTimeout: ({ context }) => Math.max(0, (context.offer?.seconds_left ?? 0) * 1000),
  },
}).createMachine({
  id: 'driver',
  context: ({ input }) => ({
    session: null,
    shift: null,
    vehicles: [],
    offer: null,
    job: null,
    linkToken: input.linkToken,
    atLink: /^\/driver\/set-password\/?$/i.test(input.path),
    notice: null,
    error: null,
    tapKey: null,
    newKey: input.newKey ?? randomKey,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'atLink', target: 'settingPassword', actions: 'forgetLink' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        src: 'loadSession',
        onDone: {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => event.output, shift: ({ event }) => event.output.shift }), { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) }],
        },
        onError: [
          { guard: 'unauthorised', target: 'signedOut' },
          { target: 'signedOut', actions: assign({ error: DRIVER_TEXT.unreachable }) },
        ],
      },
    },
    signedOut: {
      entry: { type: 'useCsrfToken', params: { token: null } },
      initial: 'idle',
      states: {
        idle: {
          on: { 'signIn.submit': { target: 'submitting', actions: assign({ error: null }) } },
        },
        submitting: {
          invoke: {
            src: 'signIn',
            input: ({ event }) => {
              const { email, password } = event as Extract<DriverEvent, { type: 'signIn.submit' }>;
              return { email, password };
            },
            onDone: {
              target: '#driver.signedIn',
              actions: [assign({ session: ({ event }) => event.output, shift: ({ event }) => event.output.shift, notice: null }), { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) }],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
          },
        },
      },
    },
    settingPassword: {
      initial: 'checkLink',
      states: {
        checkLink: { always: [{ guard: 'tokenShaped', target: 'editing' }, { target: 'invalid' }] },
        invalid: { entry: assign({ error: DRIVER_TEXT.linkMissing }) },
        editing: { on: { 'setPassword.submit': { target: 'submitting', actions: assign({ error: null }) } } },
        submitting: {
          invoke: {
            src: 'setPassword',
            input: ({ context, event }) => ({ token: context.linkToken ?? '', password: (event as Extract<DriverEvent, { type: 'setPassword.submit' }>).password }),
            onDone: { target: '#driver.signedOut', actions: assign({ notice: { tone: 'success', text: DRIVER_MESSAGES.passwordSet }, linkToken: null }) },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
          },
        },
      },
      on: { 'signIn.open': { target: 'signedOut', actions: assign({ error: null }) } },
    },
    signedIn: {
      initial: 'route',
      on: {
        signOut: '.signingOut',
        'session.lost': { target: 'signedOut', actions: assign({ session: null, shift: null, offer: null, job: null, error: ({ event }) => event.message || DRIVER_TEXT.sessionEnded }) },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
      states: {
        route: { always: [{ guard: 'onShift', target: 'onDuty' }, { target: 'offDuty' }] },
        offDuty: {
          initial: 'loadingVehicles',
          states: {
            loadingVehicles: {
              invoke: {
                src: 'loadVehicles',
                onDone: { target: 'choosing', actions: assign({ vehicles: ({ event }) => event.output }) },
                onError: { target: 'choosing', actions: assign({ vehicles: [], error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
              },
            },
            choosing: {
              on: { 'shift.start': { target: 'starting', actions: assign({ error: null }) } },
            },
            starting: {
              invoke: {
                src: 'startShift',
                input: ({ event }) => ({ vehicleId: (event as Extract<DriverEvent, { type: 'shift.start' }>).vehicleId }),
                onDone: { target: '#driver.signedIn.onDuty', actions: assign({ shift: ({ event }) => event.output, notice: { tone: 'success', text: DRIVER_MESSAGES.onDuty } }) },
                onError: { target: 'loadingVehicles', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
              },
            },
          },
        },
        onDuty: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadWork',
                onDone: {
                  target: 'deciding',
                  actions: assign({ job: ({ event }) => jobInHand(event.output.jobs), offer: ({ event }) => event.output.offers.find((offer) => offer.seconds_left > 0) ?? null }),
                },
                onError: { target: 'waiting', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
              },
            },
            deciding: {
              always: [{ guard: 'hasOffer', target: 'offered' }, { guard: 'hasJob', target: 'job' }, { target: 'waiting' }],
            },
            waiting: {
              on: {
                'work.changed': 'loading',
                'shift.end': 'ending',
              },
            },
            offered: {
              initial: 'open',
              states: {
                open: {
                  after: { offerTimeout: { target: '#driver.signedIn.onDuty.loading', actions: assign({ offer: null, notice: { tone: 'warning', text: DRIVER_MESSAGES.offerExpired } }) } },
                  on: {
                    'offer.accept': { target: 'accepting', actions: assign({ tapKey: ({ context }) => context.newKey(), error: null }) },
                    'offer.decline': { target: 'declining', actions: assign({ tapKey: ({ context }) => context.newKey(), error: null }) },
                    'work.changed': '#driver.signedIn.onDuty.loading',
                  },
                },
                accepting: {
                  invoke: {
                    src: 'acceptOffer',
                    input: ({ context }) => ({ offerId: context.offer!.id, key: context.tapKey! }),
                    onDone: { target: '#driver.signedIn.onDuty.job', actions: assign({ offer: null, job: ({ event }) => event.output.job, notice: ({ event }) => ({ tone: 'success' as const, text: event.output.message }) }) },
                    onError: { target: '#driver.signedIn.onDuty.loading', actions: assign({ offer: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                  },
                },
                declining: {
                  invoke: {
                    src: 'declineOffer',
                    input: ({ context }) => ({ offerId: context.offer!.id, key: context.tapKey! }),
                    onDone: { target: '#driver.signedIn.onDuty.loading', actions: assign({ offer: null, notice: ({ event }) => ({ tone: 'info' as const, text: event.output.message }) }) },
                    onError: { target: '#driver.signedIn.onDuty.loading', actions: assign({ offer: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                  },
                },
              },
            },
            job: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    step: { target: 'stepping', actions: assign({ tapKey: ({ context }) => context.newKey(), error: null, notice: null }) },
                    'work.changed': '#driver.signedIn.onDuty.loading',
                  },
                },
                stepping: {
                  invoke: {
                    src: 'step',
                    input: ({ context, event }) => ({ bookingNumber: context.job!.booking_number, step: (event as Extract<DriverEvent, { type: 'step' }>).step, key: context.tapKey! }),
                    onDone: [
                      {
                        guard: ({ event }) => event.output.job === null || FINISHED.has(event.output.job.state),
                        target: '#driver.signedIn.onDuty.loading',
                        actions: assign({ job: null, notice: ({ event }) => ({ tone: 'success' as const, text: event.output.message }) }),
                      },
                      { target: 'idle', actions: assign({ job: ({ event }) => event.output.job, notice: ({ event }) => ({ tone: 'success' as const, text: event.output.message }) }) },
                    ],
                    onError: [
                      { guard: 'unauthorised', target: 'idle' },
                      {
                        // Refused: the server's message, and the job as it now is (gone → read the work again).
                        guard: ({ event }) => jobOfRefusal(event.error) === null,
                        target: '#driver.signedIn.onDuty.loading',
                        actions: assign({ job: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }),
                      },
                      {
                        target: 'idle',
                        actions: assign({
                          job: ({ context, event }) => jobOfRefusal(event.error) ?? context.job,
                          error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable),
                        }),
                      },
                    ],
                  },
                },
              },
            },
            ending: {
              invoke: {
                src: 'endShift',
                onDone: { target: '#driver.signedIn.offDuty', actions: assign({ shift: null, offer: null, job: null, notice: { tone: 'info', text: DRIVER_MESSAGES.offDuty } }) },
                onError: { target: 'loading', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
              },
            },
          },
        },
        signingOut: {
          invoke: {
            src: 'signOut',
            onDone: { target: '#driver.signedOut', actions: assign({ session: null, shift: null, offer: null, job: null, notice: { tone: 'info', text: DRIVER_MESSAGES.signedOut } }) },
            onError: { target: '#driver.signedOut', actions: assign({ session: null, shift: null, offer: null, job: null }) },
          },
        },
      },
    },
  },
});

export type DriverMachine = typeof driverMachine;
export type { DriverVehicle, Work, TapResponse };
