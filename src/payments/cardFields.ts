/**
 * The sandbox card page's own three fields (TEST MODE): formatting as the visitor types, and the checks Stripe.js
 * makes on its card fields (Luhn, expiry not past, cvc length), with Stripe's own wording so both processors read
 * alike. Pure functions of their input and the clock; no card data is stored anywhere.
 */
import { SANDBOX_TEST_CARDS, sandboxPaymentMethodFor, type SandboxCardNumber } from '../../contract/sandboxCards.ts';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

/** The texts Stripe.js shows for the same problems, so the sandbox and Stripe modes read the same. */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration year is in the past.",
  expiryMonthPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  testModeOnly: 'TEST MODE accepts only the test card numbers shown',
} as const;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

export function cardBrand(number: string): CardBrand {
  const digits = digitsOf(number);
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^4/.test(digits)) return 'visa';
  return 'unknown';
}

/** How many digits a full number of this brand has (16 unless Amex's 15). */
export const cardLength = (brand: CardBrand) => (brand === 'amex' ? 15 : 16);
/** Security code length: 4 on the front of an Amex, 3 on the back of the others. */
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** '4242424242424242' → '4242 4242 4242 4242'; Amex groups 4-6-5. Extra digits are dropped. */
export function formatCardNumber(value: string): string {
  const brand = cardBrand(value);
  const digits = digitsOf(value).slice(0, cardLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * '1' → '1', '12' → '12 / ', '125' → '12 / 5', '4' → '04 / ' (a month cannot start with 4–9). Deleting back over
 * the separator works because the separator only appears once a digit follows or the month is complete.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  const deleting = value.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The Luhn check digit test every card number passes. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function numberProblem(number: string): string | null {
  const digits = digitsOf(number);
  if (digits.length < cardLength(cardBrand(digits))) return CARD_MESSAGES.numberIncomplete;
  if (!luhnValid(digits)) return CARD_MESSAGES.numberInvalid;
  return null;
}

/** MM / YY: a real month, and not before the current month (a card is valid to the end of its month). */
export function expiryProblem(expiry: string, now: Date = new Date()): string | null {
  const digits = digitsOf(expiry);
  if (digits.length < 4) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  const thisYear = now.getFullYear();
  if (year < thisYear) return CARD_MESSAGES.expiryPast;
  if (year === thisYear && month < now.getMonth() + 1) return CARD_MESSAGES.expiryMonthPast;
  return null;
}

/** 3 digits on the back (4 on the front of an Amex); 3 or 4 while the brand is not known. Only digits. */
export function cvcProblem(cvc: string, number = ''): string | null {
  const value = cvc.trim();
  if (!/^\d{3,4}$/.test(value)) return CARD_MESSAGES.cvcIncomplete;
  const brand = cardBrand(number);
  if (brand !== 'unknown' && value.length !== cvcLength(brand)) return CARD_MESSAGES.cvcIncomplete;
  return null;
}

export interface SandboxCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The first problem of the three fields, in the order they sit on the page, or null. */
export function cardProblem(card: SandboxCardInput, now: Date = new Date()): string | null {
  return numberProblem(card.number) ?? expiryProblem(card.expiry, now) ?? cvcProblem(card.cvc, card.number);
}

/**
 * What the sandbox makes of the three fields: the test payment method id for a valid test card, or the message to
 * show. A valid real card number is refused: TEST MODE moves no money and accepts only the numbers it lists.
 */
export function sandboxPaymentMethod(card: SandboxCardInput, now: Date = new Date()): { paymentMethodId: string } | { error: string } {
  const problem = cardProblem(card, now);
  if (problem) return { error: problem };
  const paymentMethodId = sandboxPaymentMethodFor(card.number);
  return paymentMethodId ? { paymentMethodId } : { error: CARD_MESSAGES.testModeOnly };
}

/** The test cards the TEST MODE banner lists, with what each does. */
export const SANDBOX_CARD_LIST: ReadonlyArray<{ number: string; does: string }> = (Object.keys(SANDBOX_TEST_CARDS) as SandboxCardNumber[]).map((number) => ({
  number: formatCardNumber(number),
  does: {
    succeeds: 'payment succeeds',
    declined: 'card declined',
    insufficient_funds: 'insufficient funds',
    requires_3ds: '3-D Secure check',
  }[SANDBOX_TEST_CARDS[number].outcome],
}));
