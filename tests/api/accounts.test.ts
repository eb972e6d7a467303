import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestClock } from '../helpers/clock.ts';

const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.';

const clock = createTestClock();

describe(`accounts: corporate sign-in, profile and forgot password, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer;
  let nextAddress = 1;
  let nextPassenger = 1;
  // Every test uses its own client address and its own passengers, so the rate limits of one never hit another.
  const newAddress = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startTestProvider({ now: clock.now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await provider.dispose();
    await smtp.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: unknown, options: { token?: string; address?: string; headers?: Record<string, string> } = {}) =>
    provider.fastify.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object,
      headers: { ...(options.headers ?? KEY_HEADERS), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      remoteAddress: options.address ?? newAddress(),
    });

  async function createPassenger(password = 'Passenger-Pass-1') {
    const n = nextPassenger++;
    const email = `passenger${n}@example.test`;
    const { rows } = await provider.db.query<{ id: string }>(
      'INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, true) RETURNING id',
      [`Passenger ${n}`, email, `07700 9000${String(n).padStart(2, '0')}`, await hashPassword(password)],
    );
    return { id: Number(rows[0].id), email, password, name: `Passenger ${n}` };
  }

  async function login(email: string, password: string, address?: string) {
    const response = await call('POST', '/check-passenger-login', { email, password }, { address });
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  }

  const resetCodeFor = async (email: string, after = 0): Promise<string> => {
    const mail = await smtp.waitFor((candidate: CapturedMail) => candidate.envelopeTo.includes(email) && candidate.headers['x-cabflow-kind'] === 'password_reset_code' && smtp.messages.indexOf(candidate) >= after);
    return /\b(\d{6})\b/.exec(mail.text)![1];
  };

  describe('sign-in, tokens and logout', () => {
    it('signs the demo corporate passenger in with an access token and the passenger (spec §3)', async () => {
      const response = await call('POST', '/check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        message: 'Login Successfully',
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_at: expect.any(String),
        passenger: { passenger_id: expect.any(Number), passenger_name: DEMO_CORPORATE.name, passenger_email: DEMO_CORPORATE.email, passenger_contact_no: DEMO_CORPORATE.phone },
      });
      const hoursLeft = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(11.9);
      expect(hoursLeft).toBeLessThanOrEqual(12);
      // Only the token's SHA-256 is stored.
      const { rows } = await provider.db.query<{ token_hash: Uint8Array }>('SELECT token_hash FROM passenger_sessions WHERE site_id = 1 AND passenger_id = $1', [body.passenger.passenger_id]);
      const stored = rows.map((row) => Buffer.from(row.token_hash).toString('hex'));
      expect(stored).toContain(createHash('sha256').update(body.access_token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(body.access_token);
    });

    it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
      const passenger = await createPassenger();
      for (const credentials of [
        { email: passenger.email, password: 'wrong-password' },
        { email: 'nobody@example.test', password: passenger.password },
        { email: passenger.email.toUpperCase(), password: 'Passenger-Pass-2' },
      ]) {
        const response = await call('POST', '/check-passenger-login', credentials);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: INVALID_CREDENTIALS, code: 'unauthenticated' });
      }
      // The e-mail is matched case-insensitively.
      expect((await call('POST', '/check-passenger-login', { email: `  ${passenger.email.toUpperCase()} `, password: passenger.password })).statusCode).toBe(200);
    });

    it('refuses a sign-in without a password or with a bad e-mail with 400', async () => {
      expect((await call('POST', '/check-passenger-login', { email: 'a@example.test' })).json()).toEqual({ success: false, message: 'password: Password is required', code: 'invalid_input' });
      expect((await call('POST', '/check-passenger-login', { email: 'not-an-email', password: 'x' })).statusCode).toBe(400);
    });

    it('validate-token: valid after sign-in, not after logout, expiry or with no or a made-up token', async () => {
      const passenger = await createPassenger();
      const token = await login(passenger.email, passenger.password);
      const valid = await call('POST', '/passenger/validate-token', {}, { token });
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toMatchObject({ valid: true, passenger: { passenger_id: passenger.id, passenger_email: passenger.email } });

      const logout = await call('POST', '/passenger/logout', {}, { token });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ success: true, message: 'Logged out' });
      expect((await call('POST', '/passenger/validate-token', {}, { token })).json()).toEqual({ valid: false });
      // Logging out twice is harmless.
      expect((await call('POST', '/passenger/logout', {}, { token })).statusCode).toBe(200);

      expect((await call('POST', '/passenger/validate-token', {})).json()).toEqual({ valid: false });
      expect((await call('POST', '/passenger/validate-token', {}, { token: 'A'.repeat(43) })).json()).toEqual({ valid: false });
      expect((await call('POST', '/passenger/logout', {})).statusCode).toBe(401);

      const expiring = await login(passenger.email, passenger.password);
      await provider.db.query("UPDATE passenger_sessions SET expires_at = now() - interval '1 second' WHERE site_id = 1 AND passenger_id = $1", [passenger.id]);
      expect((await call('POST', '/passenger/validate-token', {}, { token: expiring })).json()).toEqual({ valid: false });
    });

    it("a token is good only on its own site's key pair", async () => {
      const passenger = await createPassenger();
      const token = await login(passenger.email, passenger.password);
      const created = await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Other Cabs' } });
      const site = created.json().site;
      const otherKeys = { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key };
      expect((await call('POST', '/passenger/validate-token', {}, { token, headers: otherKeys })).json()).toEqual({ valid: false });
      expect((await call('POST', '/check-passenger-login', { email: passenger.email, password: passenger.password }, { headers: otherKeys })).statusCode).toBe(403); // no CORPORATE_LOGIN there
      expect((await call('POST', '/passenger/validate-token', {}, { token })).json()).toMatchObject({ valid: true });
    });
  });

  describe('update-passenger: only the token’s own passenger', () => {
    it('updates the own profile and answers with the passenger and "Passenger Details Updated"', async () => {
      const passenger = await createPassenger();
      const token = await login(passenger.email, passenger.password);
      const response = await call(
        'PATCH',
        '/update-passenger',
        { passenger_id: String(passenger.id), name: 'Robin Hart', email: 'robin.hart@example.test', phone: '07700 900777', current_password: passenger.password },
        { token },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Passenger Details Updated',
        passenger: { passenger_id: passenger.id, passenger_name: 'Robin Hart', passenger_email: 'robin.hart@example.test', passenger_contact_no: '07700 900777' },
      });
      const { rows } = await provider.db.query('SELECT name, email, phone FROM passengers WHERE site_id = 1 AND id = $1', [passenger.id]);
      expect(rows[0]).toEqual({ name: 'Robin Hart', email: 'robin.hart@example.test', phone: '07700 900777' });
      // The old address is told of the change.
      const notice = await smtp.waitFor((mail) => mail.envelopeTo.includes(passenger.email) && mail.headers['x-cabflow-kind'] === 'email_changed');
      expect(notice.text).toContain('robin.hart@example.test');
    });

    it("A's token cannot change B (403), no token is 401, and B is untouched", async () => {
      const a = await createPassenger();
      const b = await createPassenger();
      const tokenA = await login(a.email, a.password);
      const attempt = { passenger_id: b.id, name: 'Hijacked', email: 'attacker@example.test', phone: '' };
      const forbidden = await call('PATCH', '/update-passenger', attempt, { token: tokenA });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ success: false, message: 'You can only see and change your own account', code: 'forbidden' });
      const anonymous = await call('PATCH', '/update-passenger', attempt);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ success: false, message: 'Please sign in again', code: 'unauthenticated' });
      expect((await call('PATCH', '/update-passenger', attempt, { token: 'x'.repeat(43) })).statusCode).toBe(401);
      // Signed out, a bad body is still 401: the fields' problems are told only to the signed-in passenger.
      expect((await call('PATCH', '/update-passenger', { passenger_id: 'x', name: '' })).json()).toEqual({ success: false, message: 'Please sign in again', code: 'unauthenticated' });
      const { rows } = await provider.db.query('SELECT name, email FROM passengers WHERE site_id = 1 AND id = $1', [b.id]);
      expect(rows[0]).toEqual({ name: b.name, email: b.email });
    });

    it("refuses another account's e-mail with 409 and a clear message; requires name and e-mail", async () => {
      const a = await createPassenger();
      const b = await createPassenger();
      const token = await login(a.email, a.password);
      const duplicate = await call('PATCH', '/update-passenger', { passenger_id: a.id, name: a.name, email: b.email.toUpperCase(), phone: '', current_password: a.password }, { token });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ success: false, message: 'This email address is already used by another account', code: 'conflict' });
      expect((await call('PATCH', '/update-passenger', { passenger_id: a.id, name: '', email: a.email }, { token })).json()).toEqual({ success: false, message: 'name: Name is required', code: 'invalid_input' });
      expect((await call('PATCH', '/update-passenger', { passenger_id: a.id, name: 'A', email: 'nope' }, { token })).statusCode).toBe(400);
      // Keeping one's own e-mail (in another case) is fine; a phone left out stays as it was.
      const kept = await call('PATCH', '/update-passenger', { passenger_id: a.id, name: 'A', email: a.email.toUpperCase() }, { token });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().passenger).toMatchObject({ passenger_email: a.email.toUpperCase(), passenger_contact_no: expect.stringMatching(/^07700 9000\d\d$/) });
    });
  });

  describe('check-passenger-email (existing client at booking)', () => {
    it('answers success for the right e-mail and password, 401 otherwise', async () => {
      const passenger = await createPassenger();
      const ok = await call('POST', '/check-passenger-email', { email: passenger.email, password: passenger.password });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ success: true });
      for (const credentials of [
        { email: passenger.email, password: 'not-the-password' },
        { email: 'unknown@example.test', password: passenger.password },
      ]) {
        const refused = await call('POST', '/check-passenger-email', credentials);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ success: false, message: 'Email or password not recognised', code: 'unauthenticated' });
      }
    });
  });

  describe('forgot password', () => {
    it('code by e-mail (a real SMTP server) → verify → reset → old sessions revoked → sign in with the new password', async () => {
      const passenger = await createPassenger();
      const oldToken = await login(passenger.email, passenger.password);
      const before = smtp.messages.length;

      const forgot = await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json()).toEqual({ success: true, message: 'A reset code has been sent to your email.' });
      const code = await resetCodeFor(passenger.email, before);
      const codeMail = smtp.messages.find((mail) => mail.envelopeTo.includes(passenger.email) && mail.headers['x-cabflow-kind'] === 'password_reset_code')!;
      expect(codeMail.subject).toBe('Your Westway Cars password reset code');
      expect(codeMail.subject).not.toContain(code);
      expect(codeMail.html).toContain(code);
      expect(codeMail.text).toContain('expires in 10 minutes');
      // Stored hashed; the outbox copy is blanked once delivered.
      const stored = await provider.db.query<{ code_hash: Uint8Array }>('SELECT code_hash FROM password_reset_codes WHERE site_id = 1 AND passenger_id = $1', [passenger.id]);
      expect(Buffer.from(stored.rows[0].code_hash).toString('hex')).not.toContain(code);
      await expect
        .poll(async () => (await provider.db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE site_id = 1 AND kind = 'password_reset_code' AND to_address LIKE $1", [`%${passenger.email}%`])).rows[0].text_body)
        .toBe('[removed after delivery]');

      const verify = await call('POST', '/auth/verify-code', { email: passenger.email, code });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ success: true, message: 'Code verified successfully' });

      const reset = await call('POST', '/auth/reset-password', { email: passenger.email, code, new_password: 'A-brand-new-pass', type: 'website' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ success: true, message: 'Password has been reset successfully' });

      expect((await call('POST', '/passenger/validate-token', {}, { token: oldToken })).json()).toEqual({ valid: false });
      expect((await call('POST', '/check-passenger-login', { email: passenger.email, password: passenger.password })).statusCode).toBe(401);
      const newToken = await login(passenger.email, 'A-brand-new-pass');
      expect((await call('POST', '/passenger/validate-token', {}, { token: newToken })).json()).toMatchObject({ valid: true });

      // The code is single use.
      const again = await call('POST', '/auth/reset-password', { email: passenger.email, code, new_password: 'Yet-another-pass', type: 'website' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ success: false, message: 'Invalid reset code', code: 'invalid_input' });
      // The owner is told.
      await smtp.waitFor((mail) => mail.envelopeTo.includes(passenger.email) && mail.headers['x-cabflow-kind'] === 'password_changed');
    });

    it("answers 404 'Email not found' for an unknown e-mail (the spec's text)", async () => {
      const response = await call('POST', '/auth/forgot-password', { email: 'ghost@example.test', type: 'website' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Email not found', code: 'not_found' });
    });

    it("an expired code: 'Reset code has expired'", async () => {
      const passenger = await createPassenger();
      const before = smtp.messages.length;
      await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      const code = await resetCodeFor(passenger.email, before);
      await provider.db.query("UPDATE password_reset_codes SET expires_at = now() - interval '1 second' WHERE site_id = 1 AND passenger_id = $1", [passenger.id]);
      for (const url of ['/auth/verify-code', '/auth/reset-password']) {
        const response = await call('POST', url, { email: passenger.email, code, new_password: 'Whatever-pass-1', type: 'website' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: 'Reset code has expired', code: 'invalid_input' });
      }
    });

    it("a wrong code: 'Invalid reset code'; the sixth try is refused even with the right code", async () => {
      const passenger = await createPassenger();
      const before = smtp.messages.length;
      await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      const code = await resetCodeFor(passenger.email, before);
      const wrong = code === '000000' ? '000001' : '000000';
      const address = newAddress();
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await call('POST', attempt % 2 ? '/auth/verify-code' : '/auth/reset-password', { email: passenger.email, code: wrong, new_password: 'Whatever-pass-1' }, { address });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: 'Invalid reset code', code: 'invalid_input' });
      }
      const sixth = await call('POST', '/auth/verify-code', { email: passenger.email, code }, { address });
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json()).toEqual({ success: false, message: 'Too many wrong codes. Please request a new reset code.', code: 'invalid_input' });
      const reset = await call('POST', '/auth/reset-password', { email: passenger.email, code, new_password: 'Whatever-pass-1' }, { address });
      expect(reset.statusCode).toBe(400);
      expect((await call('POST', '/check-passenger-login', { email: passenger.email, password: passenger.password })).statusCode).toBe(200);

      // A new request gives a fresh code with fresh tries.
      const mark = smtp.messages.length;
      await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      const fresh = await resetCodeFor(passenger.email, mark);
      expect((await call('POST', '/auth/verify-code', { email: passenger.email, code: fresh })).statusCode).toBe(200);
    });

    it('a new request supersedes the earlier code (once that is 5 minutes old)', async () => {
      const passenger = await createPassenger();
      let mark = smtp.messages.length;
      await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      const first = await resetCodeFor(passenger.email, mark);
      await provider.db.query("UPDATE password_reset_codes SET created_at = created_at - interval '5 minutes' WHERE site_id = 1 AND passenger_id = $1", [passenger.id]);
      mark = smtp.messages.length;
      await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      const second = await resetCodeFor(passenger.email, mark);
      if (first !== second) expect((await call('POST', '/auth/verify-code', { email: passenger.email, code: first })).json()).toEqual({ success: false, message: 'Invalid reset code', code: 'invalid_input' });
      expect((await call('POST', '/auth/verify-code', { email: passenger.email, code: second })).statusCode).toBe(200);
    });

    it('refuses a new password shorter than 8 or longer than 128 characters', async () => {
      const passenger = await createPassenger();
      const mark = smtp.messages.length;
      await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' });
      const code = await resetCodeFor(passenger.email, mark);
      const short = await call('POST', '/auth/reset-password', { email: passenger.email, code, new_password: 'Short-7', type: 'website' });
      expect(short.json()).toEqual({ success: false, message: 'new_password: Password must be at least 8 characters', code: 'invalid_input' });
      const long = await call('POST', '/auth/reset-password', { email: passenger.email, code, new_password: 'x'.repeat(129), type: 'website' });
      expect(long.statusCode).toBe(400);
      // Neither counted as a wrong try: the code still works.
      expect((await call('POST', '/auth/reset-password', { email: passenger.email, code, new_password: 'x'.repeat(128), type: 'website' })).statusCode).toBe(200);
    });
  });

  describe('rate limits (429 JSON)', () => {
    it('sign-in: 10 wrong passwords per account and address per 15 minutes, shared with check-passenger-email', async () => {
      clock.awayFromWindowEdge(900, 10);
      const passenger = await createPassenger();
      const address = newAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const url = attempt % 2 ? '/check-passenger-login' : '/check-passenger-email';
        statuses.push((await call('POST', url, { email: passenger.email, password: 'wrong-password' }, { address })).statusCode);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      // The right password from that address is refused too: the limit holds before any password is checked.
      const limited = await call('POST', '/check-passenger-login', { email: passenger.email, password: passenger.password }, { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/), error: limited.json().message, code: 'rate_limited' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call('POST', '/check-passenger-email', { email: passenger.email, password: passenger.password }, { address })).statusCode).toBe(429);
      // Another address is not held by them (the account-wide limit is 100 a day).
      expect((await call('POST', '/check-passenger-login', { email: passenger.email, password: passenger.password })).statusCode).toBe(200);
    });

    it('sign-in: 30 tries per address per 15 minutes, whatever the account', async () => {
      clock.awayFromWindowEdge(900, 10);
      const address = newAddress();
      const responses = await Promise.all(Array.from({ length: 35 }, (_, index) => call('POST', '/check-passenger-login', { email: `spray${index}@example.test`, password: 'guess' }, { address })));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    });

    it('forgot-password: 10 per address per hour; per account no refusal but one code mail per 5 minutes', async () => {
      clock.awayFromWindowEdge(3600, 10);
      const passenger = await createPassenger();
      const perAccount = [];
      for (let attempt = 0; attempt < 6; attempt++) perAccount.push((await call('POST', '/auth/forgot-password', { email: passenger.email, type: 'website' })).statusCode);
      expect(perAccount).toEqual(Array(6).fill(200));
      const { rows } = await provider.db.query<{ n: string }>('SELECT count(*)::text AS n FROM password_reset_codes WHERE site_id = 1 AND passenger_id = $1', [passenger.id]);
      expect(rows[0].n).toBe('1');

      const address = newAddress();
      const perAddress = [];
      for (let attempt = 0; attempt < 11; attempt++) perAddress.push((await call('POST', '/auth/forgot-password', { email: `probe${attempt}@example.test`, type: 'website' }, { address })).statusCode);
      expect(perAddress).toEqual([...Array(10).fill(404), 429]);
    });

    it('verify-code: 15 per account per 15 minutes, on top of the 5 wrong tries per code', async () => {
      clock.awayFromWindowEdge(900, 10);
      const passenger = await createPassenger();
      const statuses = [];
      for (let attempt = 0; attempt < 16; attempt++) statuses.push((await call('POST', '/auth/verify-code', { email: passenger.email, code: '123456' })).statusCode);
      expect(statuses).toEqual([...Array(15).fill(400), 429]);
    });
  });
});
