import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ACCOUNT_MESSAGES } from '../../contract/companyAccounts.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { bookingPayload, countRows, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { deliveredMail } from '../helpers/mail.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

const INVITATION_LINK = /(https?:\/\/[a-z0-9.:-]+\/account-invitation#token=([A-Za-z0-9_-]{43}))/;

/**
 * Issue 34, company accounts: the owner's console calls, invitations, booking on account signed in (membership, on/off,
 * PO number, the credit limit held under concurrent bookings) and who sees which of the account's bookings.
 */
describe(`company accounts on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let trip: Awaited<ReturnType<typeof quoteFor>>;
  let nextAddress = 1;

  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    [owner, dispatcher] = await Promise.all([api.owner(), api.dispatcher()]);
    trip = await quoteFor(provider);
  });
  afterAll(() => provider.dispose());

  const v1 = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token?: string) =>
    provider.fastify.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...KEY_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: `198.51.100.${nextAddress++ % 250}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createAccount(body: Record<string, unknown>) {
    const response = await api.as(owner, 'POST', 'company-accounts', { billing_email: 'accounts@acme.test', credit_limit_pence: 100_000, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().account as { id: number; name: string };
  }

  /** The invitation link in the newest mail to this address, as delivered. */
  async function invitationTo(email: string): Promise<string> {
    return INVITATION_LINK.exec((await deliveredMail(provider, 'company_account_invitation', email)).text)![2];
  }

  /** Accepts the newest invitation to `email` with a new password; the member's bearer token. */
  async function join(email: string, password = 'Heron-Quay-Ledger-7'): Promise<string> {
    const accepted = await v1('POST', 'corporate/invitation/accept', { token: await invitationTo(email), password });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().access_token as string;
  }

  const onAccount = (token: string | undefined, overrides: Record<string, unknown> = {}, registration: Record<string, unknown> = {}) =>
    v1('POST', 'booking', bookingPayload(trip.form, trip.row, { payment_method: 'account', selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: 'ignored@example.test', ...registration }, ...overrides }), token);

  it('the owner creates and changes an account; a dispatcher may not; names are unique per site', async () => {
    const account = await createAccount({ name: 'Acme Widgets Ltd', vat_number: 'GB123456789', po_required: true });
    expect(account).toMatchObject({ name: 'Acme Widgets Ltd', credit_limit_pence: 100_000, invoice_period: 'monthly', payment_terms_days: 30, po_required: true, cost_centre_required: false, active: true, used_pence: 0, members: 0 });
    const again = await api.as(owner, 'POST', 'company-accounts', { name: 'acme widgets ltd', billing_email: 'x@acme.test', credit_limit_pence: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.nameTaken);
    expect((await api.as(dispatcher, 'GET', 'company-accounts')).statusCode).toBe(403);
    const patched = await api.as(owner, 'PATCH', `company-accounts/${account.id}`, { payment_terms_days: 14 });
    expect(patched.json().account.payment_terms_days).toBe(14);
    const [audit] = await api.sql<{ action: string }>("SELECT action FROM audit_log WHERE entity_type = 'company_account' AND entity_id = $1 ORDER BY id DESC LIMIT 1", [String(account.id)]);
    expect(audit.action).toBe('company_account.update');
  });

  it('invitations: the owner invites an admin, who sets a password; the admin invites a booker and removes members; a booker may not invite', async () => {
    const account = await createAccount({ name: 'Invite Co' });
    const invited = await api.as(owner, 'POST', `company-accounts/${account.id}/invitations`, { email: 'ada@invite.test', role: 'admin' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().message).toBe('Invitation sent to ada@invite.test.');
    const token = await invitationTo('ada@invite.test');
    const preview = await v1('POST', 'corporate/invitation', { token });
    expect(preview.json().invitation).toEqual({ email: 'ada@invite.test', account_name: 'Invite Co', role: 'admin', existing_account: false });
    const admin = await join('ada@invite.test');
    const used = await v1('POST', 'corporate/invitation/accept', { token, password: 'Heron-Quay-Ledger-7' });
    expect(used.statusCode).toBeGreaterThanOrEqual(400);
    expect(used.json().code).toBe('used');
    expect(used.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.invitationUsed);

    const mine = (await v1('GET', 'corporate/account', undefined, admin)).json().account;
    expect(mine).toMatchObject({ name: 'Invite Co', role: 'admin', on_account: true, members: [{ email: 'ada@invite.test', role: 'admin' }] });

    // An existing passenger joins with their own password (a wrong one is refused, nothing joined).
    await api.sql("INSERT INTO passengers (site_id, name, email, phone, password_hash) VALUES (1, 'Bob Booker', 'bob@invite.test', '07700 900111', $1)", [await hashPassword('Bobs-Own-Pass-99')]);
    expect((await v1('POST', 'corporate/members', { email: 'bob@invite.test', role: 'booker' }, admin)).statusCode).toBe(201);
    const bobToken = await invitationTo('bob@invite.test');
    expect((await v1('POST', 'corporate/invitation', { token: bobToken })).json().invitation.existing_account).toBe(true);
    const wrong = await v1('POST', 'corporate/invitation/accept', { token: bobToken, password: 'not-bobs-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.wrongPassword);
    const bob = (await v1('POST', 'corporate/invitation/accept', { token: bobToken, password: 'Bobs-Own-Pass-99' })).json().access_token as string;
    const bobs = (await v1('GET', 'corporate/account', undefined, bob)).json().account;
    expect(bobs).toMatchObject({ role: 'booker', members: [] });

    const byBooker = await v1('POST', 'corporate/members', { email: 'eve@invite.test', role: 'admin' }, bob);
    expect(byBooker.statusCode).toBe(403);
    expect(byBooker.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.notAdmin);
    const [{ id: bobPassenger }] = await api.sql<{ id: string }>("SELECT id FROM passengers WHERE email = 'bob@invite.test'");
    const removed = await v1('DELETE', `corporate/members/${bobPassenger}`, undefined, admin);
    expect(removed.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.removed);
    expect((await v1('GET', 'corporate/account', undefined, bob)).json().account).toBeNull();
  });

  it('on account: only signed in, only for a member of an account that is on, with its PO number; for someone else', async () => {
    const account = await createAccount({ name: 'Travel Ltd', po_required: true });
    await api.as(owner, 'POST', `company-accounts/${account.id}/invitations`, { email: 'tess@travel.test', role: 'booker' });
    const tess = await join('tess@travel.test');
    const before = await countRows(provider, 'bookings');

    const anonymous = await onAccount(undefined, { po_number: 'PO-1' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.signInToBookOnAccount);
    // A signed-in passenger of no account.
    await api.sql("INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, 'Lone Walker', 'lone@walker.test', '', $1, true)", [await hashPassword('Lone-Walker-Pass-1')]);
    const lone = (await v1('POST', 'check-passenger-login', { email: 'lone@walker.test', password: 'Lone-Walker-Pass-1' })).json().access_token as string;
    const notMember = await onAccount(lone, { po_number: 'PO-1' });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.accountNotOffered);
    const noPo = await onAccount(tess);
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.poRequired);
    await api.as(owner, 'PATCH', `company-accounts/${account.id}`, { active: false });
    const off = await onAccount(tess, { po_number: 'PO-1' });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.accountOff);
    expect(await countRows(provider, 'bookings')).toBe(before);
    await api.as(owner, 'PATCH', `company-accounts/${account.id}`, { active: true });

    // Signed in, no password, for a colleague: the traveller's details kept apart from the booker.
    const booked = await onAccount(tess, { po_number: 'PO-77', cost_centre: 'Sales' }, { passengerDetails: 'yes', passengerName: 'Colin Colleague', passengerEmail: 'colin@travel.test', passengerPhone: '07700 900222' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.booking.payment_method).toBe('account');
    const [row] = await api.sql<Record<string, unknown>>(
      `SELECT b.passenger_mode, b.company_account_id::text AS company_account_id, b.passenger_name, b.passenger_email, b.passenger_phone, b.payment_method, b.payment_status, b.po_number, b.cost_centre, p.email AS booker
         FROM bookings b JOIN passengers p ON p.site_id = b.site_id AND p.id = b.passenger_id WHERE b.booking_number = $1`,
      [booked.json().data.booking.booking_number],
    );
    expect(row).toEqual({
      passenger_mode: 'corporate',
      passenger_name: 'Colin Colleague',
      passenger_email: 'colin@travel.test',
      passenger_phone: '07700 900222',
      payment_method: 'account',
      payment_status: 'on_account',
      company_account_id: String(account.id),
      po_number: 'PO-77',
      cost_centre: 'Sales',
      booker: 'tess@travel.test',
    });
    // A bad token is a 401, never a guest booking.
    expect((await onAccount('not-a-token', { po_number: 'PO-1' })).statusCode).toBe(401);
  });

  it('the credit limit holds under 20 concurrent bookings: as many as fit, the rest refused with the message and nothing written', async () => {
    const unit = Math.round(trip.row.final_price * 100);
    const fits = 3;
    const account = await createAccount({ name: 'Limit Ltd', credit_limit_pence: unit * fits + Math.floor(unit / 2) });
    await api.as(owner, 'POST', `company-accounts/${account.id}/invitations`, { email: 'lim@limit.test', role: 'booker' });
    const member = await join('lim@limit.test');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => onAccount(member, {}, { additionalInfo: `trip ${index}` })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(fits);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(20 - fits);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ success: false, code: 'credit_limit', message: COMPANY_ACCOUNT_MESSAGES.overLimit(Math.floor(unit / 2)) });
    }
    const [{ n, total }] = await api.sql<{ n: string; total: string }>('SELECT count(*)::text AS n, COALESCE(sum(total_pence), 0)::text AS total FROM bookings WHERE company_account_id = $1', [account.id]);
    expect(Number(n)).toBe(fits);
    expect(Number(total)).toBeLessThanOrEqual(unit * fits + Math.floor(unit / 2));
    const listed = (await api.as(owner, 'GET', 'company-accounts')).json().accounts.find((candidate: { id: number }) => candidate.id === account.id);
    expect(listed.used_pence).toBe(unit * fits);
  });

  it('members: an admin removes a booker, never themselves nor the last admin (two admins removing each other at once leave one); a booker removes no one; a booker filtering by another booker sees nothing more; NUL and huge bodies are refused as JSON', async () => {
    const account = await createAccount({ name: 'Removal Ltd' });
    await api.as(owner, 'POST', `company-accounts/${account.id}/invitations`, { email: 'amy@removal.test', role: 'admin' });
    const amy = await join('amy@removal.test');
    await v1('POST', 'corporate/members', { email: 'abe@removal.test', role: 'admin' }, amy);
    const abe = await join('abe@removal.test');
    await v1('POST', 'corporate/members', { email: 'bea@removal.test', role: 'booker' }, amy);
    const bea = await join('bea@removal.test');
    const idOf = async (email: string) => Number((await api.sql<{ id: string }>('SELECT id FROM passengers WHERE email = $1', [email]))[0].id);
    const [amyId, abeId, beaId] = [await idOf('amy@removal.test'), await idOf('abe@removal.test'), await idOf('bea@removal.test')];
    const admins = async () => (await api.sql<{ n: number }>("SELECT count(*)::int AS n FROM company_account_members WHERE account_id = $1 AND role = 'admin'", [account.id]))[0].n;

    const self = await v1('DELETE', `corporate/members/${amyId}`, undefined, amy);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ success: false, message: COMPANY_ACCOUNT_MESSAGES.cannotRemoveSelf });
    const byBooker = await v1('DELETE', `corporate/members/${abeId}`, undefined, bea);
    expect(byBooker.statusCode).toBe(403);
    expect(byBooker.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.notAdmin);
    const stranger = await v1('DELETE', 'corporate/members/999999', undefined, amy);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.memberNotFound);

    // A booker's booker filter narrows what they may see, never widens it.
    const made = await onAccount(abe, {}, { additionalInfo: 'abe' });
    expect(made.statusCode, made.body).toBe(200);
    const beaSees = await v1('GET', `corporate/bookings?booker=${abeId}`, undefined, bea);
    expect(beaSees.json().data).toEqual([]);

    // The two admins remove each other at once: one removal goes through, the other finds itself removed; one admin stays.
    const [first, second] = await Promise.all([v1('DELETE', `corporate/members/${abeId}`, undefined, amy), v1('DELETE', `corporate/members/${amyId}`, undefined, abe)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 403]);
    expect(await admins()).toBe(1);
    const removed = await v1('DELETE', `corporate/members/${beaId}`, undefined, first.statusCode === 200 ? amy : abe);
    expect(removed.json()).toEqual({ success: true, message: COMPANY_ACCOUNT_MESSAGES.removed });

    // The attacker's bodies: a NUL in an e-mail or a filter, a huge body, a param that is not a number — 4xx JSON, nothing written.
    const survivor = first.statusCode === 200 ? amy : abe;
    const before = await countRows(provider, 'company_account_invitations');
    for (const response of [
      await v1('POST', 'corporate/members', { email: 'nul\u0000@removal.test', role: 'booker' }, survivor),
      await v1('POST', 'corporate/members', { email: `${'x'.repeat(2_000_000)}@removal.test`, role: 'booker' }, survivor),
      await v1('POST', 'corporate/members', { email: 'ok@removal.test', role: 'owner' }, survivor),
      await v1('GET', 'corporate/bookings?passenger=%00', undefined, survivor),
      await v1('GET', 'corporate/bookings?cost_centre=a%00b', undefined, survivor),
      await v1('GET', `corporate/bookings?passenger=${'p'.repeat(300)}`, undefined, survivor),
      await v1('DELETE', 'corporate/members/abc', undefined, survivor),
      await v1('DELETE', 'corporate/members/1e400', undefined, survivor),
    ]) {
      expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().success).toBe(false);
    }
    expect(await countRows(provider, 'company_account_invitations')).toBe(before);
  });

  it("who sees what: a booker sees the bookings they made or travel on, never a colleague's or another account's; an admin sees the account's and may cancel them", async () => {
    const account = await createAccount({ name: 'Seeing Ltd' });
    const other = await createAccount({ name: 'Other Ltd' });
    await api.as(owner, 'POST', `company-accounts/${account.id}/invitations`, { email: 'boss@seeing.test', role: 'admin' });
    const boss = await join('boss@seeing.test');
    await v1('POST', 'corporate/members', { email: 'ann@seeing.test', role: 'booker' }, boss);
    const ann = await join('ann@seeing.test');
    await v1('POST', 'corporate/members', { email: 'ben@seeing.test', role: 'booker' }, boss);
    const ben = await join('ben@seeing.test');
    await api.as(owner, 'POST', `company-accounts/${other.id}/invitations`, { email: 'oz@other.test', role: 'admin' });
    const oz = await join('oz@other.test');

    const book = async (token: string, extra: Record<string, unknown>, registration: Record<string, unknown> = {}) => {
      const response = await onAccount(token, extra, registration);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.booking.booking_number as string;
    };
    const annFor = await book(ann, { cost_centre: 'Ops' }, { passengerDetails: 'yes', passengerName: 'Ben', passengerEmail: 'ben@seeing.test', additionalInfo: 'a' });
    const annOwn = await book(ann, { cost_centre: 'Sales' }, { additionalInfo: 'b' });
    const benOwn = await book(ben, { cost_centre: 'Sales' }, { additionalInfo: 'c' });
    const ozOwn = await book(oz, {}, { additionalInfo: 'd' });

    const numbers = async (token: string, query = '') => {
      const response = await v1('GET', `corporate/bookings${query}`, undefined, token);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { booking_number: string }[]).map((item) => item.booking_number).sort();
    };
    expect(await numbers(ann)).toEqual([annFor, annOwn].sort());
    // Ben travels on Ann's booking for him and made his own.
    expect(await numbers(ben)).toEqual([annFor, benOwn].sort());
    expect(await numbers(boss)).toEqual([annFor, annOwn, benOwn].sort());
    expect(await numbers(oz)).toEqual([ozOwn]);
    expect(await numbers(boss, '?cost_centre=sales')).toEqual([annOwn, benOwn].sort());
    expect(await numbers(boss, '?passenger=ben')).toEqual([annFor, benOwn].sort());
    expect(await numbers(boss, '?passenger=colin')).toEqual([]);
    const [{ id: annId }] = await api.sql<{ id: string }>("SELECT id FROM passengers WHERE email = 'ann@seeing.test'");
    expect(await numbers(boss, `?booker=${annId}`)).toEqual([annFor, annOwn].sort());
    const item = (await v1('GET', 'corporate/bookings', undefined, boss)).json().data.find((candidate: { booking_number: string }) => candidate.booking_number === annFor);
    expect(item).toMatchObject({ status: 'confirmed', payment_method: 'account', cost_centre: 'Ops', booker: { name: expect.any(String) }, refunded_amount: 0, passenger_detail: { passenger_name: 'Ben' } });

    // The manage calls with the bearer token: Ben may not cancel Ann's own booking; the admin may; Oz may not.
    const cancel = (token: string, number: string) => v1('POST', 'manage-booking/cancel', { booking_number: number }, token);
    expect((await cancel(ben, annOwn)).statusCode).toBe(404);
    expect((await cancel(oz, annOwn)).statusCode).toBe(404);
    const cancelled = await cancel(boss, annOwn);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await numbers(boss, '?status=cancelled')).toEqual([annOwn]);
  });
});
