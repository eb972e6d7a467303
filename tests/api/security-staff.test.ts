/**
 * Issue 30, the console's way in, against the real server:
 * - (9) about 100 wrong passwords spread over many addresses must not lock a staff member out of a new address: the
 *   right password there gets a one-time code mailed to the member, and the password with that code signs in; a
 *   guesser without the mailbox is answered alike whatever it sends, gets no mail sent and cannot use the code up;
 * - the last-owner rule counts only owners who can sign in (an invited owner who never set a password does not);
 * - (8) on a deployment others can reach (PUBLIC_URL or HOST not loopback) the demo logins' published passwords do not
 *   work: random ones do, printed once in the start banner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { reachableByOthers } from '../../server/config.ts';
import { DEMO_CORPORATE, DEMO_DRIVER, DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { demoLoginLines } from '../../server/db/seed/demoBanner.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { CONSOLE_ORIGIN } from '../helpers/console.ts';
import { driverAppOf } from '../helpers/driver.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { createTestClock } from '../helpers/clock.ts';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../helpers/smtp.ts';

const clock = createTestClock();

const HOST = 'console.westwaycars.test';
const ORIGIN = `http://${HOST}`;
const CODE_SENT = { success: false, message: STAFF_MESSAGES.codeSent, code: 'sign_in_code_sent' };
const CODE_WRONG = { success: false, message: STAFF_MESSAGES.codeWrong, code: 'sign_in_code_wrong' };
const WRONG = { success: false, message: STAFF_MESSAGES.invalidCredentials, code: 'unauthenticated' };

describe(`staff sign-in when someone else sprays wrong passwords, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer;
  let nextAddress = 1;
  const newAddress = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startTestProvider({ now: clock.now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await provider.dispose();
    await smtp.close();
  });

  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);
  const signIn = (body: { email: string; password: string; code?: string }, address: string) =>
    provider.fastify.inject({ method: 'POST', url: '/api/admin/session', headers: { host: HOST, origin: ORIGIN }, payload: body, remoteAddress: address });
  const asAdmin = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { host: HOST, authorization: `Bearer ${ADMIN_TOKEN}` }, payload: payload as object });
  const codeMails = (email: string) => smtp.messages.filter((mail: CapturedMail) => mail.envelopeTo.includes(email) && mail.headers['x-cabflow-kind'] === 'staff_sign_in_code');

  it('100 wrong passwords from ten addresses: the owner at a new address gets in with the mailed code; a guesser without the mailbox does not', async () => {
    clock.awayFromWindowEdge(86_400, 120);
    const email = 'sprayed.owner@westwaycars.test';
    const password = 'Kestrel-Harbour-41';
    await sql("INSERT INTO staff (site_id, email, name, role, password_hash) VALUES ((SELECT id FROM sites WHERE is_default), $1, 'Sprayed Owner', 'owner', $2)", [
      email,
      await hashPassword(password),
    ]);
    const attackers = Array.from({ length: 10 }, newAddress);
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(attackers.map((address, index) => signIn({ email, password: `spray-${round}-${index}-x` }, address)));
      expect(answers.map((answer) => answer.json())).toEqual(Array(10).fill(WRONG));
    }

    // Past the account-wide limit, from an address the owner never used: a wrong password and the right one are
    // answered alike (no oracle for the guesser), and only the right one mails a code.
    const guesser = newAddress();
    const guessed = await signIn({ email, password: 'spray-after-the-limit' }, guesser);
    expect([guessed.statusCode, guessed.json()]).toEqual([401, CODE_SENT]);
    const home = newAddress();
    const first = await signIn({ email, password }, home);
    expect([first.statusCode, first.json()]).toEqual([401, CODE_SENT]);
    expect(first.headers['set-cookie']).toBeUndefined();
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email) && message.headers['x-cabflow-kind'] === 'staff_sign_in_code');
    expect(mail.subject).toBe('Your Westway Cars console sign-in code');
    const code = /^\s{4}(\d{6})$/m.exec(mail.text)![1];
    expect(mail.subject).not.toContain(code);
    // Asking again within the minute leaves the live code standing: no second mail.
    expect((await signIn({ email, password }, home)).json()).toEqual(CODE_SENT);

    // The guesser, without the mailbox: codes with a wrong password are all "wrong", and do not use the code up.
    for (let guess = 0; guess < 6; guess++) {
      const answer = await signIn({ email, password: `spray-code-${guess}`, code: String(100_000 + guess) }, guesser);
      expect([answer.statusCode, answer.json()]).toEqual([401, CODE_WRONG]);
    }
    // Even the right code is refused without the right password.
    expect((await signIn({ email, password: 'spray-with-the-code', code }, guesser)).json()).toEqual(CODE_WRONG);
    expect(await sql('SELECT failed_attempts, used_at FROM staff_sign_in_codes WHERE staff_id = (SELECT id FROM staff WHERE email = $1)', [email])).toEqual([
      { failed_attempts: 0, used_at: null },
    ]);

    // The owner mistypes the code once, then signs in with it; the session is an ordinary one.
    const typo = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await signIn({ email, password, code: typo }, home)).json()).toEqual(CODE_WRONG);
    const signedIn = await signIn({ email, password, code }, home);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().staff.email).toBe(email);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^cabflow_staff=[A-Za-z0-9_-]{43};/);

    // One mail, one code, used once and stored only as a salted hash; the mail's bodies are blanked once delivered
    // and it is a secret mail (never shown or resent in the console's mail log).
    expect(codeMails(email)).toHaveLength(1);
    const [row] = await sql<{ failed_attempts: number; used: boolean; hash_length: number; salt_length: number }>(
      'SELECT failed_attempts, used_at IS NOT NULL AS used, length(code_hash) AS hash_length, length(code_salt) AS salt_length FROM staff_sign_in_codes WHERE staff_id = (SELECT id FROM staff WHERE email = $1)',
      [email],
    );
    expect(row).toEqual({ failed_attempts: 1, used: true, hash_length: 32, salt_length: 16 });
    await provider.mail.flush();
    expect(await sql("SELECT sensitive, text_body FROM mail_outbox WHERE kind = 'staff_sign_in_code'")).toEqual([{ sensitive: true, text_body: '[removed after delivery]' }]);
    // The success cleared the account's count, and the owner's address is now known: no code asked there again.
    expect((await signIn({ email, password }, home)).statusCode).toBe(200);
  });

  it('an invited owner who never set a password is not another owner: the last one who can sign in stays an owner', async () => {
    const invited = await asAdmin('POST', 'staff', { email: 'invited.owner@westwaycars.test', name: 'Invited Owner', role: 'owner' });
    expect(invited.statusCode).toBe(201);
    const [{ id: ownerId }] = await sql<{ id: string }>('SELECT id FROM staff WHERE lower(email) = $1 AND site_id = (SELECT id FROM sites WHERE is_default)', [DEMO_STAFF.owner.email]);
    await sql("DELETE FROM staff WHERE email = 'sprayed.owner@westwaycars.test'");
    for (const patch of [{ role: 'dispatcher' }, { active: false }]) {
      const refused = await asAdmin('PATCH', `staff/${ownerId}`, patch);
      expect([refused.statusCode, refused.json()]).toEqual([409, { success: false, message: STAFF_MESSAGES.lastOwner, code: 'conflict' }]);
    }
    expect(await sql('SELECT role, active FROM staff WHERE id = $1', [ownerId])).toEqual([{ role: 'owner', active: true }]);
    // The invited owner may be demoted: an owner who can sign in remains.
    expect((await asAdmin('PATCH', `staff/${invited.json().staff.id}`, { role: 'dispatcher' })).statusCode).toBe(200);
  });
});

describe(`the demo logins on a deployment others can reach, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ now: clock.now, env: { PUBLIC_URL: 'https://book.westwaycars.example' } });
  });
  afterAll(() => provider.dispose());

  const staffSignIn = (email: string, password: string) =>
    provider.fastify.inject({ method: 'POST', url: '/api/admin/session', headers: { host: HOST, origin: ORIGIN }, payload: { email, password }, remoteAddress: '192.0.2.10' });
  const corporateSignIn = (email: string, password: string) =>
    provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email, password }, remoteAddress: '192.0.2.11' });

  it('is any HOST or PUBLIC_URL that is not localhost, 127.0.0.0/8 or ::1', () => {
    const local = { host: '127.0.0.1', publicUrl: 'http://localhost:8080' };
    expect(reachableByOthers(local)).toBe(false);
    expect(reachableByOthers({ host: '::1', publicUrl: 'http://[::1]:8080' })).toBe(false);
    expect(reachableByOthers({ ...local, publicUrl: 'https://book.westwaycars.example' })).toBe(true);
    expect(reachableByOthers({ ...local, host: '0.0.0.0' })).toBe(true);
    expect(reachableByOthers({ ...local, publicUrl: 'http://127.0.0.1.nip.io' })).toBe(true);
  });

  it('refuses the published passwords of the demo owner, dispatcher, corporate passenger and driver; the random ones work and the banner prints them once', async () => {
    const driverSignIn = (password: string) => driverAppOf(provider).inject('POST', 'session', { origin: CONSOLE_ORIGIN }, { email: DEMO_DRIVER.email, password });
    expect((await driverSignIn(DEMO_DRIVER.password)).statusCode).toBe(401);
    expect((await staffSignIn(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password)).json()).toEqual(WRONG);
    expect((await staffSignIn(DEMO_STAFF.dispatcher.email, DEMO_STAFF.dispatcher.password)).json()).toEqual(WRONG);
    expect((await corporateSignIn(DEMO_CORPORATE.email, DEMO_CORPORATE.password)).statusCode).toBe(401);
    const { reachable, generated } = provider.demoLogins;
    expect(reachable).toBe(true);
    expect(generated.map((login) => [login.name, login.email])).toEqual([
      ['corporate', DEMO_CORPORATE.email],
      ['owner', DEMO_STAFF.owner.email],
      ['dispatcher', DEMO_STAFF.dispatcher.email],
      ['driver', DEMO_DRIVER.email],
    ]);
    const password = (name: string) => generated.find((login) => login.name === name)!.password;
    for (const login of generated) expect(login.password).toMatch(/^[A-Za-z0-9_-]{22}$/);

    expect((await staffSignIn(DEMO_STAFF.owner.email, password('owner'))).statusCode).toBe(200);
    expect((await staffSignIn(DEMO_STAFF.dispatcher.email, password('dispatcher'))).statusCode).toBe(200);
    expect((await corporateSignIn(DEMO_CORPORATE.email, password('corporate'))).statusCode).toBe(200);
    expect((await driverSignIn(password('driver'))).statusCode).toBe(200);

    const banner = demoLoginLines(provider.demoLogins, true, 'https://book.westwaycars.example/admin').join('\n');
    for (const login of generated) expect(banner).toContain(`${login.email} / ${login.password}`);
    expect(banner).toContain('shown ONLY NOW');
    for (const published of [DEMO_CORPORATE.password, DEMO_STAFF.owner.password, DEMO_STAFF.dispatcher.password, DEMO_DRIVER.password]) expect(banner).not.toContain(published);
    // A later start has nothing new to print, and says the published passwords do not work.
    const later = demoLoginLines({ reachable: true, generated: [] }, true, 'https://book.westwaycars.example/admin').join('\n');
    expect(later).toContain('the published demo passwords do not work here');
    expect(later).not.toContain(DEMO_STAFF.owner.password);
  });
});
