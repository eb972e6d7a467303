/**
 * Composition root of the manage page: the real effects behind machines/manageBooking's placeholders (src/api calls,
 * the token in this tab's sessionStorage, the address bar, the file download) and the machine's input from the page.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { CALENDAR_CONTENT_TYPE } from '../../../contract/bookingCalendar.ts';
import { MANAGE_BOOKING_ROUTE, MANAGE_TOKEN_PARAM } from '../../../contract/manageBooking.ts';
import { SESSION_KEYS } from '../../../contract/storageKeys.ts';
import { manageBookingMachine, stepOf, type ManageBookingInput } from '../../../machines/manageBooking/index.ts';
import { applyManagedChange, cancelManagedBooking, downloadManagedCalendar, loadManagedBooking, previewManagedChange } from '../../api/manageBooking.ts';
import { sandboxAuthenticate } from '../../api/booking.ts';
import { saveTextFile } from '../confirmation/saveFile.ts';

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
const loadPayments = () => import('../../payments/payments.ts');
let payments: Promise<ReturnType<Awaited<ReturnType<typeof loadPayments>>['createPayments']>> | null = null;
/**
 * The booking flow's payment method and 3-D Secure steps. The sandbox's challenge is answered at its own call, which
 * then settles booking payments only: for a change it answers 409, and the apply that follows reads the intent's
 * status from the processor, so the challenge's outcome alone decides here.
 */
function changePayments() {
  payments ??= loadPayments().then(({ createPayments }) =>
    createPayments({
      sandboxAuthenticate: async (body, options) => {
        try {
          return await sandboxAuthenticate(body, options);
        } catch (error) {
          if ((error as { status?: unknown }).status === 409) return { success: true, status: 'requires_confirmation', error: null };
          throw error;
        }
      },
    }),
  );
  return payments;
}

export const manageBookingLogic = manageBookingMachine.provide({
  actors: {
    loadBooking: fromPromise(({ input, signal }) => loadManagedBooking(input, { signal })),
    cancelBooking: fromPromise(({ input, signal }) => cancelManagedBooking(input, { signal })),
    downloadCalendar: fromPromise(({ input, signal }) => downloadManagedCalendar(input, { signal })),
    previewChange: fromPromise(({ input, signal }) => previewManagedChange(input, { signal })),
    applyChange: fromPromise(({ input, signal }) => applyManagedChange(input, { signal })),
    createPaymentMethod: fromPromise(async ({ input }) => (await changePayments()).createPaymentMethod(input)),
    handleNextAction: fromPromise(async ({ input, signal }) => (await changePayments()).handleNextAction(input, { signal })),
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
    // The same history entry, without the token: Back does not bring it back, later requests do not send it as Referer.
    forgetUrl: () => {
      if (window.location.search || window.location.hash) window.history.replaceState(window.history.state, '', MANAGE_BOOKING_ROUTE);
    },
    saveCalendar: (_, { filename, text }) => saveTextFile(filename, text, CALENDAR_CONTENT_TYPE),
  },
});

export type ManageActor = ActorRefFrom<typeof manageBookingLogic>;
