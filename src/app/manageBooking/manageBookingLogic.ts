/**
 * Composition root of the manage page: the real effects behind machines/manageBooking's placeholders (src/api calls,
 * the token in this tab's sessionStorage, the address bar, the file download) and the machine's input from the page.
 */
import { fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { CALENDAR_CONTENT_TYPE } from '../../../contract/bookingCalendar.ts';
import type { ConfirmPaymentResponse } from '../../../contract/bookings.ts';
import { MANAGE_API, MANAGE_TOKEN_PARAM } from '../../../contract/manageBooking.ts';
import { SESSION_KEYS } from '../../../contract/storageKeys.ts';
import { liveTripMachine, MANAGE_BOOKING_PATH, manageBookingMachine, stepOf, type LiveStreamEvent, type ManageBookingInput } from '../../../machines/manageBooking/index.ts';
import { followManagedTrip } from '../../api/manageLive.ts';
import { applyManagedChange, cancelManagedBooking, downloadManagedCalendar, loadManagedBooking, payManagedExtras, previewManagedChange } from '../../api/manageBooking.ts';
import { MANAGE_EXTRAS_API } from '../../../contract/manageExtras.ts';
import { fetchPublishableKey } from '../../api/booking.ts';
import { apiClient } from '../../api/client.ts';
import type { PaymentsDeps } from '../../payments/payments.ts';
import { saveTextFile } from '../../views/confirmation/saveFile.ts';
import { forgetLinkAddress } from '../linkAddress.ts';

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The page's `?token=` and the token this tab kept. */
export function readManageInput(): ManageBookingInput {
  let storedToken: string | null = null;
  try {
    storedToken = tabStorage()?.getItem(SESSION_KEYS.manageToken) ?? null;
  } catch {
    // Storage refused (a privacy mode): only the link's token is used.
  }
  return { urlToken: new URLSearchParams(window.location.search).get(MANAGE_TOKEN_PARAM), storedToken, step: stepOf(window.location.search) };
}

/** The booking flow's card payments (src/payments), loaded when the card form is first needed. */
const payments = () => import('../../payments/index.ts');

/** TEST MODE: the sandbox's 3-D Secure answer for a change's charge, on the manage call (the change applied with it). */
function answerChangeChallenge(token: string): PaymentsDeps['sandboxAuthenticate'] {
  return ({ paymentIntentId, outcome }, { signal } = {}) =>
    apiClient()<ConfirmPaymentResponse>(MANAGE_API.changeAuthenticate, { method: 'POST', body: { token, payment_intent_id: paymentIntentId, outcome }, signal });
}

/** TEST MODE: the sandbox's 3-D Secure answer for the driver's extras' payment, on the extras call (issue 32). */
function answerExtrasChallenge(token: string): PaymentsDeps['sandboxAuthenticate'] {
  return ({ paymentIntentId, outcome }, { signal } = {}) =>
    apiClient()<ConfirmPaymentResponse>(MANAGE_EXTRAS_API.authenticate, { method: 'POST', body: { token, payment_intent_id: paymentIntentId, outcome }, signal });
}

/**
 * The passenger's live view (issue 33): the stream read with fetch (src/api/manageLive.ts), the booking's reads, and
 * the page coming back on screen (a phone waking up, a tab shown again).
 */
export const liveTripLogic = liveTripMachine.provide({
  actors: {
    loadBooking: fromPromise(({ input, signal }) => loadManagedBooking(input, { signal })),
    tripStream: fromCallback<EventObject, { token: string }, LiveStreamEvent>(({ input, sendBack }) => {
      const stop = new AbortController();
      followManagedTrip(input.token, { status: (status) => sendBack({ type: 'live.status', status }), position: (position) => sendBack({ type: 'live.position', position }) }, { signal: stop.signal }).then(
        () => {
          if (!stop.signal.aborted) sendBack({ type: 'live.ended' });
        },
        (error: unknown) => {
          if (stop.signal.aborted) return;
          const status = (error as { status?: unknown }).status;
          sendBack(typeof status === 'number' && status >= 400 && status < 500 && status !== 429 ? { type: 'live.refused', error } : { type: 'live.lost' });
        },
      );
      return () => stop.abort();
    }),
    pageVisibility: fromCallback(({ sendBack }) => {
      const seen = () => {
        if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
      };
      document.addEventListener('visibilitychange', seen);
      // Back online after a network drop: as good as the page coming back.
      window.addEventListener('online', seen);
      return () => {
        document.removeEventListener('visibilitychange', seen);
        window.removeEventListener('online', seen);
      };
    }),
  },
});

export const manageBookingLogic = manageBookingMachine.provide({
  actors: {
    liveTrip: liveTripLogic,
    loadBooking: fromPromise(({ input, signal }) => loadManagedBooking(input, { signal })),
    cancelBooking: fromPromise(({ input, signal }) => cancelManagedBooking(input, { signal })),
    downloadCalendar: fromPromise(({ input, signal }) => downloadManagedCalendar(input, { signal })),
    previewChange: fromPromise(({ input, signal }) => previewManagedChange(input, { signal })),
    applyChange: fromPromise(({ input, signal }) => applyManagedChange(input, { signal })),
    fetchPublishableKey: fromPromise(async ({ signal }) => (await fetchPublishableKey({ signal })).key),
    createPaymentMethod: fromPromise(async ({ input }) => (await payments()).createPaymentMethod(input)),
    handleNextAction: fromPromise(async ({ input: { token, ...intent }, signal }) => (await payments()).handleNextAction(intent, { signal, sandboxAuthenticate: answerChangeChallenge(token) })),
    payExtras: fromPromise(({ input, signal }) => payManagedExtras(input, { signal })),
    handleExtrasNextAction: fromPromise(async ({ input: { token, ...intent }, signal }) => (await payments()).handleNextAction(intent, { signal, sandboxAuthenticate: answerExtrasChallenge(token) })),
  },
  actions: {
    storeToken: (_, { token }) => {
      try {
        tabStorage()?.setItem(SESSION_KEYS.manageToken, token);
      } catch {
        // Not kept: a reload will ask for the link again.
      }
    },
    forgetToken: () => {
      try {
        tabStorage()?.removeItem(SESSION_KEYS.manageToken);
      } catch {
        // Nothing kept.
      }
    },
    forgetUrl: () => forgetLinkAddress(MANAGE_BOOKING_PATH),
    saveCalendar: (_, { filename, text }) => saveTextFile(filename, text, CALENDAR_CONTENT_TYPE),
  },
});

export type ManageActor = ActorRefFrom<typeof manageBookingLogic>;
export type LiveTripActor = ActorRefFrom<typeof liveTripLogic>;
