import { existsSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, IMAGE_RULES } from '../../contract/consoleCatalogue.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { consoleOf, CONSOLE_HOST, CONSOLE_ORIGIN, type Signed } from '../helpers/console.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 19, companies and vehicle categories: owners only, per site, audited, deactivated rather than deleted, on the
 * public site at once; images checked by their content, resized, stored through the storage port and served under
 * /storage/.
 */

const photo = (format: 'png' | 'jpeg' | 'webp', width = 800, height = 600, red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header claims `width` × `height` with a few bytes of pixels: the decompression-bomb shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

describe(`companies, vehicle categories and their images on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  beforeAll(async () => {
    provider = await startTestProvider({ listen: true });
    api = consoleOf(provider);
    [owner, dispatcher, other] = await Promise.all([api.owner(), api.dispatcher(), api.otherSite()]);
  });
  afterAll(() => provider.dispose());

  const upload = (who: Signed, body: Buffer, contentType: string, headers: Record<string, string> = {}) =>
    provider.fastify.inject({
      method: 'POST',
      url: '/api/admin/catalogue/images',
      headers: { host: CONSOLE_HOST, cookie: who.cookie, 'x-csrf-token': who.csrf, origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': contentType, ...headers },
      payload: body,
    });
  const publicGet = (url: string) => provider.fastify.inject({ method: 'GET', url, headers: KEY_HEADERS });
  const category = { category_name: 'Electric Saloon', seats: 4, luggage: 2, hand_luggage: 2, wheelchair: false, vehicle_img: 'vehicles/saloon.svg' };

  it('an owner adds and edits a company; the public site lists it at once; the audit log has before and after', async () => {
    const created = await api.as(owner, 'POST', 'catalogue/companies', { company_name: '  Riverside Executive  ', rating: 4.7 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().company.id;
    expect(created.json()).toEqual({ success: true, company: { id, company_name: 'Riverside Executive', rating: 4.7, active: true } });
    expect((await publicGet('/api/v1/fetch_companies')).json()).toContainEqual({ id, company: { company_name: 'Riverside Executive' } });

    const renamed = await api.as(owner, 'PATCH', `catalogue/companies/${id}`, { company_name: 'Riverside Chauffeurs', rating: 4.7 });
    expect(renamed.json().company).toEqual({ id, company_name: 'Riverside Chauffeurs', rating: 4.7, active: true });
    const unchanged = await api.as(owner, 'PATCH', `catalogue/companies/${id}`, { rating: 4.7 });
    expect(unchanged.statusCode).toBe(200);
    const off = await api.as(owner, 'PATCH', `catalogue/companies/${id}`, { active: false });
    expect(off.json().company.active).toBe(false);
    expect((await publicGet('/api/v1/fetch_companies')).json().map((row: { id: number }) => row.id)).not.toContain(id);
    const listed = (await api.as(owner, 'GET', 'catalogue')).json();
    expect(listed.companies).toContainEqual({ id, company_name: 'Riverside Chauffeurs', rating: 4.7, active: false });

    const audit = await api.sql<{ action: string; before: unknown; after: unknown }>("SELECT action, before, after FROM audit_log WHERE entity_type = 'company' AND entity_id = $1 ORDER BY id", [String(id)]);
    expect(audit).toEqual([
      { action: 'company.create', before: null, after: { id, company_name: 'Riverside Executive', rating: 4.7, active: true } },
      { action: 'company.update', before: { company_name: 'Riverside Executive' }, after: { company_name: 'Riverside Chauffeurs' } },
      { action: 'company.update', before: { active: true }, after: { active: false } },
    ]);
    expect(await api.sql('SELECT company_name FROM companies WHERE id = $1', [id])).toEqual([{ company_name: 'Riverside Chauffeurs' }]);
  });

  it('20 identical creates at once make one company; the others are told the name is taken', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'POST', 'catalogue/companies', { company_name: 'Burst Cars', rating: 4 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message))).toEqual(new Set([CATALOGUE_MESSAGES.companyNameTaken]));
    expect(await api.sql("SELECT count(*)::int AS count FROM companies WHERE lower(company_name) = 'burst cars'")).toEqual([{ count: 1 }]);
    const sameName = await api.as(owner, 'POST', 'catalogue/companies', { company_name: 'BURST CARS', rating: 3 });
    expect([sameName.statusCode, sameName.json().message]).toEqual([409, CATALOGUE_MESSAGES.companyNameTaken]);
  });

  it('refuses bad input with the field named and never deactivates the last active company or category', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['catalogue/companies', { company_name: '', rating: 4 }, 'company_name: Company name is required'],
      ['catalogue/companies', { company_name: 'Bad\u0007Name', rating: 4 }, 'company_name: Company name must not contain control characters'],
      ['catalogue/companies', { company_name: 'x'.repeat(81), rating: 4 }, 'company_name: Company name must be at most 80 characters'],
      ['catalogue/companies', { company_name: 'Stars', rating: 5.5 }, 'rating: Rating must be a number from 0 to 5'],
      ['catalogue/companies', { company_name: 'Stars', rating: 4.55 }, 'rating: Rating has one decimal place at most (4.5)'],
      ['catalogue/companies', { company_name: 'Stars', rating: '4' }, 'rating: Rating must be a number from 0 to 5'],
      ['catalogue/companies', { company_name: 'Stars', rating: 4, id: 9 }, 'Unrecognized key: "id"'],
      ['catalogue/categories', { ...category, seats: 0 }, 'seats: Seats must be a whole number from 1 to 20'],
      ['catalogue/categories', { ...category, luggage: 2.5 }, 'luggage: Luggage must be a whole number from 0 to 30'],
      ['catalogue/categories', { ...category, hand_luggage: -1 }, 'hand_luggage: Hand luggage must be a whole number from 0 to 30'],
      ['catalogue/categories', { ...category, wheelchair: 'yes' }, 'wheelchair: wheelchair must be true or false'],
      ['catalogue/categories', { ...category, vehicle_img: '../../etc/passwd' }, `vehicle_img: ${CATALOGUE_MESSAGES.imageUnknown}`],
      ['catalogue/categories', { ...category, vehicle_img: 'https://evil.example/x.png' }, `vehicle_img: ${CATALOGUE_MESSAGES.imageUnknown}`],
    ];
    for (const [url, body, message] of cases) {
      const refused = await api.as(owner, 'POST', url, body);
      expect([refused.statusCode, refused.json().message], message).toEqual([400, message]);
    }
    expect((await api.as(owner, 'PATCH', 'catalogue/companies/1', {})).json().message).toBe(CATALOGUE_MESSAGES.nothingToChange);
    expect((await api.as(owner, 'PATCH', 'catalogue/companies/99999999999', { rating: 4 })).statusCode).toBe(400);
    expect((await api.as(owner, 'PATCH', 'catalogue/companies/abc', { rating: 4 })).statusCode).toBe(400);
    const missing = await api.as(owner, 'PATCH', 'catalogue/categories/999', { seats: 4 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, CATALOGUE_MESSAGES.categoryNotFound]);

    // The other site starts empty: its only company cannot be switched off.
    const only = await api.as(other.owner, 'POST', 'catalogue/companies', { company_name: 'Lone Cars', rating: 4 });
    const last = await api.as(other.owner, 'PATCH', `catalogue/companies/${only.json().company.id}`, { active: false });
    expect([last.statusCode, last.json().message]).toEqual([409, CATALOGUE_MESSAGES.lastCompany]);
    const lone = await api.as(other.owner, 'POST', 'catalogue/categories', category);
    const lastCategory = await api.as(other.owner, 'PATCH', `catalogue/categories/${lone.json().category.id}`, { active: false });
    expect([lastCategory.statusCode, lastCategory.json().message]).toEqual([409, CATALOGUE_MESSAGES.lastCategory]);
  });

  it('an uploaded PNG is resized to a 640 × 320 WebP, stored, served under /storage/ and shown on the public fleet', async () => {
    const uploaded = await upload(owner, await photo('png', 1200, 900), 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json().image;
    expect(image).toEqual({ vehicle_img: expect.stringMatching(/^uploads\/1\/[0-9a-f]{32}\.webp$/), width: 640, height: 320, bytes: expect.any(Number) });

    const served = await provider.fastify.inject({ method: 'GET', url: `/storage/${image.vehicle_img}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(served.rawPayload.length).toBe(image.bytes);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
    const again = await provider.fastify.inject({ method: 'GET', url: `/storage/${image.vehicle_img}`, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    for (const url of ['/storage/uploads/1/0000000000000000000000000000000a.webp', '/storage/uploads/1/..%2f..%2fpgdata.webp', '/storage/uploads/0/abc.webp']) {
      expect((await provider.fastify.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    const created = await api.as(owner, 'POST', 'catalogue/categories', { ...category, vehicle_img: image.vehicle_img });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().category.id;
    expect(created.json().category).toEqual({ id, ...category, vehicle_img: image.vehicle_img, active: true });
    const fleet = (await publicGet('/api/v1/fetch_vehicles')).json() as { tbms_vid: number; vehicle_img: string }[];
    expect(fleet.at(-1)).toEqual({ tbms_vid: id, vehicle_img: image.vehicle_img, category_name: 'Electric Saloon', seats: 4, hand_luggage: 2, luggage: 2 });

    const off = await api.as(owner, 'PATCH', `catalogue/categories/${id}`, { active: false });
    expect(off.json().category.active).toBe(false);
    expect(((await publicGet('/api/v1/fetch_vehicles')).json() as { tbms_vid: number }[]).map((row) => row.tbms_vid)).not.toContain(id);
    // Switched off, it is not offered to the vehicles register either.
    const registered = await api.as(owner, 'POST', 'vehicles', { registration: 'EV26 OFF', make: 'Kia', model: 'EV6', colour: 'Blue', category_id: id, licence_number: 'PHV-9090', licence_expiry: '2027-06-30' });
    expect([registered.statusCode, registered.json().message]).toEqual([422, 'No such vehicle category on this site']);
    expect(await api.sql("SELECT action FROM audit_log WHERE site_id = 1 AND entity_type IN ('vehicle_category', 'vehicle_image') ORDER BY id")).toEqual([
      { action: 'vehicle_image.upload' },
      { action: 'vehicle_category.create' },
      { action: 'vehicle_category.update' },
    ]);
  });

  it('checks the content, not the name or declared type: JPEG, WebP and a PNG sent as SVG are taken; SVG, HTML and a polyglot are not', async () => {
    for (const [format, declared] of [['jpeg', 'image/jpeg'], ['webp', 'application/octet-stream'], ['png', 'image/svg+xml']] as const) {
      const taken = await upload(owner, await photo(format), declared);
      expect(taken.statusCode, `${format} as ${declared}: ${taken.body}`).toBe(201);
    }
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/admin/staff")</script></body></html>');
    const pngThenHtml = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const refusals: [string, Buffer, string, number, string][] = [
      ['SVG with a script, sent as PNG', svg, 'image/png', 415, CATALOGUE_MESSAGES.imageSvg],
      ['SVG with a script, as SVG', svg, 'image/svg+xml', 415, CATALOGUE_MESSAGES.imageSvg],
      ['HTML named .png', html, 'image/png', 415, CATALOGUE_MESSAGES.imageType],
      ['PNG signature then HTML', pngThenHtml, 'image/png', 415, CATALOGUE_MESSAGES.imageUnreadable],
      ['a 40-megapixel header', pngHeaderOnly(8000, 6000), 'image/png', 413, CATALOGUE_MESSAGES.imageTooManyPixels],
      ['a NUL byte', Buffer.from([0]), 'image/png', 415, CATALOGUE_MESSAGES.imageType],
      ['an empty body', Buffer.alloc(0), 'image/png', 400, CATALOGUE_MESSAGES.imageMissing],
    ];
    const codes: Record<number, string> = { 400: 'invalid_input', 413: 'payload_too_large', 415: 'unsupported_media_type' };
    for (const [what, body, declared, status, message] of refusals) {
      const refused = await upload(owner, body, declared);
      expect([refused.statusCode, refused.json()], what).toEqual([status, { success: false, message, code: codes[status] }]);
    }
    // A real PNG with HTML after its end: taken, but only its pixels are stored.
    const polyglot = Buffer.concat([await photo('png'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const cleaned = await upload(owner, polyglot, 'image/png');
    expect(cleaned.statusCode, cleaned.body).toBe(201);
    const stored = await provider.fastify.inject({ method: 'GET', url: `/storage/${cleaned.json().image.vehicle_img}` });
    expect(stored.rawPayload.includes('<script')).toBe(false);
    expect(stored.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
  });

  it('the sweep deletes uploads no category ever used once a day old; used, once-used and young ones stay; a save racing it never keeps a missing picture', async () => {
    const uploadNew = async (red: number) => {
      const answer = await upload(owner, await photo('png', 800, 600, red), 'image/png');
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().image.vehicle_img as string;
    };
    const [used, replaced, replacement, unused, young, contested] = [await uploadNew(0), await uploadNew(40), await uploadNew(80), await uploadNew(120), await uploadNew(160), await uploadNew(240)];
    const fileOf = (key: string) => path.join(provider.config.dataDir, 'storage', ...key.split('/'));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const key of [used, replaced, replacement, unused, contested]) utimesSync(fileOf(key), twoDaysAgo, twoDaysAgo);
    const saloon = await api.as(owner, 'POST', 'catalogue/categories', { ...category, category_name: 'Sweep Saloon', vehicle_img: used });
    const estate = await api.as(owner, 'POST', 'catalogue/categories', { ...category, category_name: 'Sweep Estate', vehicle_img: replaced });
    expect((await api.as(owner, 'PATCH', `catalogue/categories/${estate.json().category.id}`, { vehicle_img: replacement })).statusCode).toBe(200);
    expect(saloon.statusCode).toBe(201);

    expect((await api.as(dispatcher, 'POST', 'catalogue/uploads/sweep')).statusCode).toBe(403);
    // Another site's sweep looks only at its own folder.
    expect((await api.as(other.owner, 'POST', 'catalogue/uploads/sweep')).json()).toEqual({ success: true, deleted: [], kept: 0 });
    expect(existsSync(fileOf(unused))).toBe(true);

    // A category saved with the contested picture while the sweep runs: saved with its picture kept, or refused.
    const [swept, contestedSave] = await Promise.all([
      api.as(owner, 'POST', 'catalogue/uploads/sweep'),
      api.as(owner, 'POST', 'catalogue/categories', { ...category, category_name: 'Contested', vehicle_img: contested }),
    ]);
    expect(swept.statusCode, swept.body).toBe(200);
    const deleted = swept.json().deleted as string[];
    if (contestedSave.statusCode === 201) {
      expect(deleted).toEqual([unused]);
      expect(existsSync(fileOf(contested))).toBe(true);
    } else {
      expect([contestedSave.statusCode, contestedSave.json().message]).toEqual([422, CATALOGUE_MESSAGES.imageUnknown]);
      expect(deleted).toEqual([unused, contested].sort());
      expect(existsSync(fileOf(contested))).toBe(false);
    }
    expect(swept.json().kept).toBeGreaterThanOrEqual(4);
    for (const [name, key] of Object.entries({ used, replaced, replacement, young })) expect(existsSync(fileOf(key)), name).toBe(true);
    expect(existsSync(fileOf(unused))).toBe(false);
    expect((await provider.fastify.inject({ method: 'GET', url: `/storage/${unused}` })).statusCode).toBe(404);
    expect((await api.as(owner, 'POST', 'catalogue/uploads/sweep')).json().deleted).toEqual([]);
  });

  it('random bytes behind each signature (and truncated real images) are refused with a 4xx, never a 5xx', async () => {
    const signatures = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.from('<svg'), Buffer.alloc(0)];
    const real = await Promise.all((['png', 'jpeg', 'webp'] as const).map((format) => photo(format, 64, 32)));
    const body = fc.oneof(
      fc.tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 2048 })).map(([head, tail]) => Buffer.concat([head, tail])),
      fc.tuple(fc.constantFrom(...real), fc.nat()).map(([image, cut]) => image.subarray(0, 1 + (cut % (image.length - 1)))),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('image/png', 'image/svg+xml', 'application/octet-stream', 'text/html'), async (bytes, declared) => {
        const answer = await upload(owner, bytes, declared);
        expect(answer.statusCode === 201 || [400, 413, 415].includes(answer.statusCode), `${answer.statusCode} ${answer.body}`).toBe(true);
        expect(answer.json().success).toBe(answer.statusCode === 201 ? true : false);
      }),
      { numRuns: 60 },
    );
  });

  it('an oversized upload is refused with JSON, before it is read when its length is declared', async () => {
    const tooBig = await upload(owner, Buffer.alloc(IMAGE_RULES.maxBytes + 1, 1), 'image/png');
    expect([tooBig.statusCode, tooBig.json()]).toEqual([413, { success: false, message: CATALOGUE_MESSAGES.imageTooLarge, code: 'payload_too_large' }]);
    // Over a socket: 2 GB announced, 16 bytes sent; the answer comes without the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/api/admin/catalogue/images', provider.url);
      const outgoing = httpRequest(url, {
        method: 'POST',
        headers: { host: CONSOLE_HOST, cookie: owner.cookie, 'x-csrf-token': owner.csrf, origin: CONSOLE_ORIGIN, 'content-type': 'image/png', 'content-length': String(2 * 1024 ** 3) },
      });
      outgoing.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.write(Buffer.alloc(16));
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([413, { success: false, message: CATALOGUE_MESSAGES.imageTooLarge, code: 'payload_too_large' }]);
  });

  it('only owners of the site: a dispatcher gets 403, a passenger token 401, a call without the CSRF token 403; another site cannot touch or use ours', async () => {
    const png = await photo('png');
    for (const [method, url, body] of [['GET', 'catalogue', undefined], ['POST', 'catalogue/companies', { company_name: 'Sneaky', rating: 4 }], ['PATCH', 'catalogue/categories/1', { seats: 2 }]] as const) {
      const refused = await api.as(dispatcher, method, url, body);
      expect([refused.statusCode, refused.json().message], url).toEqual([403, STAFF_MESSAGES.ownerOnly]);
    }
    expect((await upload(dispatcher, png, 'image/png')).statusCode).toBe(403);

    const login = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } });
    const passenger = { authorization: `Bearer ${login.json().access_token}` };
    const asPassenger = await api.raw('GET', 'catalogue', passenger);
    expect([asPassenger.statusCode, asPassenger.json().message]).toEqual([401, STAFF_MESSAGES.adminTokenWrong]);
    expect((await upload(owner, png, 'image/png', passenger)).statusCode).toBe(401);

    const noCsrf = await api.as(owner, 'POST', 'catalogue/companies', { company_name: 'Forged Cars', rating: 4 }, { 'x-csrf-token': '' });
    expect([noCsrf.statusCode, noCsrf.json().message]).toEqual([403, STAFF_MESSAGES.csrfMissing]);
    expect((await upload(owner, png, 'image/png', { 'x-csrf-token': 'wrong' })).statusCode).toBe(403);
    expect(await api.sql("SELECT 1 FROM companies WHERE company_name IN ('Sneaky', 'Forged Cars')")).toEqual([]);

    // Ids are per site: the other site's owner reaches none of ours, nor our uploaded pictures.
    const ours = (await api.as(owner, 'GET', 'catalogue')).json();
    const theirs = (await api.as(other.owner, 'GET', 'catalogue')).json();
    expect(theirs.companies.map((company: { company_name: string }) => company.company_name)).toEqual(['Lone Cars']);
    const highest = Math.max(...ours.companies.map((company: { id: number }) => company.id));
    const notTheirs = await api.as(other.owner, 'PATCH', `catalogue/companies/${highest}`, { company_name: 'Taken Over' });
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([404, CATALOGUE_MESSAGES.companyNotFound]);
    const ourCategory = await api.as(other.owner, 'PATCH', 'catalogue/categories/6', { seats: 1 });
    expect([ourCategory.statusCode, ourCategory.json().message]).toEqual([404, CATALOGUE_MESSAGES.categoryNotFound]);
    const ourImage = ours.categories.find((row: { vehicle_img: string }) => row.vehicle_img.startsWith('uploads/')).vehicle_img;
    const borrowed = await api.as(other.owner, 'POST', 'catalogue/categories', { ...category, category_name: 'Borrowed', vehicle_img: ourImage });
    expect([borrowed.statusCode, borrowed.json().message]).toEqual([422, CATALOGUE_MESSAGES.imageUnknown]);
    const keyHeaders = await api.as(owner, 'GET', 'catalogue', undefined, other.headers);
    expect([keyHeaders.statusCode, keyHeaders.json().message]).toEqual([403, STAFF_MESSAGES.otherSite]);
    expect(await api.sql("SELECT 1 FROM companies WHERE company_name = 'Taken Over'")).toEqual([]);
  });
});
