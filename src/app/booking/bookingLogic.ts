/**
 * Composition root of the booking statechart: the real effects behind machines/booking's placeholders.
 * Actors are thin wrappers over src/api (the signal passes through, so a stopped actor aborts its fetch); each
 * rejects with an Error whose message is the text to show (the server's `message`, else the client error's).
 * Card payments come from src/payments, imported when the card page first needs them (Stripe.js stays out of every
 * other page). The persistence actions write the spec's localStorage keys (bookingStorage.ts).
 *
 * This module (with the machine) is a lazy chunk: BookingContext.ts loads it right after the page starts.
 */
import { fromPromise } from 'xstate';
import { PaymentRefused } from '../../../machines/booking/booking.card.ts';
import { bookingMachine } from '../../../machines/booking/index.ts';
import type { BookingCreatePayload, BookingResponse } from '../../../machines/booking/index.ts';
import { apiErrorMessage, callApi, toApiCallError } from '../../api/apiError.ts';
import { clearStoredFlow, persistForms, persistPriceDetails, persistPromo, persistQuantities, persistRegistration, persistRemembered, persistSelection } from './bookingStorage.ts';
import { readEncoded } from '../../storage/codec.ts';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import type { SignedInMember } from '../../../machines/booking/booking.context.ts';
import { storedCorporateToken } from '../corporate/storedToken.ts';

const WARM_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const loadPayments = () => import('../../payments/index.ts');
// The calls (with the response schemas and the HTTP client) load at the first call: a reloaded booking step renders
// from stored data without them (Lighthouse: total blocking time on a phone).
const bookingApi = () => import('../../api/booking.ts');
const quotingApi = () => import('../../api/quoting.ts');
// …and are fetched at the visitor's first pointer, key or focus, so the first call does not wait for their code.
if (typeof window !== 'undefined') {
  const warm = () => {
    for (const type of WARM_EVENTS) window.removeEventListener(type, warm, true);
    void bookingApi().catch(() => {});
    void quotingApi().catch(() => {});
  };
  for (const type of WARM_EVENTS) window.addEventListener(type, warm, { capture: true, passive: true });
}

const statusOf = (error: unknown) => (error && typeof error === 'object' && 'statusCode' in error ? Number((error as { statusCode: unknown }).statusCode) : null);

/**
 * A payment call the server refused with a 409 (the booking already paid, another card being charged, a changed
 * price) carries the text to show, with the paid booking's number when there is one; anything else is callApi().
 */
async function refusable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (statusOf(error) !== 409) throw toApiCallError(error);
    const data = (error as { data?: { booking_number?: unknown } }).data;
    const number = typeof data?.booking_number === 'string' ? ` Booking number: ${data.booking_number}.` : '';
    throw new PaymentRefused(`${apiErrorMessage(error)}${number}`, { cause: error });
  }
}

/** The booking body as the API takes it: the idempotency key travels as a header, not in the body. */
const bookingBody = ({ idempotencyKey: _key, signedIn: _signedIn, ...body }: BookingCreatePayload) => body;
/** The corporate session's token when the flow books signed in (issue 34), else none (a guest's booking). */
const storedToken = storedCorporateToken;
const tokenFor = (payload: BookingCreatePayload) => (payload.signedIn ? storedToken() : null);

/**
 * Signed in to the corporate area (issue 34): tells the flow who books (the stored corporateDetails) and what their
 * company account allows (GET /corporate/account). A token the server no longer knows leaves the flow a guest's.
 */
export async function syncMember(actor: { send(event: { type: 'member.set'; member: SignedInMember | null }): void }): Promise<void> {
  const token = storedToken();
  const details = readEncoded<{ passenger_name?: string; passenger_email?: string; passenger_contact_no?: string }>(STORAGE_KEYS.corporateDetails);
  if (!token || !details?.passenger_email) return;
  try {
    const account = await (await import('../../api/companyAccounts.ts')).getMyCompanyAccount(token);
    actor.send({
      type: 'member.set',
      member: {
        name: details.passenger_name ?? '',
        email: details.passenger_email,
        phone: details.passenger_contact_no ?? '',
        account: account ? { name: account.name, onAccount: account.on_account, poRequired: account.po_required, costCentreRequired: account.cost_centre_required } : null,
      },
    });
  } catch {
    // Signed out meanwhile, or offline: the flow stays a guest's.
  }
}

export const bookingLogic = bookingMachine.provide({
  actors: {
    calculatePrice: fromPromise(async ({ input, signal }) => {
      const api = await quotingApi();
      return input.bookingType === 'milleage' ? api.calculateDistancePrice(input.bookingForm, { signal }) : api.calculateHourlyPrice(input.hourlyRateForm, { signal });
    }),
    recalculateSelectedVehicle: fromPromise(async ({ input, signal }) => (await quotingApi()).calculateSelectedVehiclePrice(input.vehicle, input.options, { signal })),
    /** A refusal (401: no such account or a wrong password) is "not found", not an error (spec §5 Details step 5). */
    checkPassengerEmail: fromPromise(async ({ input, signal }) => {
      try {
        const answer = await (await bookingApi()).checkPassengerEmail(input, { signal });
        return { success: answer.success === true };
      } catch (error) {
        const status = statusOf(error);
        if (status === 401 || status === 404) return { success: false };
        throw toApiCallError(error);
      }
    }),
    createBooking: fromPromise(({ input, signal }) =>
      callApi(async () => (await (await bookingApi()).createBooking(bookingBody(input), input.idempotencyKey, { signal, token: tokenFor(input) })) as BookingResponse),
    ),
    fetchPublishableKey: fromPromise(({ signal }) => callApi(async () => (await (await bookingApi()).fetchPublishableKey({ signal })).key)),
    /** The card page sends what src/payments understands (its CardDetails); anything else is refused there. */
    createPaymentMethod: fromPromise(async ({ input }) => {
      const payments = await loadPayments();
      if (!payments.isCardDetails(input.card)) throw new Error('Please enter your card details.');
      return payments.createPaymentMethod({ card: input.card, billingDetails: input.billingDetails });
    }),
    createPaymentIntent: fromPromise(({ input, signal }) =>
      refusable(async () =>
        (await bookingApi()).createPaymentIntent({ paymentMethodId: input.paymentMethodId, amount: input.amount, booking: bookingBody(input.booking), idempotencyKey: input.idempotencyKey }, { signal, token: tokenFor(input.booking) }),
      ),
    ),
    confirmPaymentIntent: fromPromise(({ input, signal }) =>
      refusable(async () => {
        const answer = await (await bookingApi()).confirmPaymentIntent(input, { signal });
        return { status: answer.status, sessionId: answer.sessionId, paymentId: answer.paymentId, clientSecret: answer.client_secret, error: answer.error };
      }),
    ),
    handleNextAction: fromPromise(async ({ input, signal }) => (await loadPayments()).handleNextAction({ paymentIntentId: input.paymentIntentId, clientSecret: input.clientSecret }, { signal })),
  },
  actions: {
    persistForms: (_, params) => persistForms(params),
    persistPriceDetails: (_, params) => persistPriceDetails(params),
    persistSelection: (_, params) => persistSelection(params),
    persistQuantities: (_, params) => persistQuantities(params),
    persistRegistration: (_, params) => persistRegistration(params),
    persistPromo: (_, params) => persistPromo(params),
    persistRemembered: (_, params) => persistRemembered(params),
    clearStoredFlow: (_, params) => clearStoredFlow(params),
  },
});

export type BookingLogic = typeof bookingLogic;
