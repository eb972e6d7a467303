/**
 * The driver's app (issue 32, /driver): who is signed in, the shift, the offer and the job in hand, and the taps on
 * their way to the office.
 * - `start`: the set-password link (/driver/set-password#token=…) → `settingPassword`; else `checking` the session
 *   → `signedIn` (on or off duty, as the server says) or `signedOut` (the sign-in form). With no answer (no signal) the
 *   phone's memory of the driver last signed in opens `signedIn` as it was: the job last known, the taps still waiting.
 * - `signedIn` runs two regions side by side:
 *   - `screen`: `offDuty` (today's usable vehicles → pick one → `onDuty`); `onDuty`: `loading` the offers and jobs →
 *     `job` (one in hand), `offered` (an open offer: its countdown is the server's `seconds_left`; at zero the offer
 *     is gone, `timedOut`), or `waiting`. The SSE stream's `work.changed` reads them again. Accept / decline are taps
 *     with a fresh UUID idempotency key sent at once; a refusal (an offer closed) shows the server's message. A status
 *     step is queued (`queue`, kept on the phone by `remember`) and the job shown moves on as tapped at once
 *     (`shownJob`); `job.settling` lets a double tap take one step only. Completed or no-show → `waiting` on duty.
 *     `shift.end` → `offDuty` (refused while a job is in progress or taps wait). `earnings` (issue 35; from `offDuty`
 *     or `onDuty.waiting`): the driver's own weeks (`loading` → `list` | `failed`); `earnings.close` goes back on or off
 *     duty as the shift is, and on duty the stream's `work.changed` leaves it for the offer or job that came.
 *   - `sync`: sends the queued taps in order, one at a time, each with its key (the server applies a key once). No
 *     answer (no signal, the office down) → `held`: the tap stays first in the queue and goes again when the signal
 *     returns (`connection.back`: the browser's online event, the stream reopening) or the retry timer fires; there
 *     the work is read again too (`probing`), so the screen says when it last knew it. A refusal (the job changed,
 *     cancelled, too early) shows the server's message and the job as it now is, and drops the taps queued after it
 *     for that job with a notice. A session restored from the phone is confirmed (`confirming`: the CSRF token)
 *     before any tap goes.
 * - `signOut` anywhere signed in; a 401 (`session.lost`) → `signedOut` with why. The phone keeps a signed-out driver's
 *   waiting taps (never their work) until they sign in again.
 * The machine never touches the page: the app (src/app/driver) gives it its effects (calls, storage, keys, the clock)
 * and sends it the stream's and the browser's news.
 */
import { assign } from 'xstate';
import { DRIVER_MESSAGES } from '../../contract/driverRules.ts';
import { DRIVER_TEXT, EMPTY_COMPLETION, driverSetup, messageOf, randomKey, rememberIt, signedInAs, statusOf, type DriverEvent } from './driver.setup.ts';
import { syncState } from './driver.sync.ts';

