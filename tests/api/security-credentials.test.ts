/**
 * Issue 15, credentials: every password check is limited by one guard (CredentialGuard), failures only, so that
 * nobody else's guesses lock the owner out of an address they signed in from; the reset-code request never refuses
 * the owner because of someone else's requests; an e-mail change needs the current password; common passwords are
 * refused; a passenger's e-mail is one validated address. Against the real server, each client address its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../contract/accounts.ts';
import { BOOKING_MESSAGES } from '../../contract/bookings.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { bookingPayload, countRows, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestClock } from '../helpers/clock.ts';

const TOO_MANY = /^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/;

const clock = createTestClock();

describe(`credentials under attack, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer;
  let nextAddress = 1;
  let nextPassenger = 1;
  const newAddress = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startTestProvider({ now: clock.now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await provider.dispose();
    await smtp.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: unknown, options: { address: string; token?: string }) =>
    provider.fastify.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object,
      headers: { ...KEY_HEADERS, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      remoteAddress: options.address,
    });

  async function createPassenger(password = 'Passenger-Pass-1') {
    const n = nextPassenger++;
    const email = `guarded${n}@example.test`;
    const { rows } = await provider.db.query<{ id: string }>(
      'INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, true) RETURNING id',
      [`Guarded ${n}`, email, '07700 900100', await hashPassword(password)],
    );
    return { id: Number(rows[0].id), email, password, name: `Guarded ${n}` };
  }

  const signIn = (email: string, password: string, address: string) => call('POST', '/check-passenger-login', { email, password }, { address });

  async function token(email: string, password: string, address: string) {
    const response = await signIn(email, password, address);
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  }

  function expectLimited(response: Awaited<ReturnType<typeof call>>) {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ success: false, message: expect.stringMatching(TOO_MANY), error: response.json().message, code: 'rate_limited' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  async function existingClientBooking(email: string, password: string, paymentMethod: 'car' | 'card') {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: paymentMethod, selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email, password } });
    return { booking, amount: Math.round(row.final_price * 100) };
  }

  const outbox = async (kind: string, to: string) =>
    (await provider.db.query<{ to_address: string }>('SELECT to_address FROM mail_outbox WHERE site_id = 1 AND kind = $1 AND to_address LIKE $2', [kind, `%<${to}>%`])).rows;

  describe('one limit for every password check', () => {
    it('guesses through /create-payment-intent (existing client) get 429 with Retry-After after the same 10 as sign-in', async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const address = newAddress();
      const { booking, amount } = await existingClientBooking(owner.email, 'not-the-password', 'card');
      const statuses: number[] = [];
      for (let guess = 0; guess < 10; guess++) {
        const response = await call('POST', '/create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking }, { address });
        statuses.push(response.statusCode);
        expect(response.json().message).toBe(BOOKING_MESSAGES.wrongCredentials);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      expectLimited(await call('POST', '/create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking }, { address }));
      // The same counters as sign-in: this address may not try the account there either, not even with the password.
      expectLimited(await signIn(owner.email, owner.password, address));
      expect(await countRows(provider, 'payments')).toBe(0);
    });

    it('guesses through /booking (existing client) get 429 with Retry-After after 10, shared with sign-in', async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const address = newAddress();
      for (let guess = 0; guess < 5; guess++) expect((await signIn(owner.email, 'not-the-password', address)).statusCode).toBe(401);
      const { booking } = await existingClientBooking(owner.email, 'still-not-it', 'car');
      for (let guess = 0; guess < 5; guess++) {
        const response = await call('POST', '/booking', booking, { address });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: BOOKING_MESSAGES.wrongCredentials, code: 'unauthenticated' });
      }
      expectLimited(await call('POST', '/booking', booking, { address }));
      const right = await existingClientBooking(owner.email, owner.password, 'car');
      expectLimited(await call('POST', '/booking', right.booking, { address }));
    });

    it('a new client with an e-mail that has an account: the same 409 message, and 429 after 10', async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const address = newAddress();
      const { form, row } = await quoteFor(provider);
      const registration = { ...guestRegistration, email: owner.email, password: 'Guessing-Pass-1', privacyAccepted: true, termsAccepted: true };
      const booking = bookingPayload(form, row, { selected_passenger: 'new_client', registrationData: registration });
      for (let guess = 0; guess < 10; guess++) {
        const response = await call('POST', '/booking', booking, { address });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ success: false, message: BOOKING_MESSAGES.emailTaken, code: 'conflict' });
      }
      expectLimited(await call('POST', '/booking', booking, { address }));
    });

    it('an e-mail change with a wrong current password counts like any other guess', async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const address = newAddress();
      const bearer = await token(owner.email, owner.password, address);
      const change = { passenger_id: owner.id, name: owner.name, email: `moved${owner.id}@example.test`, current_password: 'not-the-password' };
      for (let guess = 0; guess < 10; guess++) expect((await call('PATCH', '/update-passenger', change, { address, token: bearer })).statusCode).toBe(403);
      expectLimited(await call('PATCH', '/update-passenger', { ...change, current_password: owner.password }, { address, token: bearer }));
    });
  });

  describe('failures only, and nobody else locks the owner out', () => {
    it('a real user signing in 12 times in 15 minutes is not refused', async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const address = newAddress();
      const statuses = [];
      for (let attempt = 0; attempt < 12; attempt++) statuses.push((await signIn(owner.email, owner.password, address)).statusCode);
      expect(statuses).toEqual(Array(12).fill(200));
    });

    it('a success clears the failures: 9 wrong, the right one, then 10 more wrong before the limit', async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const address = newAddress();
      for (let guess = 0; guess < 9; guess++) expect((await signIn(owner.email, 'typo-password', address)).statusCode).toBe(401);
      expect((await signIn(owner.email, owner.password, address)).statusCode).toBe(200);
      const statuses = [];
      for (let guess = 0; guess < 10; guess++) statuses.push((await signIn(owner.email, 'typo-password', address)).statusCode);
      expect(statuses).toEqual(Array(10).fill(401));
      expectLimited(await signIn(owner.email, 'typo-password', address));
    });

    it("11 wrong guesses from another address lock that address out, not the owner's", async () => {
      clock.awayFromWindowEdge(900, 30);
      const owner = await createPassenger();
      const home = newAddress();
      await token(owner.email, owner.password, home);
      const attacker = newAddress();
      for (let guess = 0; guess < 10; guess++) expect((await signIn(owner.email, `guess-${guess}-password`, attacker)).statusCode).toBe(401);
      expectLimited(await signIn(owner.email, 'guess-10-password', attacker));
      expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
      // And from a new address too: one attacker address is far from the account-wide limit.
      expect((await signIn(owner.email, owner.password, newAddress())).statusCode).toBe(200);
    });

    it('100 wrong guesses from many addresses reach the account-wide limit, from which an address that signed in before is exempt', async () => {
      clock.awayFromWindowEdge(86_400, 120);
      const owner = await createPassenger();
      const home = newAddress();
      await token(owner.email, owner.password, home);
      const attackers = Array.from({ length: 10 }, newAddress);
      for (let round = 0; round < 10; round++) {
        const responses = await Promise.all(attackers.map((address, index) => signIn(owner.email, `spray-${round}-${index}-x`, address)));
        expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(401));
      }
      // A new address, even with the right password, meets the account-wide limit...
      expectLimited(await signIn(owner.email, owner.password, newAddress()));
      expectLimited(await call('POST', '/check-passenger-email', { email: owner.email, password: owner.password }, { address: newAddress() }));
      // ...the owner's own address does not, and their success clears the account's failures.
      expect((await signIn(owner.email, owner.password, home)).statusCode).toBe(200);
      expect((await signIn(owner.email, owner.password, newAddress())).statusCode).toBe(200);
    });
  });

  describe('reset codes: no mail bombing, and the owner is never refused for it', () => {
    const codeMails = (email: string) => smtp.messages.filter((mail: CapturedMail) => mail.envelopeTo.includes(email) && mail.headers['x-cabflow-kind'] === 'password_reset_code');
    const codeOf = (mail: CapturedMail) => /\b(\d{6})\b/.exec(mail.text)![1];
    const forgot = (email: string, address: string) => call('POST', '/auth/forgot-password', { email, type: 'website' }, { address });

    it("someone else's requests from six addresses neither flood the owner's mailbox nor lock the owner out", async () => {
      const owner = await createPassenger();
      for (let request = 0; request < 6; request++) {
        const response = await forgot(owner.email, newAddress());
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, message: 'A reset code has been sent to your email.' });
      }
      // The owner asks from their own address: answered like any request, and the code in their mailbox works.
      const home = newAddress();
      expect((await forgot(owner.email, home)).statusCode).toBe(200);
      await smtp.waitFor((mail) => mail.envelopeTo.includes(owner.email) && mail.headers['x-cabflow-kind'] === 'password_reset_code');
      await provider.mail.flush();
      expect(codeMails(owner.email)).toHaveLength(1);
      expect(await outbox('password_reset_code', owner.email)).toHaveLength(1);
      const code = codeOf(codeMails(owner.email)[0]);
      expect((await call('POST', '/auth/verify-code', { email: owner.email, code }, { address: home })).statusCode).toBe(200);

      // Five minutes on, a request sends a new code at once.
      await provider.db.query("UPDATE password_reset_codes SET created_at = created_at - interval '5 minutes' WHERE site_id = 1 AND passenger_id = $1", [owner.id]);
      expect((await forgot(owner.email, home)).statusCode).toBe(200);
      await expect.poll(() => codeMails(owner.email).length).toBe(2);
    });

    it('a code locked by wrong tries is replaced at the next request', async () => {
      const owner = await createPassenger();
      const home = newAddress();
      await forgot(owner.email, home);
      await expect.poll(() => codeMails(owner.email).length).toBe(1);
      const code = codeOf(codeMails(owner.email)[0]);
      const wrong = code === '000000' ? '000001' : '000000';
      const attacker = newAddress();
      for (let attempt = 0; attempt < 5; attempt++) expect((await call('POST', '/auth/verify-code', { email: owner.email, code: wrong }, { address: attacker })).statusCode).toBe(400);
      expect((await forgot(owner.email, home)).statusCode).toBe(200);
      await expect.poll(() => codeMails(owner.email).length).toBe(2);
      expect((await call('POST', '/auth/verify-code', { email: owner.email, code: codeOf(codeMails(owner.email)[1]) }, { address: home })).statusCode).toBe(200);
    });
  });

  describe('changing the e-mail of an account', () => {
    it('needs the current password, mails the old and the new address and ends the other sessions', async () => {
      const owner = await createPassenger();
      const here = newAddress();
      const mine = await token(owner.email, owner.password, here);
      const elsewhere = await token(owner.email, owner.password, newAddress());
      const newEmail = `renamed${owner.id}@example.test`;
      const change = { passenger_id: owner.id, name: owner.name, email: newEmail, phone: '07700 900100' };

      const missing = await call('PATCH', '/update-passenger', change, { address: here, token: mine });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ success: false, message: PASSWORD_MESSAGES.currentRequired, code: 'invalid_input' });
      const wrong = await call('PATCH', '/update-passenger', { ...change, current_password: 'not-the-password' }, { address: here, token: mine });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ success: false, message: PASSWORD_MESSAGES.currentWrong, code: 'forbidden' });
      expect((await provider.db.query('SELECT email FROM passengers WHERE site_id = 1 AND id = $1', [owner.id])).rows[0]).toEqual({ email: owner.email });
      expect(await outbox('email_changed', owner.email)).toHaveLength(0);

      const changed = await call('PATCH', '/update-passenger', { ...change, current_password: owner.password }, { address: here, token: mine });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({
        success: true,
        message: 'Passenger Details Updated',
        passenger: { passenger_id: owner.id, passenger_name: owner.name, passenger_email: newEmail, passenger_contact_no: '07700 900100' },
      });
      expect(await outbox('email_changed', owner.email)).toHaveLength(1);
      expect(await outbox('email_changed_new_address', newEmail)).toHaveLength(1);
      const toNew = await smtp.waitFor((mail) => mail.envelopeTo.includes(newEmail) && mail.headers['x-cabflow-kind'] === 'email_changed_new_address');
      expect(toNew.text).toContain(newEmail);
      await smtp.waitFor((mail) => mail.envelopeTo.includes(owner.email) && mail.headers['x-cabflow-kind'] === 'email_changed');

      expect((await call('POST', '/passenger/validate-token', {}, { address: here, token: elsewhere })).json()).toEqual({ valid: false });
      expect((await call('POST', '/passenger/validate-token', {}, { address: here, token: mine })).json()).toMatchObject({ valid: true, passenger: { passenger_email: newEmail } });
    });

    it('a change of name or phone (or of the e-mail’s case) needs no password and ends no session', async () => {
      const owner = await createPassenger();
      const here = newAddress();
      const mine = await token(owner.email, owner.password, here);
      const elsewhere = await token(owner.email, owner.password, newAddress());
      const response = await call('PATCH', '/update-passenger', { passenger_id: owner.id, name: 'New Name', email: owner.email.toUpperCase(), phone: '07700 900999' }, { address: here, token: mine });
      expect(response.statusCode).toBe(200);
      expect((await call('POST', '/passenger/validate-token', {}, { address: here, token: elsewhere })).json()).toMatchObject({ valid: true });
    });
  });

  describe('common passwords', () => {
    it('a new client cannot choose one of the 10 000 most common passwords (any case); no account is made', async () => {
      const { form, row } = await quoteFor(provider);
      for (const password of ['password1', 'Qwerty123', 'ILOVEYOU']) {
        const email = `common-${password.toLowerCase()}@example.test`;
        const registration = { ...guestRegistration, email, password, privacyAccepted: true, termsAccepted: true };
        const response = await call('POST', '/booking', bookingPayload(form, row, { selected_passenger: 'new_client', registrationData: registration }), { address: newAddress() });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: PASSWORD_MESSAGES.tooCommon, field: 'password', code: 'invalid_input' });
        expect((await provider.db.query('SELECT 1 FROM passengers WHERE email = $1', [email])).rows).toHaveLength(0);
      }
    });

    it('a reset to a common password is refused and does not use the code up', async () => {
      const owner = await createPassenger();
      const home = newAddress();
      await call('POST', '/auth/forgot-password', { email: owner.email, type: 'website' }, { address: home });
      const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes(owner.email) && candidate.headers['x-cabflow-kind'] === 'password_reset_code');
      const code = /\b(\d{6})\b/.exec(mail.text)![1];
      const common = await call('POST', '/auth/reset-password', { email: owner.email, code, new_password: '12345678', type: 'website' }, { address: home });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ success: false, message: PASSWORD_MESSAGES.tooCommon, field: 'new_password', code: 'invalid_input' });
      expect((await call('POST', '/auth/reset-password', { email: owner.email, code, new_password: 'Uncommon-Choice-77', type: 'website' }, { address: home })).statusCode).toBe(200);
    });
  });

  describe("a booking's e-mail addresses", () => {
    it.each([['a@x>, <victim@y'], ['a>,<victim@example.test'], ['someone@example.test\r\nBcc: victim@example.test']])(
      'passengerEmail %j is refused with 400 and no mail is queued',
      async (passengerEmail) => {
        const { form, row } = await quoteFor(provider);
        const mails = await countRows(provider, 'mail_outbox');
        const bookings = await countRows(provider, 'bookings');
        const registration = { ...guestRegistration, passengerDetails: 'yes', passengerName: 'Sam Traveller', passengerEmail, passengerPhone: '07700 900321' };
        const response = await call('POST', '/booking', bookingPayload(form, row, { registrationData: registration }), { address: newAddress() });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: 'Enter a valid email address for the passenger', code: 'invalid_input' });
        expect(await countRows(provider, 'mail_outbox')).toBe(mails);
        expect(await countRows(provider, 'bookings')).toBe(bookings);
      },
    );

    it('the booker’s own e-mail is held to the same rule', async () => {
      const { form, row } = await quoteFor(provider);
      const response = await call('POST', '/booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'a>,<victim@example.test' } }), { address: newAddress() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Enter a valid email address', code: 'invalid_input' });
    });
  });
});
