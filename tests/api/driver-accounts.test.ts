import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '../../contract/driver.ts';
import { DEMO_DRIVER } from '../../server/db/seed/demo.ts';
import { consoleOf, CONSOLE_ORIGIN, type Signed } from '../helpers/console.ts';
import { driverAppOf, DRIVER_PASSWORD } from '../helpers/driver.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 32, driver accounts: invited from the register by the owner or a dispatcher (a set-password link by mail, the
 * staff's link code), sessions as secure as the staff's (HttpOnly cookie scoped to /api/driver, CSRF, same origin,
 * sign-out everywhere, deactivation ends them at once), and no other credential opens the driver API or vice versa.
 */
describe(`driver accounts on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
  });
  afterAll(() => provider.dispose());

  it('a dispatcher invites a driver of the register; the link sets a password once; the session cookie is HttpOnly, Strict and scoped to the driver API', async () => {
    const created = await api.as(dispatcher, 'POST', 'drivers', { name: 'Nadia Rahman', licence_number: 'PHD-7001', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' });
    const driverId = created.json().driver.id as number;
    const invited = await api.as(dispatcher, 'POST', `drivers/${driverId}/invite`, { email: 'Nadia.Rahman@example.test' });
    expect(invited.json()).toMatchObject({ success: true, message: DRIVER_MESSAGES.invited, account: { driver_id: driverId, email: 'Nadia.Rahman@example.test', password_set: false } });
    const [mail] = await api.sql<{ kind: string; subject: string; sensitive: boolean }>("SELECT kind, subject, sensitive FROM mail_outbox WHERE kind = 'driver_set_password'");
    expect(mail).toMatchObject({ kind: 'driver_set_password', subject: 'Your Westway Cars driver app', sensitive: true });
    const token = await app.linkToken('Nadia.Rahman@example.test');
    // Once delivered, the table keeps no link (the mail holds a secret).
    expect(await api.sql("SELECT text_body FROM mail_outbox WHERE kind = 'driver_set_password'")).toEqual([{ text_body: '[removed after delivery]' }]);
    expect((await app.inject('POST', 'set-password', {}, { token, password: 'password' })).statusCode).toBe(400);
    expect((await app.inject('POST', 'set-password', {}, { token, password: DRIVER_PASSWORD })).json()).toEqual({ success: true, message: DRIVER_MESSAGES.passwordSet });
    const again = await app.inject('POST', 'set-password', {}, { token, password: DRIVER_PASSWORD });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([400, 'used', DRIVER_MESSAGES.linkUsed]);

    const wrong = await app.inject('POST', 'session', { origin: CONSOLE_ORIGIN }, { email: 'nadia.rahman@example.test', password: 'Not-The-Password-1' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, DRIVER_MESSAGES.invalidCredentials]);
    const signed = await app.inject('POST', 'session', { origin: CONSOLE_ORIGIN }, { email: 'nadia.rahman@example.test', password: DRIVER_PASSWORD });
    expect(signed.statusCode).toBe(200);
    expect(String(signed.headers['set-cookie'])).toMatch(/^cabflow_driver=[A-Za-z0-9_-]{43}; Max-Age=50400; Path=\/api\/driver; HttpOnly; SameSite=Strict$/);
    expect(signed.json()).toMatchObject({ driver: { id: driverId, name: 'Nadia Rahman', email: 'Nadia.Rahman@example.test' }, site: { name: 'Westway Cars' }, shift: null, idle_minutes: 120 });
    // Over HTTPS (a proxy's X-Forwarded-Proto is not trusted here, so the name follows the socket): Secure is added by protocol.
    const who = { cookie: String(signed.headers['set-cookie']).split(';')[0], csrf: signed.json().csrf_token as string };
    expect((await app.as(who, 'GET', 'session')).json().driver.id).toBe(driverId);
    // The owner sees the invitation in the audit log.
    expect(await api.sql("SELECT action, entity_id, after FROM audit_log WHERE entity_type = 'driver' AND action = 'driver.invite'")).toEqual([{ action: 'driver.invite', entity_id: String(driverId), after: { email: 'Nadia.Rahman@example.test' } }]);
  });

  it('state changes need the CSRF token and the same origin; no other credential opens the driver API, and the driver cookie opens nothing else', async () => {
    const driver = await app.newDriver(dispatcher);
    const noCsrf = await app.as(driver, 'POST', 'session/sign-out-everywhere', undefined, { 'x-csrf-token': '' });
    expect(noCsrf.statusCode).toBe(403);
    const crossSite = await app.as(driver, 'POST', 'session/sign-out-everywhere', undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const crossSignIn = await app.inject('POST', 'session', { origin: 'https://evil.example' }, { email: driver.email, password: DRIVER_PASSWORD });
    expect(crossSignIn.statusCode).toBe(403);

    const owner = await api.owner();
    const passenger = (await provider.fastify.inject({ method: 'POST', url: '/api/v1/login', headers: KEY_HEADERS, payload: { email: 'corporate@cabflow.test', password: 'Corporate-Demo-2024!' } })).json();
    const passengerToken = passenger.token ?? passenger.data?.token;
    for (const headers of <Record<string, string>[]>[{ cookie: owner.cookie }, { authorization: `Bearer ${ADMIN_TOKEN}` }, { authorization: `Bearer ${passengerToken}` }, { cookie: driver.cookie, authorization: `Bearer ${ADMIN_TOKEN}` }, {}]) {
      for (const url of ['session', 'jobs', 'offers']) expect((await app.inject('GET', url, headers)).statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
    }
    // The driver's cookie on the console's API (a browser would not even send it there: Path=/api/driver).
    for (const url of ['session', 'bookings', 'drivers']) expect((await api.raw('GET', url, { cookie: driver.cookie })).statusCode, url).toBe(401);
    expect((await provider.fastify.inject({ method: 'GET', url: '/api/v1/get_booking', headers: { ...KEY_HEADERS, cookie: driver.cookie } })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('sign-out everywhere ends every session of the driver; deactivating the driver in the register ends them at once and refuses sign-in', async () => {
    const driver = await app.newDriver(dispatcher);
    const phone2 = await app.signIn(driver.email);
    const out = await app.as(driver, 'POST', 'session/sign-out-everywhere');
    expect(out.json()).toEqual({ success: true, message: DRIVER_MESSAGES.signedOut, ended: 2 });
    expect((await app.as(phone2, 'GET', 'session')).statusCode).toBe(401);

    const back = await app.signIn(driver.email);
    expect((await app.as(back, 'GET', 'jobs')).statusCode).toBe(200);
    expect((await api.as(dispatcher, 'PATCH', `drivers/${driver.driverId}`, { active: false })).statusCode).toBe(200);
    expect((await app.as(back, 'GET', 'jobs')).statusCode).toBe(401);
    const refused = await app.inject('POST', 'session', { origin: CONSOLE_ORIGIN }, { email: driver.email, password: DRIVER_PASSWORD });
    expect([refused.statusCode, refused.json().message]).toEqual([401, DRIVER_MESSAGES.invalidCredentials]);
    const invite = await api.as(dispatcher, 'POST', `drivers/${driver.driverId}/invite`, { email: driver.email });
    expect([invite.statusCode, invite.json().message]).toEqual([422, DRIVER_MESSAGES.driverInactive]);
  });

  it('an e-mail is one driver’s per site; another site’s driver cannot be invited from here, nor its driver reach this site', async () => {
    const first = await app.newDriver(dispatcher);
    const second = (await api.as(dispatcher, 'POST', 'drivers', { name: 'Second Driver', licence_number: 'PHD-7999', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' })).json().driver.id;
    const taken = await api.as(dispatcher, 'POST', `drivers/${second}/invite`, { email: first.email.toUpperCase() });
    expect([taken.statusCode, taken.json().message]).toEqual([409, DRIVER_MESSAGES.emailTaken]);

    const other = await api.otherSite('Driver Cars');
    const theirs = await app.newDriver(other.owner, 'Other Site Driver', other.headers);
    const notHere = await api.as(dispatcher, 'POST', `drivers/${theirs.driverId}/invite`, { email: 'steal@example.test' });
    expect([notHere.statusCode, notHere.json().message]).toEqual([404, DRIVER_MESSAGES.driverNotFound]);
    // Their session names their own site; key pair headers of another site are refused.
    expect((await app.as(theirs, 'GET', 'session')).json().site.name).toBe('Driver Cars');
    expect((await app.as(theirs, 'GET', 'jobs', undefined, KEY_HEADERS)).statusCode).toBe(403);
    // The same e-mail at another site signs in there only.
    const wrongSite = await app.inject('POST', 'session', { origin: CONSOLE_ORIGIN }, { email: theirs.email, password: DRIVER_PASSWORD });
    expect(wrongSite.statusCode).toBe(401);
  });

  it('npm run operator -- drivers invite EMAIL --driver ID does what the driver row does', async () => {
    const id = (await api.as(dispatcher, 'POST', 'drivers', { name: 'Cli Driver', licence_number: 'PHD-7400', licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' })).json().driver.id;
    const url = await provider.fastify.listen({ host: '127.0.0.1', port: 0 });
    const operator = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/operator.ts', ...args], { env: { ...process.env, ADMIN_TOKEN, CABFLOW_URL: url }, cwd: path.resolve(import.meta.dirname, '../..') });
    const { stdout } = await operator('drivers', 'invite', 'cli.driver@example.test', '--driver', String(id));
    expect(stdout.trim()).toBe(`driver ${id} invited at cli.driver@example.test: a link to set their password for the driver app has been mailed to them (valid 24 hours, once)`);
    const token = await app.linkToken('cli.driver@example.test');
    expect((await app.inject('POST', 'set-password', {}, { token, password: DRIVER_PASSWORD })).statusCode).toBe(200);
    await app.signIn('cli.driver@example.test');
    await expect(operator('drivers', 'invite', 'cli.driver@example.test')).rejects.toMatchObject({ stderr: expect.stringContaining('--driver ID is required') });
  });

  it('the demo seed has a demo driver with a vehicle of their own, who signs in and goes on duty', async () => {
    const demo = await app.signIn(DEMO_DRIVER.email, DEMO_DRIVER.password);
    const vehicles = (await app.as(demo, 'GET', 'vehicles')).json().vehicles;
    const car = vehicles.find((vehicle: { registration: string }) => vehicle.registration === DEMO_DRIVER.vehicle.registration);
    expect((await app.as(demo, 'POST', 'shift', { vehicle_id: car.id })).json().shift.vehicle.registration).toBe(DEMO_DRIVER.vehicle.registration);
    expect((await app.as(demo, 'DELETE', 'shift')).statusCode).toBe(200);
  });

  it('repeated wrong passwords are limited (failures only), as for staff', async () => {
    const driver = await app.newDriver(dispatcher);
    const attempts = [];
    for (let index = 0; index < 11; index++) attempts.push((await app.inject('POST', 'session', { origin: CONSOLE_ORIGIN, 'x-forwarded-for': '203.0.113.77' }, { email: driver.email, password: `Wrong-Password-${index}` })).statusCode);
    expect(attempts.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(attempts[10]).toBe(429);
  });
});
