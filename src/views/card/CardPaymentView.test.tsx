// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BookingResponse, ConfirmPaymentIntentOutput, CreatePaymentIntentOutput } from '../../../machines/booking/index.ts';
import { createPayments, type CardDetails } from '../../payments/payments.ts';
import { future, renderCardPage } from './cardTestSupport.tsx';

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card Number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry Date'), { target: { value: future } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
}

describe('the card page (sandbox)', () => {
  it("shows 'Amount To Pay', the TEST MODE cards, formats the number and shows field errors inline", async () => {
    renderCardPage({});
    await screen.findByTestId('test-mode-banner');
    expect(screen.getByRole('heading', { name: 'Amount To Pay' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('£55.50'));
    const number = screen.getByLabelText('Card Number') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '4242424242424241' } });
    expect(number.value).toBe('4242 4242 4242 4241');
    fireEvent.blur(number);
    expect(screen.getByTestId('card-error').textContent).toBe('Your card number is invalid.');
    fireEvent.change(number, { target: { value: '4242424242424242' } });
    expect(screen.queryByTestId('card-error')).toBeNull();
  });

  it("sends one card.submit on a double click and shows 'Processing...' meanwhile", async () => {
    const cards: unknown[] = [];
    renderCardPage({ createPaymentMethod: fromPromise(({ input: { card } }) => (cards.push(card), new Promise<{ paymentMethodId: string }>(() => {}))) });
    await screen.findByTestId('test-mode-banner');
    fillCard('4242 4242 4242 4242');
    const pay = screen.getByRole('button', { name: 'Pay Now' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await screen.findByRole('button', { name: 'Processing...' });
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(cards).toEqual([{ kind: 'sandbox', number: '4242 4242 4242 4242', expiry: future, cvc: '123' } satisfies CardDetails]);
  });

  it('does not submit incomplete fields: the inline alert says what is missing', async () => {
    const createPaymentMethod = vi.fn(async () => ({ paymentMethodId: 'pm' }));
    renderCardPage({ createPaymentMethod: fromPromise(createPaymentMethod) });
    await screen.findByTestId('test-mode-banner');
    fireEvent.change(screen.getByLabelText('Card Number'), { target: { value: '4242 4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(screen.getByTestId('card-error').textContent).toBe('Your card number is incomplete.');
    expect(createPaymentMethod).not.toHaveBeenCalled();
  });

  it("shows the sandbox's 3-D Secure page and answers it with Complete", async () => {
    const sandboxAuthenticate = vi.fn(async () => ({ success: true, status: 'succeeded', error: null }));
    const payments = createPayments({ sandboxAuthenticate });
    let confirmations = 0;
    renderCardPage({
      createPaymentMethod: fromPromise(({ input }) => payments.createPaymentMethod(input)),
      createPaymentIntent: fromPromise(async (): Promise<CreatePaymentIntentOutput> => ({ paymentIntentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret' })),
      confirmPaymentIntent: fromPromise(async (): Promise<ConfirmPaymentIntentOutput> => ({
        status: (confirmations += 1) === 1 ? 'requires_action' : 'succeeded',
        sessionId: null,
        paymentId: 'pi_sandbox_1',
        clientSecret: 'pi_sandbox_1_secret',
        error: null,
      })),
      handleNextAction: fromPromise(({ input, signal }) => payments.handleNextAction(input, { signal })),
      createBooking: fromPromise(() => new Promise<BookingResponse>(() => {})),
    });
    await screen.findByTestId('test-mode-banner');
    fillCard('4000 0027 6000 3184');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('TEST MODE')).toBeTruthy();
    expect(within(dialog).getByText('£55.50')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' })));
    await waitFor(() => expect(sandboxAuthenticate).toHaveBeenCalledWith({ paymentIntentId: 'pi_sandbox_1', outcome: 'complete' }, expect.anything()));
    await waitFor(() => expect(confirmations).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
  });
});
