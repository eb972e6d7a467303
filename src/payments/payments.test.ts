import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPayments, type PaymentsDeps } from './payments.ts';
import { answerChallenge, closeChallenge, currentChallenge, subscribeChallenge } from './sandboxChallenge.ts';

const billingDetails = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '' };
const future = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

function sandboxDeps(answer = { success: true, status: 'succeeded', error: null as string | null }) {
  return { sandboxAuthenticate: vi.fn<PaymentsDeps['sandboxAuthenticate']>(async () => answer) };
}

afterEach(() => closeChallenge());

describe('createPaymentMethod', () => {
  it('maps a sandbox test card to its payment method without any call', async () => {
    const deps = sandboxDeps();
    const payments = createPayments(deps);
    await expect(payments.createPaymentMethod({ card: { kind: 'sandbox', number: '4242 4242 4242 4242', expiry: future, cvc: '123' }, billingDetails })).resolves.toEqual({ paymentMethodId: 'pm_card_visa' });
    expect(deps.sandboxAuthenticate).not.toHaveBeenCalled();
  });

  it('rejects a real card number in TEST MODE with the message to show', async () => {
    const payments = createPayments(sandboxDeps());
    await expect(payments.createPaymentMethod({ card: { kind: 'sandbox', number: '4012 8888 8888 1881', expiry: future, cvc: '123' }, billingDetails })).rejects.toThrow(
      'TEST MODE accepts only the test card numbers shown',
    );
  });

  it('asks Stripe.js with the element and only the billing fields entered, and rejects with its message', async () => {
    const createPaymentMethod = vi.fn().mockResolvedValueOnce({ paymentMethod: { id: 'pm_123' } }).mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } });
    const stripe = { createPaymentMethod } as never;
    const element = { id: 'element' } as never;
    const payments = createPayments(sandboxDeps());
    await expect(payments.createPaymentMethod({ card: { kind: 'stripe', stripe, element }, billingDetails })).resolves.toEqual({ paymentMethodId: 'pm_123' });
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element, billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    await expect(payments.createPaymentMethod({ card: { kind: 'stripe', stripe, element }, billingDetails })).rejects.toThrow('Your card number is incomplete.');
  });
});

describe('handleNextAction', () => {
  it('sandbox: shows the challenge, sends Complete to the sandbox, then closes it', async () => {
    const deps = sandboxDeps();
    const payments = createPayments(deps);
    const seen: unknown[] = [];
    const unsubscribe = subscribeChallenge(() => seen.push(currentChallenge()));
    const result = payments.handleNextAction({ paymentIntentId: 'pi_sandbox_1', clientSecret: 's' });
    expect(currentChallenge()).toEqual({ paymentIntentId: 'pi_sandbox_1', answering: null });
    answerChallenge('complete');
    await expect(result).resolves.toEqual({ status: 'completed' });
    expect(deps.sandboxAuthenticate).toHaveBeenCalledWith({ paymentIntentId: 'pi_sandbox_1', outcome: 'complete' }, { signal: undefined });
    expect(currentChallenge()).toBeNull();
    expect(seen).toEqual([{ paymentIntentId: 'pi_sandbox_1', answering: null }, { paymentIntentId: 'pi_sandbox_1', answering: 'complete' }, null]);
    unsubscribe();
  });

  it('sandbox: Fail gives the failed status with the sandbox message', async () => {
    const deps = sandboxDeps({ success: true, status: 'failed', error: 'We are unable to authenticate your payment method.' });
    const payments = createPayments(deps);
    const result = payments.handleNextAction({ paymentIntentId: 'pi_sandbox_2', clientSecret: null });
    answerChallenge('fail');
    answerChallenge('complete'); // a second click changes nothing
    await expect(result).resolves.toEqual({ status: 'failed', message: 'We are unable to authenticate your payment method.' });
    expect(deps.sandboxAuthenticate).toHaveBeenCalledTimes(1);
  });

  it("sandbox: a change's challenge is answered where the caller says (the manage call), not at the booking's", async () => {
    const deps = sandboxDeps();
    const payments = createPayments(deps);
    const answerChange = vi.fn<PaymentsDeps['sandboxAuthenticate']>(async () => ({ success: false, status: 'failed', error: 'We are unable to authenticate your payment method.' }));
    const result = payments.handleNextAction({ paymentIntentId: 'pi_sandbox_4', clientSecret: null }, { sandboxAuthenticate: answerChange });
    answerChallenge('complete');
    await expect(result).resolves.toEqual({ status: 'failed', message: 'We are unable to authenticate your payment method.' });
    expect(answerChange).toHaveBeenCalledWith({ paymentIntentId: 'pi_sandbox_4', outcome: 'complete' }, { signal: undefined });
    expect(deps.sandboxAuthenticate).not.toHaveBeenCalled();
  });

  it('sandbox: an abort closes the challenge and rejects', async () => {
    const payments = createPayments(sandboxDeps());
    const controller = new AbortController();
    const result = payments.handleNextAction({ paymentIntentId: 'pi_sandbox_3', clientSecret: null }, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toThrow();
    expect(currentChallenge()).toBeNull();
  });

  it('Stripe: runs handleNextAction in the Stripe.js that made the payment method', async () => {
    const handleNextAction = vi.fn().mockResolvedValueOnce({ paymentIntent: { status: 'requires_confirmation' } }).mockResolvedValueOnce({ error: { message: 'Authentication failed.' } });
    const stripe = { createPaymentMethod: vi.fn().mockResolvedValue({ paymentMethod: { id: 'pm_1' } }), handleNextAction } as never;
    const payments = createPayments(sandboxDeps());
    await payments.createPaymentMethod({ card: { kind: 'stripe', stripe, element: {} as never }, billingDetails });
    await expect(payments.handleNextAction({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' })).resolves.toEqual({ status: 'completed' });
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret' });
    await expect(payments.handleNextAction({ paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' })).resolves.toEqual({ status: 'failed', message: 'Authentication failed.' });
  });
});
