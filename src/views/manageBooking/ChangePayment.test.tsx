// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import type { ManageBookingView, ManageChangePreview } from '../../../contract/manageBooking.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../../contract/sandboxCards.ts';
import { manageBookingMachine, type CardMethodInput } from '../../../machines/manageBooking/index.ts';
import { theme } from '../../theme.ts';
import { ChangePayment } from './ChangeSteps.tsx';
import type { ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';

/**
 * The manage page pays a change's difference with the booking flow's card form: Stripe's fields when the processor's
 * key is Stripe's, the sandbox's own otherwise, the card handed to the manage statechart's card.submit.
 */

// Stripe.js never loads in tests: a fake Stripe, and each card element a plain input ('ok' → complete).
const fakeStripe = vi.hoisted(() => ({ id: 'fake-stripe' }));
const numberElement = vi.hoisted(() => ({ id: 'card-number-element' }));
const loadStripeFor = vi.hoisted(() => vi.fn(async (_key: string) => fakeStripe));
vi.mock('../../payments/stripeLoader.ts', () => ({ loadStripeFor }));
vi.mock('@stripe/react-stripe-js', () => {
  const element =
    (name: string) =>
    ({ onChange }: { onChange?: (event: { complete: boolean }) => void }) => <input aria-label={`stripe ${name}`} onChange={(event) => onChange?.({ complete: event.currentTarget.value === 'ok' })} />;
  return {
    Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
    CardNumberElement: element('card number'),
    CardExpiryElement: element('expiry'),
    CardCvcElement: element('cvc'),
    useStripe: () => fakeStripe,
    useElements: () => ({ getElement: () => numberElement }),
  };
});

const TOKEN = 'a'.repeat(43);
const view = { success: true, status: 'confirmed', revision: 0, data: { booking: {} }, cancellation: { allowed: true }, change: { allowed: true, current: { meet_and_greet: 'no' } } } as unknown as ManageBookingView;
const preview = { success: true, revision: 0, currency: '£', old_price: 55.5, new_price: 67.5, difference: 12, outcome: 'charge', message: '', summary: [] } as unknown as ManageChangePreview;

async function payingWith(publishableKey: string) {
  const cards: CardMethodInput[] = [];
  const actor = createActor(
    manageBookingMachine.provide({
      actors: {
        loadBooking: fromPromise(async () => view),
        previewChange: fromPromise(async () => preview),
        fetchPublishableKey: fromPromise(async () => publishableKey),
        createPaymentMethod: fromPromise(({ input }) => (cards.push(input), new Promise<{ paymentMethodId: string }>(() => {}))),
      },
    }),
    { input: { urlToken: null, storedToken: TOKEN } },
  ).start();
  await settled(actor, (s) => s.matches('ready'));
  actor.send({ type: 'change.start' });
  actor.send({ type: 'change.edit', changes: { meet_and_greet: 'yes' } });
  actor.send({ type: 'change.review' });
  await settled(actor, (s) => s.matches({ ready: { booking: { changing: 'confirming' } } }));
  actor.send({ type: 'change.confirm' });
  render(
    <MantineProvider theme={theme}>
      <ChangePayment actor={actor as unknown as ManageActor} symbol="£" merchant="Westway Cars" />
    </MantineProvider>,
  );
  return { actor, cards };
}

describe("paying a change's difference (the booking flow's card form)", () => {
  it("Stripe: Stripe.js with the processor's key, a test key marked, and Stripe's card element sent once with card.submit", async () => {
    const { actor, cards } = await payingWith('pk_test_123');
    expect(screen.getByTestId('amount-to-pay').textContent).toBe('£12.00');
    await screen.findByLabelText('stripe card number');
    expect(loadStripeFor).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    for (const name of ['card number', 'expiry', 'cvc']) fireEvent.change(screen.getByLabelText(`stripe ${name}`), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    fireEvent.click(screen.getByRole('button', { name: /Pay Now|Processing/ }));
    await waitFor(() => expect(cards).toEqual([{ card: { kind: 'stripe', stripe: fakeStripe, element: numberElement }, billingDetails: { name: '', email: '', phone: '' } }]));
    expect(actor.getSnapshot().matches({ ready: { booking: { changing: { paying: 'creatingPaymentMethod' } } } })).toBe(true);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
  });

  it("sandbox: the TEST MODE fields, checked before anything is sent", async () => {
    const { cards } = await payingWith(SANDBOX_PUBLISHABLE_KEY);
    await screen.findByTestId('test-mode-banner');
    expect(loadStripeFor).not.toHaveBeenCalledWith(SANDBOX_PUBLISHABLE_KEY);
    fireEvent.change(screen.getByLabelText('Card Number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(screen.getByTestId('card-error').textContent).toBe('Your card number is invalid.');
    expect(cards).toEqual([]);
  });
});