export const driverMachine = driverSetup.createMachine({
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
    queue: [],
    offline: null,
    stale: false,
    knownAt: null,
    confirmed: false,
    newKey: input.newKey ?? randomKey,
    recall: input.recall ?? (() => null),
    now: input.now ?? (() => new Date()),
    earnings: null,
    completion: null,
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
          actions: [assign(({ context, event }) => signedInAs(context, event.output)), { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) }, rememberIt],
        },
        onError: [
          { guard: 'unauthorised', target: 'signedOut' },
          {
            // No signal: open as the phone last knew it (the session is confirmed once the office answers again).
            guard: 'remembered',
            target: 'signedIn',
            actions: assign(({ context, event }) => {
              const kept = context.recall(null)!;
              return {
                session: { driver: kept.driver, site: kept.site },
                shift: kept.shift,
                job: kept.job,
                knownAt: kept.knownAt,
                queue: kept.queue,
                confirmed: false,
                offline: typeof statusOf(event.error) === 'number' ? ('office' as const) : ('signal' as const),
                stale: true,
              };
            }),
          },
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
              actions: [assign(({ context, event }) => ({ ...signedInAs(context, event.output), notice: null })), { type: 'useCsrfToken', params: ({ event }) => ({ token: event.output.csrf_token }) }, rememberIt],
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
      type: 'parallel',
      on: {
        'session.lost': {
          target: 'signedOut',
          actions: [
            { type: 'forget', params: ({ context }) => ({ driverId: context.session?.driver.id ?? null }) },
            assign({ session: null, shift: null, offer: null, job: null, queue: [], knownAt: null, offline: null, error: ({ event }) => event.message || DRIVER_TEXT.sessionEnded }),
          ],
        },
        'notice.dismiss': { actions: assign({ notice: null }) },
        'connection.lost': { actions: 'markOffline' },
      },
      states: {
        screen: {
          initial: 'route',
          on: { signOut: '.signingOut' },
          states: {
            route: { always: [{ guard: 'onShift', target: 'onDuty' }, { target: 'offDuty' }] },
            offDuty: {
              initial: 'loadingVehicles',
              states: {
                loadingVehicles: {
                  invoke: {
                    src: 'loadVehicles',
                    onDone: { target: 'choosing', actions: assign({ vehicles: ({ event }) => event.output, offline: null }) },
                    onError: [
                      { guard: 'transient', target: 'choosing', actions: ['markOffline', assign({ vehicles: [], error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) })] },
                      { target: 'choosing', actions: assign({ vehicles: [], error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                    ],
                  },
                },
                choosing: {
                  on: {
                    'shift.start': { target: 'starting', actions: assign({ error: null }) },
                    'earnings.open': { target: '#driver.signedIn.screen.earnings', actions: assign({ error: null, notice: null }) },
                  },
                },
                starting: {
                  invoke: {
                    src: 'startShift',
                    input: ({ event }) => ({ vehicleId: (event as Extract<DriverEvent, { type: 'shift.start' }>).vehicleId }),
                    onDone: {
                      target: '#driver.signedIn.screen.onDuty',
                      actions: [assign({ shift: ({ event }) => event.output, offline: null, notice: { tone: 'success', text: DRIVER_MESSAGES.onDuty } }), rememberIt],
                    },
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
                    onDone: { target: 'deciding', actions: [{ type: 'takeWork', params: ({ event }) => event.output }, rememberIt] },
                    onError: [
                      // No signal: the work as last known (the screen says so), read again once the signal is back.
                      { guard: 'transient', target: 'deciding', actions: 'markOffline' },
                      { target: 'waiting', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                    ],
                  },
                },
                deciding: {
                  always: [{ guard: 'hasOffer', target: 'offered' }, { guard: 'hasJob', target: 'job' }, { target: 'waiting' }],
                },
                waiting: {
                  on: {
                    'earnings.open': { target: '#driver.signedIn.screen.earnings', actions: assign({ error: null, notice: null }) },
                    'work.changed': 'loading',
                    'job.updated': 'deciding',
                    'shift.end': [{ guard: 'queued', actions: assign({ error: DRIVER_TEXT.tapsWaiting }) }, { target: 'ending' }],
                  },
                },
                offered: {
                  initial: 'open',
                  entry: { type: 'alertOffer', params: ({ context }) => ({ offerId: context.offer?.id ?? null }) },
                  states: {
                    open: {
                      after: {
                        offerTimeout: { target: '#driver.signedIn.screen.onDuty.loading', actions: assign({ offer: null, notice: { tone: 'warning', text: DRIVER_MESSAGES.offerExpired } }) },
                      },
                      on: {
                        'offer.accept': { target: 'accepting', actions: assign({ tapKey: ({ context }) => context.newKey(), error: null }) },
                        'offer.decline': { target: 'declining', actions: assign({ tapKey: ({ context }) => context.newKey(), error: null }) },
                        'work.changed': '#driver.signedIn.screen.onDuty.loading',
                        'job.updated': { guard: ({ context }) => context.offer === null, target: '#driver.signedIn.screen.onDuty.deciding' },
                      },
                    },
                    accepting: {
                      invoke: {
                        src: 'acceptOffer',
                        input: ({ context }) => ({ offerId: context.offer!.id, key: context.tapKey! }),
                        onDone: {
                          target: '#driver.signedIn.screen.onDuty.job',
                          actions: [
                            assign({ offer: null, offline: null, job: ({ event }) => event.output.job, knownAt: ({ context }) => context.now().toISOString(), notice: ({ event }) => ({ tone: 'success' as const, text: event.output.message }) }),
                            rememberIt,
                          ],
                        },
                        onError: [
                          { guard: 'transient', target: '#driver.signedIn.screen.onDuty.loading', actions: ['markOffline', assign({ offer: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) })] },
                          { target: '#driver.signedIn.screen.onDuty.loading', actions: assign({ offer: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                        ],
                      },
                    },
                    declining: {
                      invoke: {
                        src: 'declineOffer',
                        input: ({ context }) => ({ offerId: context.offer!.id, key: context.tapKey! }),
                        onDone: { target: '#driver.signedIn.screen.onDuty.loading', actions: assign({ offer: null, offline: null, notice: ({ event }) => ({ tone: 'info' as const, text: event.output.message }) }) },
                        onError: [
                          { guard: 'transient', target: '#driver.signedIn.screen.onDuty.loading', actions: ['markOffline', assign({ offer: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) })] },
                          { target: '#driver.signedIn.screen.onDuty.loading', actions: assign({ offer: null, error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                        ],
                      },
                    },
                  },
                },
                job: {
                  initial: 'ready',
                  on: {
                    'work.changed': '#driver.signedIn.screen.onDuty.loading',
                    'job.updated': { guard: 'screenChanged', target: '#driver.signedIn.screen.onDuty.deciding' },
                  },
                  states: {
                    ready: {
                      on: {
                        // A step is queued with its key and shown as tapped at once; `sync` sends it.
                        step: [
                          { guard: 'stepFinishes', target: '#driver.signedIn.screen.onDuty.deciding', actions: ['queueTap', rememberIt] },
                          { guard: 'stepAllowed', target: 'settling', actions: ['queueTap', rememberIt] },
                        ],
                        'complete.open': { guard: 'completeAllowed', target: 'completing', actions: assign({ completion: { ...EMPTY_COMPLETION }, notice: null, error: null }) },
                      },
                    },
                    // The completion form (issue 32): the extras the owner allows and, for a pay-in-car job, how the
                    // passenger paid; sent as the 'complete' tap (queued: it goes when there is signal).
                    completing: {
                      on: {
                        'complete.edit': {
                          actions: assign({
                            completion: ({ context, event }) => {
                              const draft = context.completion ?? EMPTY_COMPLETION;
                              const whole = (value: number | undefined, old: number) => (value === undefined ? old : Number.isFinite(value) && value >= 0 ? Math.round(value) : 0);
                              return {
                                waitingMin: whole(event.waitingMin, draft.waitingMin),
                                parkingPence: whole(event.parkingPence, draft.parkingPence),
                                tollsPence: whole(event.tollsPence, draft.tollsPence),
                                paidInCar: event.paidInCar ?? draft.paidInCar,
                              };
                            },
                          }),
                        },
                        'complete.cancel': { target: 'ready', actions: assign({ completion: null }) },
                        'complete.submit': { guard: 'completionReady', target: '#driver.signedIn.screen.onDuty.deciding', actions: ['queueCompletion', rememberIt] },
                      },
                    },
                    settling: { after: { settle: 'ready' } },
                  },
                },
                ending: {
                  invoke: {
                    src: 'endShift',
                    onDone: {
                      target: '#driver.signedIn.screen.offDuty',
                      actions: [assign({ shift: null, offer: null, job: null, offline: null, notice: { tone: 'info', text: DRIVER_MESSAGES.offDuty } }), rememberIt],
                    },
                    onError: [
                      { guard: 'transient', target: 'loading', actions: ['markOffline', assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) })] },
                      { target: 'loading', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.unreachable) }) },
                    ],
                  },
                },
              },
            },
            earnings: {
              initial: 'loading',
              on: {
                'earnings.close': [{ guard: 'onShift', target: 'onDuty' }, { target: 'offDuty' }],
                'work.changed': { guard: 'onShift', target: 'onDuty' },
              },
              states: {
                loading: {
                  invoke: {
                    src: 'loadEarnings',
                    onDone: { target: 'list', actions: assign({ earnings: ({ event }) => event.output, error: null }) },
                    onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, DRIVER_TEXT.earningsFailed) }) },
                  },
                },
                list: { on: { 'earnings.retry': 'loading' } },
                failed: { on: { 'earnings.retry': { target: 'loading', actions: assign({ error: null }) } } },
              },
            },
            signingOut: {
              invoke: {
                src: 'signOut',
                onDone: {
                  target: '#driver.signedOut',
                  actions: [
                    { type: 'forget', params: ({ context }) => ({ driverId: context.session?.driver.id ?? null }) },
                    assign({ session: null, shift: null, offer: null, job: null, queue: [], knownAt: null, offline: null, notice: { tone: 'info', text: DRIVER_MESSAGES.signedOut } }),
                  ],
                },
                onError: {
                  target: '#driver.signedOut',
                  actions: [
                    { type: 'forget', params: ({ context }) => ({ driverId: context.session?.driver.id ?? null }) },
                    assign({ session: null, shift: null, offer: null, job: null, queue: [], knownAt: null, offline: null }),
                  ],
                },
              },
            },
          },
        },
        sync: syncState,
      },
    },
  },
});

export type DriverMachine = typeof driverMachine;
export { DRIVER_TEXT, completionCheck, tapsDroppedText, type CompletionDraft, type DriverContext, type DriverEvent, type DriverInput, type Notice, type Offline } from './driver.setup.ts';
export type { DriverVehicle, Work } from './driver.actors.ts';
export type { TapResponse } from '../../contract/driver.ts';
