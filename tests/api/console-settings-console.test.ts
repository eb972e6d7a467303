import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID } from '../../contract/plainChecks.ts';
import { SETTINGS_CATALOGUE } from '../../contract/settingsCatalogue.ts';
import { PREVIEW_HEADER, PREVIEW_REFUSED } from '../../server/web/settingsPreviews.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 19, the console's Settings page: every value checked by contract/settingsCatalogue.ts (the form's own checks),
 * owners of the member's site only, every save audited and on the public site at the next request.
 */
describe(`console settings on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    owner = await api.owner();
    other = await api.otherSite();
  });
  afterAll(() => provider.dispose());

  const stored = async (siteId = 1) =>
    Object.fromEntries((await api.sql<{ setting_name: string; setting_value: string }>('SELECT setting_name, setting_value FROM settings WHERE site_id = $1', [siteId])).map((row) => [row.setting_name, row.setting_value]));
  const publicSetting = async (name: string, headers: Record<string, string> = KEY_HEADERS) => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers });
    return (response.json() as { setting_name: string; setting_value: string }[]).find((row) => row.setting_name === name)?.setting_value;
  };
  const auditCount = async () => Number((await api.sql<{ count: string }>("SELECT count(*) FROM audit_log WHERE action = 'settings.update'"))[0].count);

  it.each([
    ['a negative price', { MEET_AND_GREET: '-5' }, 'MEET_AND_GREET: a price in pounds and pence from £0 to £10000, for example 12.50'],
    ['a price with three decimals', { BABY_PRICE_PER_SEAT: '4.999' }, 'BABY_PRICE_PER_SEAT: a price in pounds and pence from £0 to £10000, for example 12.50'],
    ['a price above the limit', { CANCELLATION_FEE: '10000.01' }, 'CANCELLATION_FEE: a price in pounds and pence from £0 to £10000, for example 12.50'],
    ['a wheelchair price above zero', { WHEEL_CHAIR: '5' }, 'WHEEL_CHAIR: wheelchair access is never charged (Equality Act 2010): 1 offers the option free of charge, 0 hides it'],
    ['a wheelchair price in pence', { WHEEL_CHAIR: '0.50' }, 'WHEEL_CHAIR: wheelchair access is never charged (Equality Act 2010): 1 offers the option free of charge, 0 hides it'],
    ['a switch spelt otherwise', { NAVBAR_OUR_FLEET_PAGE: 'on' }, "NAVBAR_OUR_FLEET_PAGE: 'enable' or 'disable'"],
    ['a yes/no as a switch', { SHOWCARD: 'enable' }, "SHOWCARD: 'yes' or 'no'"],
    ['minutes with a fraction', { GRACE_TIME: '12.5' }, 'GRACE_TIME: whole minutes from 0 to 43200'],
    ['RETENTION_MONTHS below 12', { RETENTION_MONTHS: '11' }, 'RETENTION_MONTHS: whole months from 12 to 120'],
    ['a VAT rate above 100', { VAT_RATE: '101' }, 'VAT_RATE: a percentage from 0 to 100'],
    ['a FROM_EMAIL that is not an address', { FROM_EMAIL: 'bookings at westway' }, 'FROM_EMAIL: one e-mail address'],
    ['a blank company name', { Company_Name: '  ' }, 'Company_Name: cannot be blank'],
    ['a line break in a one-line text', { Company_Contact_Info: '020 7946\n0321' }, 'Company_Contact_Info: one line of text'],
    ['a maps key with a space', { GOOGLE_API_KEY: 'AIza key' }, 'GOOGLE_API_KEY: a key of letters, digits, - and _ only'],
    ['a name the site does not read', { SHOW_EVERYTHING: 'enable' }, 'SHOW_EVERYTHING: not a setting of this site'],
    ['a required text deleted', { Company_Name: null }, 'Company_Name: cannot be blank'],
  ])('refuses %s with 400 naming the setting, and writes nothing', async (_label, body, message) => {
    const before = await stored();
    const response = await api.as(owner, 'PUT', 'settings', { ROUND_OFF: 'yes', ...body });
    expect([response.statusCode, response.json()]).toEqual([400, { success: false, message, code: 'invalid_input' }]);
    expect(await stored()).toEqual(before);
  });

  it('takes every kind of control at its limits; each save is one audit entry with before and after', async () => {
    const values = { MEET_AND_GREET: '12.50', WHEEL_CHAIR: '0', GRACE_TIME: '0', RETENTION_MONTHS: '12', VAT_RATE: '17.5', SHOWCARD: 'no', IS_QUOTATION: 'enable', FROM_EMAIL: 'office@westwaycars.test', GOOGLE_API_KEY: '' };
    const before = await stored();
    const count = await auditCount();
    const response = await api.as(owner, 'PUT', 'settings', values);
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toEqual({ ...before, ...values });
    expect(await auditCount()).toBe(count + 1);
    const [entry] = await api.sql<{ before: unknown; after: unknown }>("SELECT before, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1");
    // GOOGLE_API_KEY was blank already: not written, not in the entry.
    const { GOOGLE_API_KEY: _unchanged, ...changed } = values;
    expect(entry).toEqual({ before: Object.fromEntries(Object.keys(changed).map((name) => [name, before[name]])), after: changed });
    expect(await publicSetting('MEET_AND_GREET')).toBe('12.50');
  });

  it('20 concurrent identical saves make one change and one audit entry', async () => {
    const count = await auditCount();
    const saves = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'PUT', 'settings', { Company_Contact_Info: '020 7946 0999' })));
    expect(saves.map((save) => save.statusCode)).toEqual(Array(20).fill(200));
    expect(await auditCount()).toBe(count + 1);
    expect(await publicSetting('Company_Contact_Info')).toBe('020 7946 0999');
  });

  it('every setting of the catalogue takes the value the demo seeds (the console can save what it loads)', async () => {
    const seeded = await stored();
    const changes = Object.fromEntries(SETTINGS_CATALOGUE.filter((entry) => seeded[entry.name] !== undefined).map((entry) => [entry.name, seeded[entry.name]]));
    const response = await api.as(owner, 'PUT', 'settings', changes);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a dispatcher (403), a passenger token (401), a missing CSRF token (403), and acts on the member’s own site only', async () => {
    const dispatcher = await api.dispatcher();
    const refused = await api.as(dispatcher, 'PUT', 'settings', { Company_Name: 'Dispatch Cars' });
    expect(refused.statusCode).toBe(403);
    expect((await api.as(dispatcher, 'POST', 'settings/preview', { Company_Name: 'Dispatch Cars' })).statusCode).toBe(403);

    const login = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } });
    const passenger = await api.raw('PUT', 'settings', { authorization: `Bearer ${login.json().access_token}` }, { Company_Name: 'Passenger Cars' });
    expect(passenger.statusCode).toBe(401);

    const noCsrf = await api.as(owner, 'PUT', 'settings', { Company_Name: 'Forged Cars' }, { 'x-csrf-token': '' });
    expect(noCsrf.statusCode).toBe(403);
    const crossSite = await api.as(owner, 'PUT', 'settings', { Company_Name: 'Forged Cars' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);

    // The member's session names their site: another site's key pair is refused, and the other owner changes only theirs.
    const otherKeys = await api.as(owner, 'PUT', 'settings', { Company_Name: 'Taken Over' }, other.headers);
    expect(otherKeys.statusCode).toBe(403);
    expect((await api.as(other.owner, 'PUT', 'settings', { Company_Name: 'Other Cars Ltd' }, other.headers)).statusCode).toBe(200);
    expect(await publicSetting('Company_Name', other.headers)).toBe('Other Cars Ltd');
    expect(await publicSetting('Company_Name')).toBe('Westway Cars');
    expect((await stored()).Company_Name).toBe('Westway Cars');
  });

  describe('the live preview', () => {
    const page = (url: string, headers: Record<string, string> = {}) => provider.fastify.inject({ method: 'GET', url, headers });
    const embeddedSetting = (html: string, name: string) => {
      const block = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">([^<]*)</script>`).exec(html);
      const rows = JSON.parse(block![1]).settings as { setting_name: string; setting_value: string }[];
      return rows.find((row) => row.setting_name === name)?.setting_value;
    };
    const built = () => existsSync(path.join(provider.config.distDir, 'index.html'));
    const draft = { NAVBAR_OUR_FLEET_PAGE: 'disable', Company_Name: 'Preview Cars' };

    it('shows the draft only to a request carrying its token: private, never stored, framed by the console alone; nothing saved', async ({ skip }) => {
      if (!built()) return skip();
      const auditBefore = await auditCount();
      const before = await page('/'); // a visitor's page first: cached per catalogue, must not take the draft
      const created = await api.as(owner, 'POST', 'settings/preview', draft);
      expect(created.statusCode, created.body).toBe(201);
      const { token, url, expires_at } = created.json();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url).toBe(`/?settings-preview=${token}`);
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);

      const preview = await page(url);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(preview.headers['referrer-policy']).toBe('no-referrer');
      expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(embeddedSetting(preview.body, 'Company_Name')).toBe('Preview Cars');
      expect(embeddedSetting(preview.body, 'NAVBAR_OUR_FLEET_PAGE')).toBe('disable');
      // Rendered on the server with the draft: the name in the navbar, no Our Fleet link.
      expect(preview.body).toContain('data-rendered-at');
      expect(preview.body).toContain('Preview Cars');
      expect(preview.body).not.toContain('href="/ourfleet"');

      for (const visitor of [before, await page('/'), await page('/', { 'accept-encoding': 'identity' })]) {
        expect(visitor.headers['cache-control']).toBe('no-cache');
        expect(embeddedSetting(visitor.body, 'Company_Name')).toBe('Westway Cars');
        expect(visitor.body).not.toContain('Preview Cars');
        expect(visitor.body).toContain('href="/ourfleet"');
      }
      const api1 = await provider.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: { ...KEY_HEADERS, [PREVIEW_HEADER]: token } });
      expect(api1.headers['cache-control']).toBe('no-store');
      expect((api1.json() as { setting_name: string; setting_value: string }[]).find((row) => row.setting_name === 'Company_Name')?.setting_value).toBe('Preview Cars');
      expect(await publicSetting('Company_Name')).toBe('Westway Cars');
      expect((await stored()).Company_Name).toBe('Westway Cars');
      expect(await auditCount()).toBe(auditBefore);
    });

    it('refuses a forged, malformed, expired or other site’s token (404), and an invalid draft (400)', async () => {
      const refused = { success: false, message: PREVIEW_REFUSED, code: 'not_found' };
      const forged = randomBytes(32).toString('base64url');
      const theirs = (await api.as(other.owner, 'POST', 'settings/preview', { Company_Name: 'Other Preview' }, other.headers)).json().token as string;
      const expired = (await api.as(owner, 'POST', 'settings/preview', draft)).json().token as string;
      await api.sql("UPDATE settings_previews SET expires_at = now() - interval '1 second' WHERE site_id = 1");
      for (const token of [forged, 'short', theirs, expired]) {
        const html = await page(`/?settings-preview=${token}`);
        expect([html.statusCode, html.json(), html.headers['cache-control']], token).toEqual([404, refused, 'private, no-store']);
        const json = await provider.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: { ...KEY_HEADERS, [PREVIEW_HEADER]: token } });
        expect([json.statusCode, json.json()], token).toEqual([404, refused]);
      }
      // The other site's own key pair finds its preview.
      const own = await provider.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: { ...other.headers, [PREVIEW_HEADER]: theirs } });
      expect((own.json() as { setting_name: string; setting_value: string }[]).find((row) => row.setting_name === 'Company_Name')?.setting_value).toBe('Other Preview');

      const wheelchair = await api.as(owner, 'POST', 'settings/preview', { WHEEL_CHAIR: '3' });
      expect([wheelchair.statusCode, wheelchair.json().message]).toEqual([400, 'WHEEL_CHAIR: wheelchair access is never charged (Equality Act 2010): 1 offers the option free of charge, 0 hides it']);
      expect((await api.as(owner, 'POST', 'settings/preview', draft, { 'x-csrf-token': '' })).statusCode).toBe(403);
      // Expired previews are deleted when the next one is made.
      expect((await api.as(owner, 'POST', 'settings/preview', draft)).statusCode).toBe(201);
      expect(await api.sql("SELECT count(*)::int AS n FROM settings_previews WHERE expires_at <= now()")).toEqual([{ n: 0 }]);
    });
  });
});
