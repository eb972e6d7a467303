import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../contract/accounts.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { DEMO_CORPORATE, DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { deliveredMail } from '../helpers/mail.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 17, the console's server: staff sign-in and its cookie, the failure-only limits, roles, one site per member,
 * CSRF, sign-out everywhere, deactivation, the last owner, set-password links, hostile input.
 */

const HOST = 'console.westwaycars.test';
const ORIGIN = `http://${HOST}`;
const SET_PASSWORD_LINK = /(https?:\/\/[a-z0-9.:-]+\/admin\/set-password#token=([A-Za-z0-9_-]{43}))/;
const TOO_MANY = /^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/;

type Headers = Record<string, string>;
interface Signed {
  cookie: string;
  csrf: string;
  setCookie: string;
}

describe(`staff accounts and sessions on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown, remoteAddress = '127.0.0.1') =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { host: HOST, ...headers }, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Headers = {}) =>
    inject(method, url, { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers }, payload);
  /** A call the console makes: the cookie, the CSRF token and the page's own origin. */
  const asStaff = (who: Signed, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Headers = {}) =>
    inject(method, url, { cookie: who.cookie, 'x-csrf-token': who.csrf, origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...headers }, payload);

  const signInResponse = (email: string, password: string, headers: Headers = {}, remoteAddress?: string) =>
    inject('POST', 'session', { origin: ORIGIN, ...headers }, { email, password }, remoteAddress);
  async function signIn(email: string, password: string, headers: Headers = {}): Promise<Signed> {
    const response = await signInResponse(email, password, headers);
    expect(response.statusCode, response.body).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    return { cookie: setCookie.split(';')[0], csrf: response.json().csrf_token, setCookie };
  }
  const owner = () => signIn(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password);
  const dispatcher = () => signIn(DEMO_STAFF.dispatcher.email, DEMO_STAFF.dispatcher.password);

  /** The set-password link in the newest mail to this address, as delivered. */
  async function linkMailedTo(email: string) {
    const delivered = await deliveredMail(provider, 'staff_set_password', email);
    const match = SET_PASSWORD_LINK.exec(delivered.text);
    if (!match) throw new Error(`no set-password link mailed to ${email}`);
    return { mail: { id: delivered.id, site_id: delivered.siteId, subject: delivered.subject, sensitive: delivered.sensitive }, url: match[1], token: match[2] };
  }

  /** A member added by the admin token (on the site of `headers`' key pair) who has set a password and signed in. */
  async function member(email: string, role: 'owner' | 'dispatcher', headers: Headers = {}, password = 'Kestrel-Harbour-41') {
    const created = await asAdmin('POST', 'staff', { email, name: `Member ${email}`, role }, headers);
    expect(created.statusCode, created.body).toBe(201);
    const { token } = await linkMailedTo(email);
    expect((await inject('POST', 'staff/set-password', {}, { token, password })).statusCode).toBe(200);
    return { id: created.json().staff.id as number, ...(await signIn(email, password, headers)) };
  }

  it('signs in with a cookie that is HttpOnly, SameSite=Strict, Path=/, 12 hours, not Secure over plain HTTP; only the SHA-256 of its token is stored', async () => {
    const response = await signInResponse(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    const match = /^cabflow_staff=([A-Za-z0-9_-]{43}); Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/.exec(setCookie);
    expect(match, setCookie).not.toBeNull();
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      staff: { name: DEMO_STAFF.owner.name, email: DEMO_STAFF.owner.email, role: 'owner' },
      site: { name: 'Westway Cars' },
      idle_minutes: 30,
    });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.csrf_token).not.toBe(match![1]);
    const stored = await sql<{ token_hash: Uint8Array; hours: number }>(
      'SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM staff_sessions ORDER BY id DESC LIMIT 1',
    );
    expect(Buffer.from(stored[0].token_hash).equals(createHash('sha256').update(match![1]).digest())).toBe(true);
    expect(stored[0].hours).toBe(12);
    expect(response.body).not.toContain('password');
  });

  it('GET /api/admin/session says who is signed in and gives the CSRF token; without the cookie it is 401', async () => {
    const signed = await dispatcher();
    const who = await inject('GET', 'session', { cookie: signed.cookie });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ staff: { email: DEMO_STAFF.dispatcher.email, role: 'dispatcher', name: DEMO_STAFF.dispatcher.name }, site: { name: 'Westway Cars' }, csrf_token: signed.csrf });
    const none = await inject('GET', 'session');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: STAFF_MESSAGES.notSignedIn, code: 'unauthenticated' });
    const forged = await inject('GET', 'session', { cookie: `cabflow_staff=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['set-cookie']).toBe('cabflow_staff=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
  });

  it('over HTTPS from a proxy TRUST_PROXY names the cookie is __Host-cabflow_staff and Secure; the plain name is then not read', async () => {
    const behindProxy = await startTestProvider({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const post = (headers: Headers) =>
        behindProxy.fastify.inject({ method: 'POST', url: '/api/admin/session', headers: { host: HOST, ...headers }, payload: { email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password } });
      const secure = await post({ 'x-forwarded-proto': 'https', origin: `https://${HOST}` });
      expect(secure.statusCode).toBe(200);
      const setCookie = String(secure.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-cabflow_staff=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      const token = setCookie.split(';')[0].split('=')[1];
      const get = (cookie: string) => behindProxy.fastify.inject({ method: 'GET', url: '/api/admin/session', headers: { host: HOST, 'x-forwarded-proto': 'https', cookie } });
      expect((await get(`__Host-cabflow_staff=${token}`)).statusCode).toBe(200);
      expect((await get(`cabflow_staff=${token}`)).statusCode).toBe(401);
      // Plain HTTP to the proxy: a plain cookie.
      expect(String((await post({ 'x-forwarded-proto': 'http', origin: `http://${HOST}` })).headers['set-cookie'])).toMatch(/^cabflow_staff=.*SameSite=Strict$/);
    } finally {
      await behindProxy.dispose();
    }
    // Without TRUST_PROXY, X-Forwarded-Proto from anyone is ignored: plain HTTP.
    const ignored = await signInResponse(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password, { 'x-forwarded-proto': 'https' });
    expect(String(ignored.headers['set-cookie'])).toMatch(/^cabflow_staff=/);
  });

  it('refuses wrong passwords alike (401) and, failures only, the 11th in 15 minutes from one address with 429; a right one clears the count', async () => {
    const address = '203.0.113.41';
    const { email, password } = DEMO_STAFF.dispatcher;
    const attempt = (guess: string) => signInResponse(email, guess, {}, address);
    for (let i = 0; i < 9; i++) {
      const wrong = await attempt(`wrong-${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ success: false, message: STAFF_MESSAGES.invalidCredentials, code: 'unauthenticated' });
    }
    expect((await attempt(password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(`again-${i}`)).statusCode).toBe(401);
    const refused = await attempt(password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const unknown = await signInResponse('nobody@westwaycars.test', 'whatever-it-is', {}, '203.0.113.42');
    expect(unknown.json()).toEqual({ success: false, message: STAFF_MESSAGES.invalidCredentials, code: 'unauthenticated' });
    // Another address is not held back by this one's guesses.
    expect((await signInResponse(email, password, {}, '203.0.113.43')).statusCode).toBe(200);
    // Staff and passengers are counted apart: the passenger with the same address still signs in there.
    const rows = await sql<{ bucket: string; subject: string }>("SELECT bucket, subject FROM rate_limit_hits WHERE bucket = 'password-failures:account+address' AND hits > 0");
    expect(rows.every((row) => row.subject.startsWith('staff:'))).toBe(true);
  });

  it('gives a dispatcher 403 on settings, sites and staff calls, while an owner reaches them', async () => {
    const dispatch = await dispatcher();
    for (const [method, url, payload] of [
      ['GET', 'settings'],
      ['PUT', 'settings', { Company_Name: 'Taken over' }],
      ['GET', 'sites'],
      ['POST', 'sites', { name: 'Another', hosts: [] }],
      ['GET', 'staff'],
      ['POST', 'staff', { email: 'new@westwaycars.test', name: 'New', role: 'owner' }],
      ['PATCH', 'staff/1', { role: 'dispatcher' }],
      ['GET', 'audit'],
    ] as const) {
      const response = await asStaff(dispatch, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ success: false, message: STAFF_MESSAGES.ownerOnly, code: 'forbidden' });
    }
    expect(await sql("SELECT 1 FROM settings WHERE setting_value = 'Taken over'")).toEqual([]);
    const own = await owner();
    expect((await asStaff(own, 'GET', 'settings')).statusCode).toBe(200);
    expect((await asStaff(own, 'GET', 'staff')).json().staff.map((m: { email: string }) => m.email)).toEqual(expect.arrayContaining([DEMO_STAFF.owner.email, DEMO_STAFF.dispatcher.email]));
  });

  it("keeps site A's staff to site A: key pair headers of B refused, B's staff neither listed nor changed, sites limited to their own", async () => {
    const created = await asAdmin('POST', 'sites', { name: 'Northern Cabs', hosts: ['book.northerncabs.test'] });
    expect(created.statusCode).toBe(201);
    const keysB = { 'api-public-key': created.json().site.public_key, 'api-secret-key': created.json().site.secret_key };
    // The same e-mail may be staff on both sites (unique per site).
    const ownerB = await member(DEMO_STAFF.owner.email, 'owner', keysB, 'Northern-Lights-77');
    expect((await inject('GET', 'session', { cookie: ownerB.cookie })).json().site).toEqual({ id: created.json().site.id, name: 'Northern Cabs' });
    const { url } = await linkMailedTo(DEMO_STAFF.owner.email);
    expect(url.startsWith('https://book.northerncabs.test/admin/set-password#token=')).toBe(true);

    const ownerA = await owner();
    for (const [method, path] of [
      ['GET', 'settings'],
      ['GET', 'staff'],
      ['PUT', 'settings'],
    ] as const) {
      const refused = await asStaff(ownerA, method, path, method === 'PUT' ? { Company_Name: 'Hijacked' } : undefined, keysB);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: STAFF_MESSAGES.otherSite, code: 'forbidden' });
    }
    const listA = (await asStaff(ownerA, 'GET', 'staff')).json().staff as { id: number }[];
    expect(listA.map((m) => m.id)).not.toContain(ownerB.id);
    const change = await asStaff(ownerA, 'PATCH', `staff/${ownerB.id}`, { active: false });
    expect(change.statusCode).toBe(404);
    expect((await inject('GET', 'session', { cookie: ownerB.cookie })).statusCode).toBe(200);
    const sites = (await asStaff(ownerA, 'GET', 'sites')).json() as { name: string }[];
    expect(sites.map((site) => site.name)).toEqual(['Westway Cars']);
    const newSite = await asStaff(ownerA, 'POST', 'sites', { name: 'Mine', hosts: [] });
    expect(newSite.statusCode).toBe(403);
    expect(newSite.json()).toEqual({ success: false, message: STAFF_MESSAGES.adminTokenOnly, code: 'forbidden' });
    expect((await asStaff(ownerB, 'GET', 'settings', undefined, keysB)).statusCode).toBe(200);
    expect(await sql("SELECT 1 FROM settings WHERE setting_value = 'Hijacked'")).toEqual([]);
  });

  it("never lets a passenger's bearer token reach /api/admin (401), even beside a staff cookie", async () => {
    const login = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } });
    const passengerToken = login.json().access_token as string;
    expect(passengerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const own = await owner();
    for (const url of ['settings', 'staff', 'session', 'audit?entity=booking&id=X']) {
      const refused = await inject('GET', url, { authorization: `Bearer ${passengerToken}` });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: STAFF_MESSAGES.adminTokenWrong, code: 'unauthenticated' });
      expect((await inject('GET', url, { authorization: `Bearer ${passengerToken}`, cookie: own.cookie })).statusCode).toBe(401);
    }
  });

  it('refuses a state-changing call with the cookie but without the CSRF token, with a wrong one, from another origin or a cross-site fetch (403, nothing changes)', async () => {
    const own = await owner();
    const put = (headers: Headers) => inject('PUT', 'settings', { cookie: own.cookie, ...headers }, { Company_Name: 'Forged' });
    const cases: [string, Headers, string][] = [
      ['no token', { origin: ORIGIN }, STAFF_MESSAGES.csrfMissing],
      ['a wrong token', { origin: ORIGIN, 'x-csrf-token': 'B'.repeat(43) }, STAFF_MESSAGES.csrfMissing],
      ["another session's token", { origin: ORIGIN, 'x-csrf-token': (await dispatcher()).csrf }, STAFF_MESSAGES.csrfMissing],
      ['another origin', { origin: 'https://evil.example', 'x-csrf-token': own.csrf }, STAFF_MESSAGES.crossSite],
      ['another scheme', { origin: `https://${HOST}`, 'x-csrf-token': own.csrf }, STAFF_MESSAGES.crossSite],
      ['Origin null', { origin: 'null', 'x-csrf-token': own.csrf }, STAFF_MESSAGES.crossSite],
      ['a cross-site fetch', { 'sec-fetch-site': 'cross-site', 'x-csrf-token': own.csrf }, STAFF_MESSAGES.crossSite],
      ['a same-site fetch', { 'sec-fetch-site': 'same-site', 'x-csrf-token': own.csrf }, STAFF_MESSAGES.crossSite],
    ];
    for (const [label, headers, message] of cases) {
      const refused = await put(headers);
      expect(refused.statusCode, label).toBe(403);
      expect(refused.json(), label).toEqual({ success: false, message, code: 'forbidden' });
    }
    for (const [method, url] of [['DELETE', 'session'], ['POST', 'session/sign-out-everywhere'], ['POST', 'staff']] as const) {
      expect((await inject(method, url, { cookie: own.cookie, origin: ORIGIN }, method === 'DELETE' ? undefined : {})).statusCode, url).toBe(403);
    }
    expect(await sql("SELECT 1 FROM settings WHERE setting_value = 'Forged'")).toEqual([]);
    expect((await inject('GET', 'session', { cookie: own.cookie })).statusCode).toBe(200);
    // Reading needs no token; the right token from the page's origin (or a client without Origin) changes.
    expect((await inject('GET', 'settings', { cookie: own.cookie })).statusCode).toBe(200);
    expect((await put({ origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'x-csrf-token': own.csrf })).statusCode).toBe(200);
    // Sign-in from another origin is refused too (no signing a victim in to an attacker's account).
    expect((await signInResponse(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password, { origin: 'https://evil.example' })).statusCode).toBe(403);
    // The admin token needs no CSRF token.
    expect((await asAdmin('PUT', 'settings', { Company_Name: 'Westway Cars' })).statusCode).toBe(200);
  });

  it('signs out one session with DELETE /session, and every session of the member with sign-out-everywhere', async () => {
    const first = await dispatcher();
    const second = await dispatcher();
    const third = await dispatcher();
    const out = await asStaff(first, 'DELETE', 'session');
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toBe('cabflow_staff=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
    expect((await inject('GET', 'session', { cookie: first.cookie })).statusCode).toBe(401);
    expect((await inject('GET', 'session', { cookie: second.cookie })).statusCode).toBe(200);
    const own = await owner();
    const everywhere = await asStaff(second, 'POST', 'session/sign-out-everywhere');
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toMatchObject({ success: true });
    expect(everywhere.json().ended).toBeGreaterThanOrEqual(2);
    for (const signed of [second, third]) expect((await inject('GET', 'session', { cookie: signed.cookie })).statusCode).toBe(401);
    // Another member's session goes on.
    expect((await inject('GET', 'session', { cookie: own.cookie })).statusCode).toBe(200);
  });

  it('ends an idle session after 30 minutes and any session 12 hours after sign-in', async () => {
    const idle = await dispatcher();
    const old = await dispatcher();
    const hash = (signed: Signed) => createHash('sha256').update(signed.cookie.split('=')[1]).digest();
    await sql("UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1", [hash(idle)]);
    await sql("UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hash(old)]);
    expect((await inject('GET', 'session', { cookie: idle.cookie })).statusCode).toBe(401);
    expect((await inject('GET', 'session', { cookie: old.cookie })).statusCode).toBe(401);
  });

  it('deactivating a member ends their sessions and their sign-in; reactivating lets them sign in again', async () => {
    const own = await owner();
    const leaving = await member('leaving@westwaycars.test', 'dispatcher');
    expect((await inject('GET', 'session', { cookie: leaving.cookie })).statusCode).toBe(200);
    const off = await asStaff(own, 'PATCH', `staff/${leaving.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().staff).toMatchObject({ id: leaving.id, active: false, role: 'dispatcher', password_set: true });
    expect((await inject('GET', 'session', { cookie: leaving.cookie })).statusCode).toBe(401);
    expect(await sql('SELECT 1 FROM staff_sessions WHERE staff_id = $1 AND revoked_at IS NULL', [leaving.id])).toEqual([]);
    const again = await signInResponse('leaving@westwaycars.test', 'Kestrel-Harbour-41');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, message: STAFF_MESSAGES.invalidCredentials, code: 'unauthenticated' });
    expect((await asStaff(own, 'PATCH', `staff/${leaving.id}`, { active: true })).statusCode).toBe(200);
    expect((await signInResponse('leaving@westwaycars.test', 'Kestrel-Harbour-41')).statusCode).toBe(200);
  });

  it('never demotes or deactivates the last active owner (409); with a second owner it may', async () => {
    const own = await owner();
    const [{ id: ownerId }] = await sql<{ id: string }>('SELECT id FROM staff WHERE lower(email) = $1 AND site_id = (SELECT id FROM sites WHERE is_default)', [DEMO_STAFF.owner.email]);
    for (const patch of [{ role: 'dispatcher' }, { active: false }]) {
      const refused = await asStaff(own, 'PATCH', `staff/${ownerId}`, patch);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: STAFF_MESSAGES.lastOwner, code: 'conflict' });
      const byToken = await asAdmin('PATCH', `staff/${ownerId}`, patch);
      expect(byToken.statusCode).toBe(409);
    }
    expect(await sql("SELECT role, active FROM staff WHERE id = $1", [ownerId])).toEqual([{ role: 'owner', active: true }]);
    const second = await member('second.owner@westwaycars.test', 'owner');
    const demoted = await asStaff(second, 'PATCH', `staff/${ownerId}`, { role: 'dispatcher' });
    expect(demoted.statusCode).toBe(200);
    // The demoted member is a dispatcher at once, in the session already open.
    expect((await asStaff(own, 'GET', 'settings')).statusCode).toBe(403);
    const selfDemotion = await asStaff(second, 'PATCH', `staff/${second.id}`, { role: 'dispatcher' });
    expect(selfDemotion.statusCode).toBe(409);
    expect((await asStaff(second, 'PATCH', `staff/${ownerId}`, { role: 'owner' })).statusCode).toBe(200);
  });

  it('adds a member by mail: a set-password link, single use, expiring in 24 hours, refusing a common password; no password is ever taken at creation', async () => {
    const own = await owner();
    const withPassword = await asStaff(own, 'POST', 'staff', { email: 'nina@westwaycars.test', name: 'Nina', role: 'dispatcher', password: 'Whatever-2024!' });
    expect(withPassword.statusCode).toBe(201);
    expect(await sql('SELECT password_hash FROM staff WHERE email = $1', ['nina@westwaycars.test'])).toEqual([{ password_hash: null }]);
    expect(withPassword.json().staff).toMatchObject({ email: 'nina@westwaycars.test', name: 'Nina', role: 'dispatcher', active: true, password_set: false });
    const taken = await asStaff(own, 'POST', 'staff', { email: 'NINA@westwaycars.test', name: 'Nina again', role: 'owner' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: STAFF_MESSAGES.emailTaken, field: 'email', code: 'conflict' });

    const { mail, token, url } = await linkMailedTo('nina@westwaycars.test');
    expect(url).toBe(`http://localhost:8080/admin/set-password#token=${token}`);
    expect(mail.subject).toBe('Your Westway Cars console account');
    expect(mail.sensitive).toBe(true);
    const [stored] = await sql<{ token_hash: Uint8Array; hours: number }>(
      "SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM staff_password_tokens ORDER BY id DESC LIMIT 1",
    );
    expect(Buffer.from(stored.token_hash).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(stored.hours).toBe(24);
    expect((await signInResponse('nina@westwaycars.test', 'anything-at-all')).statusCode).toBe(401);

    const setPassword = (password: string, value = token) => inject('POST', 'staff/set-password', {}, { token: value, password });
    const common = await setPassword('password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ success: false, message: PASSWORD_MESSAGES.tooCommon, field: 'password', code: 'invalid_input' });
    expect((await setPassword('short')).json()).toEqual({ success: false, message: PASSWORD_MESSAGES.tooShort, field: 'password', code: 'invalid_input' });
    const set = await setPassword('Lantern-Quay-2091');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true, message: STAFF_MESSAGES.passwordSet });
    const reused = await setPassword('Another-Quay-2092');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ success: false, message: STAFF_MESSAGES.linkUsed, code: 'used' });
    expect((await signInResponse('nina@westwaycars.test', 'Lantern-Quay-2091')).statusCode).toBe(200);
    expect((await signInResponse('nina@westwaycars.test', 'Another-Quay-2092')).statusCode).toBe(401);
    // The member's own change, in the audit log (no hash in it).
    const [{ id }] = await sql<{ id: string }>('SELECT id::text FROM staff WHERE email = $1', ['nina@westwaycars.test']);
    expect(await sql("SELECT actor_kind, actor_staff_id::text, before, after FROM audit_log WHERE action = 'staff.set_password' AND entity_id = $1", [id])).toEqual([
      { actor_kind: 'staff', actor_staff_id: id, before: { password_set: false }, after: { password_set: true } },
    ]);

    // A new link for the member (a forgotten password): the old session ends when it is used; an expired link is refused.
    const signed = await signIn('nina@westwaycars.test', 'Lantern-Quay-2091');
    expect((await asStaff(own, 'POST', `staff/${id}/send-password-link`)).statusCode).toBe(200);
    const second = await linkMailedTo('nina@westwaycars.test');
    expect(second.mail.subject).toBe('Set a new password for the Westway Cars console');
    await sql("UPDATE staff_password_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [createHash('sha256').update(second.token).digest()]);
    const expired = await setPassword('Brand-New-Quay-2093', second.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, message: STAFF_MESSAGES.linkExpired, code: 'expired' });
    expect((await asStaff(own, 'POST', `staff/${id}/send-password-link`)).statusCode).toBe(200);
    const third = await linkMailedTo('nina@westwaycars.test');
    expect((await setPassword('Brand-New-Quay-2093', third.token)).statusCode).toBe(200);
    expect((await inject('GET', 'session', { cookie: signed.cookie })).statusCode).toBe(401);
    const forged = await setPassword('Brand-New-Quay-2094', 'C'.repeat(43));
    expect(forged.json()).toEqual({ success: false, message: STAFF_MESSAGES.linkInvalid, code: 'invalid' });
  });

  it('refuses a NUL byte (400) and a body over 256 KiB (413) at sign-in and on staff calls, before any route code', async () => {
    const nul = await signInResponse(`owner\u0000@westwaycars.test`, 'x');
    expect(nul.statusCode).toBe(400);
    const own = await owner();
    const nulName = await asStaff(own, 'POST', 'staff', { email: 'nul@westwaycars.test', name: 'Nu\u0000l', role: 'dispatcher' });
    expect(nulName.statusCode).toBe(400);
    const huge = await asStaff(own, 'POST', 'staff', { email: 'huge@westwaycars.test', name: 'x'.repeat(300 * 1024), role: 'dispatcher' });
    expect(huge.statusCode).toBe(413);
    expect(await sql("SELECT 1 FROM staff WHERE email IN ('nul@westwaycars.test', 'huge@westwaycars.test')")).toEqual([]);
  });

  it('keeps ADMIN_TOKEN for automation: staff calls work with it and need no CSRF token; it has no session', async () => {
    expect((await asAdmin('GET', 'staff')).statusCode).toBe(200);
    const session = await asAdmin('GET', 'session');
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ success: false, message: STAFF_MESSAGES.notSignedIn, code: 'unauthenticated' });
  });
});
