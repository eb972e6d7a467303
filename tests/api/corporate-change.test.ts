import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ACCOUNT_MESSAGES } from '../../contract/companyAccounts.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

const INVITATION_LINK = /(https?:\/\/[a-z0-9.:-]+\/account-invitation#token=([A-Za-z0-9_-]{43}))/;
const LINK_URL = /^\/manage-booking\?token=([A-Za-z0-9_-]{43})$/;

/**
 * Issue 34, the corporate area's "Change booking": a short-lived manage link for a booking the member may see (an
 * admin any of the account's, a booker their own), never another booker's, another account's or another site's; the
 * change then goes through the manage calls, on account re-priced to the account within its credit limit.
 */
describe(`corporate change links on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let nextAddress = 1;
  let trip: Awaited<ReturnType<typeof quoteFor>>;
  const members: Record<'admin' | 'booker' | 'otherBooker' | 'otherAdmin', string> = {} as never;
  let accountId = 0;
  let otherAccountId = 0;
  let booked = '';

  const v1 = (method: 'GET' | 'POST', url: string, payload?: unknown, token?: string, headers: Record<string, string> = KEY_HEADERS) =>
    provider.fastify.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: `198.51.100.${nextAddress++ % 250}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const changeLink = (bookingNumber: unknown, token?: string, headers?: Record<string, string>) => v1('POST', 'corporate/bookings/change-link', { booking_number: bookingNumber }, token, headers);
  const memberLinks = () => api.sql<{ n: number }>('SELECT count(*)::integer AS n FROM booking_manage_links WHERE issued_to_passenger_id IS NOT NULL').then((rows) => rows[0].n);

  async function invitationTo(email: string): Promise<string> {
    const [mail] = await api.sql<{ id: string; site_id: number }>("SELECT id, site_id FROM mail_outbox WHERE kind = 'company_account_invitation' AND to_address = $1 ORDER BY id DESC LIMIT 1", [email]);
    await provider.mail.flush();
    const outbox = path.join(provider.config.dataDir, 'outbox');
    const file = readdirSync(outbox).find((name) => name.startsWith(`${mail.site_id}-${String(mail.id).padStart(6, '0')}-company_account_invitation`));
    const eml = readFileSync(path.join(outbox, file!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return INVITATION_LINK.exec(eml)![2];
  }

  async function member(account: number, email: string, role: 'admin' | 'booker'): Promise<string> {
    expect((await api.as(owner, 'POST', `company-accounts/${account}/invitations`, { email, role })).statusCode).toBe(201);
    const accepted = await v1('POST', 'corporate/invitation/accept', { token: await invitationTo(email), password: 'Heron-Quay-Ledger-7' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().access_token as string;
  }

  async function createAccount(name: string, limitPence: number) {
    const response = await api.as(owner, 'POST', 'company-accounts', { name, billing_email: `ledger@${name.split(' ')[0].toLowerCase()}.test`, credit_limit_pence: limitPence });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().account.id as number;
  }

  async function bookOnAccount(token: string): Promise<string> {
    const answer = await v1('POST', 'booking', bookingPayload(trip.form, trip.row, { payment_method: 'account', selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: 'ignored@example.test' } }), token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.booking.booking_number as string;
  }

  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    owner = await api.owner();
    trip = await quoteFor(provider);
    accountId = await createAccount('Harbour Freight Ltd', 1_000_000);
    otherAccountId = await createAccount('Quayside Legal LLP', 1_000_000);
    members.admin = await member(accountId, 'ada@harbour.test', 'admin');
    members.booker = await member(accountId, 'bo@harbour.test', 'booker');
    members.otherBooker = await member(accountId, 'cy@harbour.test', 'booker');
    members.otherAdmin = await member(otherAccountId, 'di@quayside.test', 'admin');
    booked = await bookOnAccount(members.booker);
  });
  afterAll(() => provider.dispose());

  it('the booker and the account admin get a 30-minute manage link that opens the booking; the link is stored by its hash only', async () => {
    const before = Date.now();
    for (const token of [members.booker, members.admin]) {
      const answer = await changeLink(booked, token);
      expect(answer.statusCode, answer.body).toBe(200);
      const { url, expires_at: expiresAt } = answer.json();
      const linkToken = LINK_URL.exec(url)![1];
      expect(new Date(expiresAt).getTime() - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
      expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      const view = await v1('POST', 'manage-booking', { token: linkToken });
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({ success: true, status: 'confirmed', change: { allowed: true } });
      expect(view.json().data.booking.booking_number).toBe(booked);
      expect(await api.sql('SELECT 1 FROM booking_manage_links WHERE token_hash = $1', [Buffer.from(linkToken)])).toEqual([]);
    }
    expect(await memberLinks()).toBe(2);
  });

  it("another booker of the account, another account's admin, another site, no session: refused, nothing written", async () => {
    const written = await memberLinks();
    for (const token of [members.otherBooker, members.otherAdmin]) {
      const answer = await changeLink(booked, token);
      expect([answer.statusCode, answer.json()]).toEqual([404, expect.objectContaining({ code: 'not_found', message: COMPANY_ACCOUNT_MESSAGES.bookingNotFound })]);
    }
    expect((await changeLink(booked)).statusCode).toBe(401);
    // Site B: the member's session is site A's, so it is no session there.
    const created = await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${provider.config.adminToken}` }, payload: { name: 'Northern Cabs', hosts: ['book.northerncabs.test'] } });
    expect(created.statusCode, created.body).toBe(201);
    const siteB = created.json().site;
    const onB = await changeLink(booked, members.admin, { 'api-public-key': siteB.public_key, 'api-secret-key': siteB.secret_key });
    expect(onB.statusCode).toBe(401);
    // Bad input: an unknown number, a NUL byte, a huge body, an extra field.
    expect((await changeLink('CF-NOPE', members.admin)).statusCode).toBe(404);
    const nul = await changeLink(`${booked}\u0000`, members.admin);
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    expect(typeof nul.json().message).toBe('string');
    const huge = await changeLink('x'.repeat(2_000_000), members.admin);
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect((await v1('POST', 'corporate/bookings/change-link', { booking_number: booked, account_id: otherAccountId }, members.otherAdmin)).statusCode).toBe(400);
    expect(await memberLinks()).toBe(written);
  });

  it('an expired link opens nothing', async () => {
    const { url } = (await changeLink(booked, members.booker)).json();
    const linkToken = LINK_URL.exec(url)![1];
    await api.sql("UPDATE booking_manage_links SET expires_at = now() - interval '1 second' WHERE issued_to_passenger_id IS NOT NULL AND expires_at > now()");
    const view = await v1('POST', 'manage-booking', { token: linkToken });
    expect([view.statusCode, view.json().code]).toEqual([401, 'link_expired']);
  });

  it('a change on account through the link: the server re-prices it to the account (no card), a rise over the credit limit is refused with nothing written; 20 at once apply once', async () => {
    const { url } = (await changeLink(booked, members.admin)).json();
    const token = LINK_URL.exec(url)![1];
    const changes = { meet_and_greet: 'yes', baby_seats: 1 };
    const preview = await v1('POST', 'manage-booking/change/preview', { token, changes });
    expect(preview.statusCode, preview.body).toBe(200);
    const { difference, new_price: newPrice, revision } = preview.json();
    expect(difference).toBeGreaterThan(0);
    expect(preview.json()).toMatchObject({ outcome: 'on_account', message: `The new price is £${newPrice.toFixed(2)}, invoiced to your company account.` });
    const [row] = await api.sql<{ total_pence: number }>('SELECT total_pence FROM bookings WHERE booking_number = $1', [booked]);

    // The limit set just below what the rise needs: refused, the booking and the account unchanged.
    const used = Number((await api.as(owner, 'GET', 'company-accounts')).json().accounts.find((account: { id: number }) => account.id === accountId).used_pence);
    expect(used).toBe(row.total_pence);
    expect((await api.as(owner, 'PATCH', `company-accounts/${accountId}`, { credit_limit_pence: used + Math.round(difference * 100) - 1 })).statusCode).toBe(200);
    const over = await v1('POST', 'manage-booking/change', { token, revision, changes });
    expect([over.statusCode, over.json().code]).toEqual([422, 'credit_limit']);
    expect(over.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.overLimit(Math.round(difference * 100) - 1));
    expect(await api.sql('SELECT total_pence, revision FROM bookings WHERE booking_number = $1', [booked])).toEqual([{ total_pence: row.total_pence, revision: 0 }]);

    expect((await api.as(owner, 'PATCH', `company-accounts/${accountId}`, { credit_limit_pence: used + Math.round(difference * 100) })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => v1('POST', 'manage-booking/change', { token, revision, changes })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.json().outcome))).toEqual(new Set(['on_account']));
    expect(await api.sql('SELECT total_pence, revision FROM bookings WHERE booking_number = $1', [booked])).toEqual([{ total_pence: row.total_pence + Math.round(difference * 100), revision: 1 }]);
    expect(await api.sql("SELECT count(*)::integer AS n FROM booking_changes c JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1 AND c.status = 'applied'", [booked])).toEqual([{ n: 1 }]);
    // No card payment was ever asked for.
    expect(await api.sql('SELECT count(*)::integer AS n FROM payments')).toEqual([{ n: 0 }]);
    const account = (await api.as(owner, 'GET', 'company-accounts')).json().accounts.find((entry: { id: number }) => entry.id === accountId);
    expect(account.used_pence).toBe(row.total_pence + Math.round(difference * 100));

    // Lower again: the account owes less (not yet invoiced: nothing to credit), and nothing is refunded to a card.
    const down = await v1('POST', 'manage-booking/change', { token, revision: 1, changes: { meet_and_greet: 'no', baby_seats: 0 } });
    expect([down.statusCode, down.json().outcome, down.json().result], down.body).toEqual([200, 'on_account', 'applied']);
    expect(await api.sql('SELECT r.id FROM refunds r JOIN bookings b ON b.site_id = r.site_id AND b.id = r.booking_id WHERE b.booking_number = $1', [booked])).toEqual([]);
    expect(await api.sql('SELECT total_pence FROM bookings WHERE booking_number = $1', [booked])).toEqual([{ total_pence: row.total_pence }]);
  });
  it('a rise on an already-invoiced booking counts against the credit limit at once: a new booking over the limit is refused with nothing written', async () => {
    const tight = await createAccount('Lantern Works Ltd', 1_000_000);
    const booker = await member(tight, 'lu@lantern.test', 'booker');
    const first = await bookOnAccount(booker);
    const [row] = await api.sql<{ total_pence: number; pick_up_at: Date; site_id: number }>('SELECT total_pence, pick_up_at, site_id FROM bookings WHERE booking_number = $1', [first]);
    // The invoice run of a month after the pick-up: the booking is invoiced, the account owes it.
    const issued = await provider.invoices.run(row.site_id, new Date(new Date(row.pick_up_at).getTime() + 40 * 86_400_000));
    expect(issued.filter((invoice) => invoice.account_id === tight).map((invoice) => invoice.total_pence)).toEqual([row.total_pence]);
    const usedOf = async () => Number((await api.as(owner, 'GET', 'company-accounts')).json().accounts.find((account: { id: number }) => account.id === tight).used_pence);
    expect(await usedOf()).toBe(row.total_pence);

    // The invoiced booking changed up on account: the rise is billed by the next invoice, but counts now.
    const token = LINK_URL.exec((await changeLink(first, booker)).json().url)![1];
    const changes = { meet_and_greet: 'yes', baby_seats: 1 };
    const preview = (await v1('POST', 'manage-booking/change/preview', { token, changes })).json();
    const rise = Math.round(preview.difference * 100);
    expect(rise).toBeGreaterThan(0);
    const changed = await v1('POST', 'manage-booking/change', { token, revision: preview.revision, changes });
    expect([changed.statusCode, changed.json().outcome], changed.body).toEqual([200, 'on_account']);
    expect(await usedOf()).toBe(row.total_pence + rise);

    // Room for one more booking less a penny, counting the rise: the booking is refused, nothing written.
    const next = Math.round(trip.row.final_price * 100);
    expect((await api.as(owner, 'PATCH', `company-accounts/${tight}`, { credit_limit_pence: row.total_pence + rise + next - 1 })).statusCode).toBe(200);
    const count = () => api.sql<{ n: number }>('SELECT count(*)::integer AS n FROM bookings WHERE company_account_id = $1', [tight]).then((rows) => rows[0].n);
    const mails = () => api.sql<{ n: number }>('SELECT count(*)::integer AS n FROM mail_outbox').then((rows) => rows[0].n);
    const [bookingsBefore, mailsBefore] = [await count(), await mails()];
    const another = bookingPayload(trip.form, trip.row, { payment_method: 'account', selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: 'ignored@example.test', additionalInfo: 'the return trip' } });
    const refused = await v1('POST', 'booking', another, booker);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'credit_limit']);
    expect(refused.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.overLimit(next - 1));
    expect([await count(), await mails()]).toEqual([bookingsBefore, mailsBefore]);
    // A penny more of limit and it fits.
    expect((await api.as(owner, 'PATCH', `company-accounts/${tight}`, { credit_limit_pence: row.total_pence + rise + next })).statusCode).toBe(200);
    const fits = await v1('POST', 'booking', another, booker);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await usedOf()).toBe(row.total_pence + rise + next);
  });
});
