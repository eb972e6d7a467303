import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardBrand, cardProblem, cvcProblem, expiryProblem, formatCardNumber, formatExpiry, luhnValid, sandboxPaymentMethod, SANDBOX_CARD_LIST } from './cardFields.ts';

const now = new Date(2026, 4, 15); // May 2026

describe('sandbox card fields', () => {
  it('formats numbers in groups of four, Amex as 4-6-5, and drops extra digits', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 0027-6000')).toBe('4000 0027 6000');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('')).toBe('');
  });

  it('formats the expiry as MM / YY and lets the visitor delete over the separator', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
  });

  it('knows the brands', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('2223 0031')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6011')).toBe('unknown');
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4000 0027 6000 3184')).toBe(true);
  });

  it('refuses an expiry in the past but not the current month', () => {
    expect(expiryProblem('05 / 26', now)).toBeNull();
    expect(expiryProblem('04 / 26', now)).toBe(CARD_MESSAGES.expiryMonthPast);
    expect(expiryProblem('12 / 25', now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryProblem('13 / 30', now)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(expiryProblem('1', now)).toBe(CARD_MESSAGES.expiryIncomplete);
  });

  it('wants 3 cvc digits, 4 for Amex', () => {
    expect(cvcProblem('123', '4242')).toBeNull();
    expect(cvcProblem('1234', '4242')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcProblem('1234', '3782')).toBeNull();
    expect(cvcProblem('12', '')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcProblem('12a', '')).toBe(CARD_MESSAGES.cvcIncomplete);
  });

  it('reports the first problem in page order', () => {
    expect(cardProblem({ number: '4242', expiry: '', cvc: '' }, now)).toBe(CARD_MESSAGES.numberIncomplete);
    expect(cardProblem({ number: '4242 4242 4242 4241', expiry: '', cvc: '' }, now)).toBe(CARD_MESSAGES.numberInvalid);
    expect(cardProblem({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '' }, now)).toBe(CARD_MESSAGES.cvcIncomplete);
  });

  it('maps the test cards to their payment methods and refuses real numbers in TEST MODE', () => {
    const card = { expiry: '12 / 30', cvc: '123' };
    expect(sandboxPaymentMethod({ ...card, number: '4242 4242 4242 4242' }, now)).toEqual({ paymentMethodId: 'pm_card_visa' });
    expect(sandboxPaymentMethod({ ...card, number: '4000 0027 6000 3184' }, now)).toEqual({ paymentMethodId: 'pm_card_authenticationRequired' });
    // A valid Visa number that is not a test card.
    expect(sandboxPaymentMethod({ ...card, number: '4012 8888 8888 1881' }, now)).toEqual({ error: CARD_MESSAGES.testModeOnly });
    expect(sandboxPaymentMethod({ ...card, number: '4242 4242 4242 4242', expiry: '01 / 20' }, now)).toEqual({ error: CARD_MESSAGES.expiryPast });
  });

  it('lists the test cards for the banner', () => {
    expect(SANDBOX_CARD_LIST).toContainEqual({ number: '4242 4242 4242 4242', does: 'payment succeeds' });
    expect(SANDBOX_CARD_LIST).toContainEqual({ number: '4000 0027 6000 3184', does: '3-D Secure check' });
  });
});
