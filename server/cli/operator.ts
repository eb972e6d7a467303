// `npm run operator -- <command>`: a small CLI over the console API of a running cabflow.
//   settings list | settings get NAME | settings set NAME VALUE | settings unset NAME
//   sites list | sites add NAME [HOST...]
//   bookings revoke-links BOOKING_NUMBER
//   bookings export --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]   (the statutory record as CSV)
//   retention run
//   uploads sweep
//   staff list | staff add EMAIL --role owner|dispatcher [--name NAME]
//   drivers list | drivers invite EMAIL --driver ID   (the driver's app: a set-password link by mail)
//   invoices run | invoices list   (company accounts' invoices of ended periods; what each account owes)
// Talks to CABFLOW_URL (default http://localhost:$PORT) with ADMIN_TOKEN; API_PUBLIC_KEY/API_SECRET_KEY pick a site.
import { writeFileSync } from 'node:fs';
import { loadDotEnv } from '../config.ts';
import { retentionReport } from '../domain/retention/report.ts';
import type { retentionAnswer } from '../domain/retention/retention.ts';
import { poundsText } from '../../contract/money.ts';

loadDotEnv();
const base = (process.env.CABFLOW_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const token = process.env.ADMIN_TOKEN;

const usage = `usage: npm run operator -- settings list | settings get NAME | settings set NAME VALUE | settings unset NAME
                             sites list | sites add NAME [HOST...]
                             bookings revoke-links BOOKING_NUMBER   (its "Manage your booking" links stop working)
                             bookings export --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]
                               (the statutory booking record of those London pick-up days as CSV; stdout without --out)
                             retention run   (anonymises passengers in bookings older than RETENTION_MONTHS, deletes older
                               enquiries, dormant passenger accounts and mails; now)
                             uploads sweep   (deletes uploaded pictures no vehicle category ever used, a day after upload)
                             staff list | staff add EMAIL --role owner|dispatcher [--name NAME]
                               (the new member sets a password through the link mailed to them; none is taken here)
                             drivers list | drivers invite EMAIL --driver ID
                               (invites the register's driver ID to the driver app at EMAIL: a set-password link by
                               mail, valid 24 hours, once; again: a new link, the earlier one stops working)
                             invoices run    (issues and mails the company accounts' invoices of ended periods; each
                               invoice once, whoever runs it: the server's hourly job does the same)
                             invoices list   (the invoices, and what each account owes by days past due)
env: ADMIN_TOKEN (required), CABFLOW_URL (default ${base}), API_PUBLIC_KEY + API_SECRET_KEY to act on another site`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The console API's answer: JSON, or the text of a file (`text: true`). */
async function call(method: string, path: string, body?: unknown, text = false) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (process.env.API_PUBLIC_KEY && process.env.API_SECRET_KEY) {
    headers['api-public-key'] = process.env.API_PUBLIC_KEY;
    headers['api-secret-key'] = process.env.API_SECRET_KEY;
  }
  let response: Response;
  try {
    response = await fetch(`${base}/api/admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    fail(`cannot reach cabflow at ${base}: ${(error as Error).message}`);
  }
  if (text && response.ok) return response.text();
  const json = await response.json().catch(() => null);
  if (!response.ok) fail(`${response.status}: ${json?.message ?? response.statusText}`);
  return json;
}

const [group, command, ...rest] = process.argv.slice(2);
if (!token) fail(`ADMIN_TOKEN is not set.\n${usage}`);
type Row = { setting_name: string; setting_value: string | null };

if (group === 'settings' && command === 'list') {
  for (const row of (await call('GET', '/settings')) as Row[]) console.log(`${row.setting_name}=${row.setting_value ?? ''}`);
} else if (group === 'settings' && command === 'get' && rest.length === 1) {
  const row = ((await call('GET', '/settings')) as Row[]).find((candidate) => candidate.setting_name === rest[0]);
  if (!row) fail(`${rest[0]} is not set`);
  console.log(row.setting_value ?? '');
} else if (group === 'settings' && command === 'set' && rest.length === 2) {
  await call('PUT', '/settings', { [rest[0]]: rest[1] });
  console.log(`${rest[0]}=${rest[1]}`);
} else if (group === 'settings' && command === 'unset' && rest.length === 1) {
  await call('PUT', '/settings', { [rest[0]]: null });
  console.log(`${rest[0]} removed`);
} else if (group === 'sites' && command === 'list') {
  for (const site of (await call('GET', '/sites')) as { id: number; name: string; public_key: string; hosts: string[]; is_default: boolean }[]) {
    console.log(`${site.id}\t${site.name}\t${site.public_key}\t${site.hosts.join(',')}${site.is_default ? '\t(default)' : ''}`);
  }
} else if (group === 'sites' && command === 'add' && rest.length >= 1) {
  const { site } = await call('POST', '/sites', { name: rest[0], hosts: rest.slice(1) });
  console.log(`site ${site.id} "${site.name}"\nAPI-PUBLIC-KEY ${site.public_key}\nAPI-SECRET-KEY ${site.secret_key}`);
} else if (group === 'bookings' && command === 'revoke-links' && rest.length === 1) {
  const { revoked } = await call('POST', `/bookings/${encodeURIComponent(rest[0])}/revoke-manage-links`);
  console.log(`${rest[0]}: ${revoked} manage link${revoked === 1 ? '' : 's'} revoked`);
} else if (group === 'bookings' && command === 'export') {
  const { from, to, out } = optionValues(rest, ['from', 'to', 'out']);
  if (!from || !to) fail(`--from and --to are required\n${usage}`);
  const csv = (await call('GET', `/bookings/export.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, undefined, true)) as string;
  if (out) {
    writeFileSync(out, csv);
    console.error(`${out}: ${csv.split('\r\n').length - 2} bookings picked up ${from} to ${to}`);
  } else process.stdout.write(csv);
} else if (group === 'retention' && command === 'run' && rest.length === 0) {
  const { months, cutoff, anonymised, deleted } = (await call('POST', '/retention/run')) as ReturnType<typeof retentionAnswer>;
  console.log(retentionReport({ months, cutoff, anonymised, deleted }));
} else if (group === 'uploads' && command === 'sweep' && rest.length === 0) {
  const { deleted, kept } = (await call('POST', '/catalogue/uploads/sweep')) as { deleted: string[]; kept: number };
  for (const key of deleted) console.log(`deleted ${key}`);
  console.log(`${deleted.length} unused picture${deleted.length === 1 ? '' : 's'} deleted, ${kept} kept`);
} else if (group === 'staff' && command === 'list' && rest.length === 0) {
  const { staff } = (await call('GET', '/staff')) as { staff: { id: number; email: string; name: string; role: string; active: boolean; password_set: boolean }[] };
  for (const member of staff) {
    const state = [member.active ? '' : 'inactive', member.password_set ? '' : 'password not set yet'].filter(Boolean).join(', ');
    console.log(`${member.id}\t${member.email}\t${member.name}\t${member.role}${state ? `\t(${state})` : ''}`);
  }
} else if (group === 'staff' && command === 'add' && rest.length >= 1) {
  const { email, role, name } = staffAddArguments(rest);
  const { staff } = await call('POST', '/staff', { email, role, name });
  console.log(`${staff.email} added as ${staff.role} (id ${staff.id}); a link to set their password has been mailed to them (valid 24 hours, once)`);
} else if (group === 'drivers' && command === 'list' && rest.length === 0) {
  const { drivers } = (await call('GET', '/drivers')) as { drivers: { id: number; name: string; licence_number: string; licence_expiry: string; active: boolean }[] };
  for (const driver of drivers) console.log(`${driver.id}\t${driver.name}\t${driver.licence_number}\tlicence to ${driver.licence_expiry}${driver.active ? '' : '\tinactive'}`);
} else if (group === 'drivers' && command === 'invite' && rest.length >= 1) {
  const [email, ...options] = rest;
  const { driver } = optionValues(options, ['driver']);
  if (!driver || !/^\d+$/.test(driver)) fail(`--driver ID is required (see: drivers list)\n${usage}`);
  const { account } = (await call('POST', `/drivers/${driver}/invite`, { email })) as { account: { driver_id: number; email: string } };
  console.log(`driver ${account.driver_id} invited at ${account.email}: a link to set their password for the driver app has been mailed to them (valid 24 hours, once)`);
} else if (group === 'invoices' && command === 'run' && rest.length === 0) {
  const { message, issued } = (await call('POST', '/invoices/run')) as { message: string; issued: { number: string; account_name: string; total_pence: number }[] };
  for (const invoice of issued) console.log(`${invoice.number}\t${invoice.account_name}\t${poundsText(invoice.total_pence)}`);
  console.log(message);
} else if (group === 'invoices' && command === 'list' && rest.length === 0) {
  type Owed = Record<'current' | 'days_1_30' | 'days_31_60' | 'days_61_90' | 'days_over_90' | 'total', number>;
  const { invoices, aging } = (await call('GET', '/invoices')) as {
    invoices: { number: string; account_name: string; issued_on: string; due_on: string; total_pence: number; outstanding_pence: number; status: string }[];
    aging: { account_name: string; owed: Owed }[];
  };
  for (const invoice of invoices) console.log(`${invoice.number}\t${invoice.account_name}\t${invoice.issued_on}\tdue ${invoice.due_on}\t${poundsText(invoice.total_pence)}\towed ${poundsText(invoice.outstanding_pence)}\t${invoice.status}`);
  console.log('account\tcurrent\t1-30\t31-60\t61-90\tover 90\ttotal');
  for (const { account_name, owed } of aging)
    console.log([account_name, owed.current, owed.days_1_30, owed.days_31_60, owed.days_61_90, owed.days_over_90, owed.total].map((value) => (typeof value === 'number' ? poundsText(value) : value)).join('\t'));
} else {
  fail(usage);
}

/** `--name value` pairs of the given names; anything else is a usage error. */
function optionValues(args: string[], names: string[]): Record<string, string | undefined> {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [option, value] = [args[i], args[i + 1]];
    if (!option.startsWith('--') || !names.includes(option.slice(2)) || value === undefined) fail(`unknown or incomplete option ${option}\n${usage}`);
    values[option.slice(2)] = value;
  }
  return values;
}

/** `EMAIL --role owner|dispatcher [--name NAME]`; the name defaults to the address's local part. No password option exists. */
function staffAddArguments(args: string[]): { email: string; role: string; name: string } {
  const [email, ...options] = args;
  const values = optionValues(options, ['role', 'name']);
  if (values.role !== 'owner' && values.role !== 'dispatcher') fail(`--role owner or --role dispatcher is required\n${usage}`);
  return { email, role: values.role, name: values.name ?? email.split('@')[0] };
}
