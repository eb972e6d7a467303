/**
 * Composition root of the manage page: the real effects behind machines/manageBooking's placeholders (src/api calls,
 * the token in this tab's sessionStorage, the address bar, the file download) and the machine's input from the page.
 */
import { fromPromise } from 'xstate';
import { CALENDAR_CONTENT_TYPE } from '../../../contract/bookingCalendar.ts';
import { MANAGE_BOOKING_ROUTE, MANAGE_TOKEN_PARAM } from '../../../contract/manageBooking.ts';
import { SESSION_KEYS } from '../../../contract/storageKeys.ts';
import { manageBookingMachine, type ManageBookingInput } from '../../../machines/manageBooking/index.ts';
import { cancelManagedBooking, downloadManagedCalendar, loadManagedBooking } from '../../api/manageBooking.ts';
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
  return { urlToken: new URLSearchParams(window.location.search).get(MANAGE_TOKEN_PARAM), storedToken };
}

export const manageBookingLogic = manageBookingMachine.provide({
  actors: {
    loadBooking: fromPromise(({ input, signal }) => loadManagedBooking(input, { signal })),
    cancelBooking: fromPromise(({ input, signal }) => cancelManagedBooking(input, { signal })),
    downloadCalendar: fromPromise(({ input, signal }) => downloadManagedCalendar(input, { signal })),
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
