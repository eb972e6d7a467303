import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** Issue 17: every change made through the console API writes one audit row (who, when, what, before and after) with it. */

const HOST = 'console.westwaycars.test';
const ORIGIN = `http://${HOST}`;
type Headers = Record<string, string>;

describe(`the audit log on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { host: HOST, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => inject(method, url, { authorization: `Bearer ${ADMIN_TOKEN}` }, payload);

  async function signIn(who: { email: string; password: string }) {
    const response = await inject('POST', 'session', { origin: ORIGIN }, { email: who.email, password: who.password });
    const session = { cookie: String(response.headers['set-cookie']).split(';')[0], csrf: response.json().csrf_token as string, id: response.json().staff.id as number };
    return {
      ...session,
      call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => inject(method, url, { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: ORIGIN }, payload),
    };
  }

  const auditRows = () =>
    sql<{ actor_kind: string; actor_staff_id: string | null; action: string; entity_type: string; entity_id: string; before: unknown; after: unknown }>(
      'SELECT actor_kind, actor_staff_id::text, action, entity_type, entity_id, before, after FROM audit_log ORDER BY id',
    );
  /** The rows a call added. */
  async function rowsAddedBy(call: () => Promise<{ statusCode: number; body: string }>, status = 200) {
    const before = (await auditRows()).length;
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    return (await auditRows()).slice(before);
  }

  it("writes one row for a settings change, by the admin token or an owner, with the old and new values", async () => {
    const byToken = await rowsAddedBy(() => asAdmin('PUT', 'settings', { Company_Name: 'Westway Cars Ltd', MEET_AND_GREET: null }));
    expect(byToken).toEqual([
      { actor_kind: 'admin-token', actor_staff_id: null, action: 'settings.update', entity_type: 'settings', entity_id: '1', before: { Company_Name: 'Westway Cars', MEET_AND_GREET: '12' }, after: { Company_Name: 'Westway Cars Ltd', MEET_AND_GREET: null } },
    ]);
    const owner = await signIn(DEMO_STAFF.owner);
    const byOwner = await rowsAddedBy(() => owner.call('PUT', 'settings', { Company_Name: 'Westway Cars' }));
    expect(byOwner).toEqual([
      { actor_kind: 'staff', actor_staff_id: String(owner.id), action: 'settings.update', entity_type: 'settings', entity_id: '1', before: { Company_Name: 'Westway Cars Ltd' }, after: { Company_Name: 'Westway Cars' } },
    ]);
    // A refused change writes nothing.
    expect(await rowsAddedBy(() => owner.call('PUT', 'settings', { FROM_EMAIL: 'a@b.test, c@d.test' }), 400)).toEqual([]);
  });

  it('writes one row for each staff change (added, role and active changed, a link sent) and none for a refused one', async () => {
    const owner = await signIn(DEMO_STAFF.owner);
    const added = await rowsAddedBy(() => owner.call('POST', 'staff', { email: 'ravi@westwaycars.test', name: 'Ravi', role: 'dispatcher' }), 201);
    const [{ id }] = await sql<{ id: string }>("SELECT id::text FROM staff WHERE email = 'ravi@westwaycars.test'");
    expect(added).toEqual([
      { actor_kind: 'staff', actor_staff_id: String(owner.id), action: 'staff.create', entity_type: 'staff', entity_id: id, before: null, after: { email: 'ravi@westwaycars.test', name: 'Ravi', role: 'dispatcher', active: true } },
    ]);
    const changed = await rowsAddedBy(() => owner.call('PATCH', `staff/${id}`, { role: 'owner', active: false }));
    expect(changed).toEqual([
      {
        actor_kind: 'staff',
        actor_staff_id: String(owner.id),
        action: 'staff.update',
        entity_type: 'staff',
        entity_id: id,
        before: { email: 'ravi@westwaycars.test', name: 'Ravi', role: 'dispatcher', active: true },
        after: { email: 'ravi@westwaycars.test', name: 'Ravi', role: 'owner', active: false },
      },
    ]);
    expect((await rowsAddedBy(() => owner.call('PATCH', `staff/${id}`, { active: true }))).length).toBe(1);
    expect(await rowsAddedBy(() => owner.call('POST', 'staff', { email: 'RAVI@westwaycars.test', name: 'Ravi', role: 'dispatcher' }), 409)).toEqual([]);
    const sent = await rowsAddedBy(() => asAdmin('POST', `staff/${id}/send-password-link`));
    expect(sent).toMatchObject([{ actor_kind: 'admin-token', action: 'staff.send_password_link', entity_id: id }]);
    expect(JSON.stringify(await auditRows())).not.toMatch(/argon2|token_hash|password_hash/);
  });

  it("writes one row on the booking's timeline when its manage links are revoked, which a dispatcher reads with GET /api/admin/audit?entity=booking&id=…", async () => {
    const { form, row } = await quoteFor(provider);
    const booked = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'audit.trip@example.test' } }) });
    const bookingNumber = booked.json().data.booking.booking_number as string;
    const dispatcher = await signIn(DEMO_STAFF.dispatcher);
    const revoked = await rowsAddedBy(() => dispatcher.call('POST', `bookings/${bookingNumber}/revoke-manage-links`));
    expect(revoked).toEqual([
      { actor_kind: 'staff', actor_staff_id: String(dispatcher.id), action: 'booking.revoke_manage_links', entity_type: 'booking', entity_id: bookingNumber, before: { live_manage_links: 1 }, after: { live_manage_links: 0 } },
    ]);
    const timeline = await dispatcher.call('GET', `audit?entity=booking&id=${encodeURIComponent(bookingNumber)}`);
    expect(timeline.statusCode).toBe(200);
    const entries = timeline.json().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { kind: 'staff', staff_id: dispatcher.id, name: DEMO_STAFF.dispatcher.name }, action: 'booking.revoke_manage_links', entity_type: 'booking', entity_id: bookingNumber, before: { live_manage_links: 1 }, after: { live_manage_links: 0 } });
    expect(new Date(entries[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const refused = await dispatcher.call('GET', 'audit?entity=settings');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: STAFF_MESSAGES.ownerOnly, code: 'forbidden' });
  });

  it("writes a site's creation in the new site's log, and shows each site only its own rows", async () => {
    const created = await asAdmin('POST', 'sites', { name: 'Audit Cars', hosts: [] });
    expect(created.statusCode).toBe(201);
    const site = created.json().site;
    const rows = await sql<{ site_id: number; action: string; after: unknown }>("SELECT site_id, action, after FROM audit_log WHERE action = 'site.create'");
    expect(rows).toEqual([{ site_id: site.id, action: 'site.create', after: { name: 'Audit Cars', hosts: [], public_key: site.public_key } }]);
    const owner = await signIn(DEMO_STAFF.owner);
    const ownLog = (await owner.call('GET', 'audit')).json().entries as { action: string }[];
    expect(ownLog.map((entry) => entry.action)).not.toContain('site.create');
    const siteLog = await provider.fastify.inject({ method: 'GET', url: '/api/admin/audit', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'api-public-key': site.public_key, 'api-secret-key': site.secret_key } });
    expect(siteLog.json().entries.map((entry: { action: string }) => entry.action)).toEqual(['site.create']);
  });
});
