// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { renderCardPage } from './cardTestSupport.tsx';

// Stripe.js never loads in tests: the loader gives a fake Stripe, and each card element is a plain input whose
// value decides the change event Stripe would send ('ok' → complete, 'bad' → Stripe's error, else incomplete).
const fakeStripe = vi.hoisted(() => ({ id: 'fake-stripe' }));
const numberElement = vi.hoisted(() => ({ id: 'card-number-element' }));
const loadStripeFor = vi.hoisted(() => vi.fn(async (_key: string) => fakeStripe));

vi.mock('../../payments/stripeLoader.ts', () => ({ loadStripeFor }));
vi.mock('@stripe/react-stripe-js', () => {
  type Change = { complete: boolean; error?: { message: string } };
  const element =
    (name: string) =>
    ({ onChange }: { onChange?: (event: Change) => void }) => (
      <input
        aria-label={`stripe ${name}`}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange?.(value === 'bad' ? { complete: false, error: { message: `Your ${name} is invalid.` } } : { complete: value === 'ok' });
        }}
      />
    );
  return {
    Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
    CardNumberElement: element('card number'),
    CardExpiryElement: element('expiry'),
    CardCvcElement: element('cvc'),
    useStripe: () => fakeStripe,
    useElements: () => ({ getElement: () => numberElement }),
  };
});

const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(`stripe ${name}`), { target: { value } });

describe('the card page (Stripe)', () => {
  it('loads Stripe.js with the publishable key and marks a test key', async () => {
    renderCardPage({}, 'pk_test_123');
    await screen.findByLabelText('stripe card number');
    expect(loadStripeFor).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });

  it("shows Stripe's field errors inline and refuses incomplete fields without a call", async () => {
    const createPaymentMethod = vi.fn(async () => ({ paymentMethodId: 'pm' }));
    renderCardPage({ createPaymentMethod: fromPromise(createPaymentMethod) }, 'pk_live_123');
    await screen.findByLabelText('stripe card number');
    type('card number', 'bad');
    expect(screen.getByTestId('card-error').textContent).toBe('Your card number is invalid.');
    type('card number', 'ok');
    expect(screen.queryByTestId('card-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(screen.getByTestId('card-error').textContent).toBe("Your card's expiration date is incomplete.");
    expect(createPaymentMethod).not.toHaveBeenCalled();
  });

  it('sends Stripe and its card number element with card.submit', async () => {
    const cards: unknown[] = [];
    renderCardPage({ createPaymentMethod: fromPromise(({ input }) => (cards.push(input.card), new Promise<{ paymentMethodId: string }>(() => {}))) }, 'pk_live_123');
    await screen.findByLabelText('stripe card number');
    for (const name of ['card number', 'expiry', 'cvc']) type(name, 'ok');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(cards).toEqual([{ kind: 'stripe', stripe: fakeStripe, element: numberElement }]));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
  });
});
