import { DEMO_DRIVER } from '../../server/db/seed/demo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_MESSAGES } from '../../contract/fleet.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../server/plugins/inputRules.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 17, the drivers and vehicles registers: per site, owners and dispatchers, every change audited, nothing
 * deleted, duplicates and bad input refused with a message.
 */

describe(`drivers and vehicles on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let dispatcher: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    dispatcher = await api.dispatcher();
    other = await api.otherSite();
  });
  afterAll(() => provider.dispose());

  const driver = { name: 'Grace Obi', phone: '07700 900555', licence_number: 'PHD-3003', licensing_authority: 'Transport for London', licence_expiry: '2027-03-31' };
  const vehicle = { registration: 'ab12 cde', make: 'Toyota', model: 'Corolla', colour: 'Grey', category_id: 1, licence_number: 'PHV-4004', licence_expiry: '2027-06-30' };

  it('a dispatcher adds and edits drivers; each change is in the audit log with before and after', async () => {
    const created = await api.as(dispatcher, 'POST', 'drivers', driver);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().driver.id;
    expect(created.json().driver).toEqual({ id, ...driver, active: true, licence_expired: false, created_at: expect.any(String), updated_at: expect.any(String) });
    const patched = await api.as(dispatcher, 'PATCH', `drivers/${id}`, { licence_expiry: '2028-03-31', active: false });
    expect(patched.json().driver).toMatchObject({ licence_expiry: '2028-03-31', active: false });
    expect((await api.as(dispatcher, 'GET', 'drivers')).json().drivers.filter((row: { name: string }) => row.name !== DEMO_DRIVER.name).map((row: { id: number }) => row.id)).toEqual([id]);
    const audit = await api.sql<{ action: string; entity_id: string; before: unknown; after: unknown }>("SELECT action, entity_id, before, after FROM audit_log WHERE entity_type = 'driver' ORDER BY id");
    expect(audit).toEqual([
      { action: 'driver.create', entity_id: String(id), before: null, after: { ...driver, active: true } },
      { action: 'driver.update', entity_id: String(id), before: { licence_expiry: '2027-03-31', active: true }, after: { licence_expiry: '2028-03-31', active: false } },
    ]);
    const duplicate = await api.as(dispatcher, 'POST', 'drivers', { ...driver, name: 'Someone Else', licence_number: 'phd-3003', licensing_authority: 'transport for london' });
    expect([duplicate.statusCode, duplicate.json().message]).toEqual([409, FLEET_MESSAGES.driverLicenceTaken]);
  });

  it('vehicles: the registration normalised and unique, the category checked, an expired licence flagged', async () => {
    const created = await api.as(dispatcher, 'POST', 'vehicles', vehicle);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().vehicle).toMatchObject({ registration: 'AB12CDE', category_id: 1, category_name: expect.any(String), active: true, licence_expired: false });
    const again = await api.as(dispatcher, 'POST', 'vehicles', { ...vehicle, registration: 'AB12 CDE' });
    expect([again.statusCode, again.json().message]).toEqual([409, FLEET_MESSAGES.registrationTaken]);
    const noCategory = await api.as(dispatcher, 'POST', 'vehicles', { ...vehicle, registration: 'ZZ99ZZZ', category_id: 999 });
    expect([noCategory.statusCode, noCategory.json().message]).toEqual([422, FLEET_MESSAGES.categoryUnknown]);
    // A category id past the integer column is no category either: the schema's 400 naming the field, never a database error.
    for (const [method, url, categoryId] of [['POST', 'vehicles', 2 ** 31], ['PATCH', `vehicles/${created.json().vehicle.id}`, 1e15]] as const) {
      const huge = await api.as(dispatcher, method, url, { ...vehicle, registration: 'ZZ98ZZZ', category_id: categoryId });
      expect([huge.statusCode, huge.json().message], `${method} ${url}`).toEqual([400, `category_id: ${FLEET_MESSAGES.categoryUnknown}`]);
    }
    const expired = await api.as(dispatcher, 'PATCH', `vehicles/${created.json().vehicle.id}`, { licence_expiry: '2020-01-01' });
    expect(expired.json().vehicle).toMatchObject({ licence_expiry: '2020-01-01', licence_expired: true });
  });

  it('refuses bad input with the field named, and nothing of another site is seen or changed', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['drivers', { ...driver, licence_expiry: '2027-02-30' }, 'licence_expiry: Licence expiry must be a real date'],
      ['drivers', { ...driver, name: 'Bad\u0007Name' }, 'name: Name must not contain control characters'],
      ['drivers', { ...driver, name: 'Bad\u0000Name' }, `name: ${UNSTORABLE_TEXT_MESSAGE}`],
      ['drivers', { ...driver, name: 'x'.repeat(121) }, 'name: Name must be at most 120 characters'],
      ['drivers', { ...driver, phone: '=1+1' }, 'phone: Phone may hold digits, spaces, +, ( and ) only'],
      ['drivers', { ...driver, id: 5 }, 'Unrecognized key: "id"'],
      ['vehicles', { ...vehicle, registration: 'AB-12' }, 'registration: Registration must be 2 to 8 letters and digits'],
    ];
    for (const [url, body, message] of cases) {
      const refused = await api.as(dispatcher, 'POST', url, body);
      expect([refused.statusCode, refused.json().message], message).toEqual([400, message]);
    }
    expect((await api.as(dispatcher, 'PATCH', 'drivers/1', {})).json().message).toBe(FLEET_MESSAGES.nothingToChange);
    const mine = (await api.as(dispatcher, 'GET', 'drivers')).json().drivers.find((row: { name: string }) => row.name !== DEMO_DRIVER.name).id;
    const theirs = await api.as(other.owner, 'PATCH', `drivers/${mine}`, { name: 'Taken Over' });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, FLEET_MESSAGES.driverNotFound]);
    expect((await api.as(other.owner, 'GET', 'drivers')).json().drivers).toEqual([]);
    expect((await api.as(other.owner, 'GET', 'vehicles')).json().vehicles).toEqual([]);
    expect((await api.as(dispatcher, 'PATCH', 'drivers/abc', { name: 'X' })).statusCode).toBe(400);
    expect(await api.sql('SELECT name FROM drivers WHERE name <> $1', [DEMO_DRIVER.name])).toEqual([{ name: 'Grace Obi' }]);
  });

  it("editing a licence: an owner renews a vehicle's, a driver's clashes with another's, 20 identical saves make one change", async () => {
    const owner = await api.owner();
    const car = (await api.as(owner, 'POST', 'vehicles', { ...vehicle, registration: 'EX11 PRY', licence_number: 'PHV-5005', licence_expiry: '2020-05-31' })).json().vehicle;
    expect(car.licence_expired).toBe(true);
    const renewed = await api.as(owner, 'PATCH', `vehicles/${car.id}`, { licence_expiry: '2027-05-31', colour: 'Black' });
    expect([renewed.statusCode, renewed.json().vehicle]).toEqual([200, { ...car, licence_expiry: '2027-05-31', colour: 'Black', licence_expired: false, updated_at: expect.any(String) }]);
    const first = (await api.as(owner, 'POST', 'drivers', { ...driver, name: 'Ann Lee', licence_number: 'PHD-7007' })).json().driver;
    const clash = await api.as(owner, 'PATCH', `drivers/${first.id}`, { licence_number: driver.licence_number });
    expect([clash.statusCode, clash.json().message]).toEqual([409, FLEET_MESSAGES.driverLicenceTaken]);
    const nul = await api.as(owner, 'PATCH', `drivers/${first.id}`, { licensing_authority: 'T\u0000fL' });
    expect([nul.statusCode, nul.json().message]).toEqual([400, `licensing_authority: ${UNSTORABLE_TEXT_MESSAGE}`]);
    const saves = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'PATCH', `drivers/${first.id}`, { licence_expiry: '2029-01-31' })));
    expect(saves.map((save) => [save.statusCode, save.json().driver.licence_expiry])).toEqual(Array(20).fill([200, '2029-01-31']));
    const audit = await api.sql<{ action: string; before: unknown; after: unknown }>("SELECT action, before, after FROM audit_log WHERE entity_id = $1 AND entity_type = 'driver' ORDER BY id", [String(first.id)]);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['driver.create', null, { ...driver, name: 'Ann Lee', licence_number: 'PHD-7007', active: true }],
      ['driver.update', { licence_expiry: '2027-03-31' }, { licence_expiry: '2029-01-31' }],
    ]);
    const vehicleAudit = await api.sql<{ before: unknown; after: unknown }>("SELECT before, after FROM audit_log WHERE action = 'vehicle.update' AND entity_id = $1", [String(car.id)]);
    expect(vehicleAudit).toEqual([{ before: { licence_expiry: '2020-05-31', colour: 'Grey' }, after: { licence_expiry: '2027-05-31', colour: 'Black' } }]);
  });
});
