import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailPort, type MailMessage, type MailPort } from '../../server/adapters/mail/index.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { freePort, parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'test_notice',
  to: 'ops@westwaycars.test',
  from: '"Westway Cars" <bookings@westwaycars.test>',
  subject: 'A test notice',
  text: 'Plain body',
  html: '<p>HTML body</p>',
  ...overrides,
});

type OutboxRow = { id: string; status: string; attempts: number; last_error: string | null; transport: string | null; text_body: string; due_in_future: boolean };
const outboxRow = async (provider: TestProvider, id: number) =>
  (
    await provider.db.query<OutboxRow>(
      'SELECT id, status, attempts, last_error, transport, text_body, next_attempt_at > now() AS due_in_future FROM mail_outbox WHERE site_id = 1 AND id = $1',
      [id],
    )
  ).rows[0];

describe(`the outbox adapter (default, no SMTP_URL) on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  it('writes each queued message as an .eml file under DATA_DIR/outbox and marks the row sent', async () => {
    expect(provider.mail.transport).toBe('outbox');
    const id = await provider.db.transaction((tx) => provider.mail.enqueue(tx, 1, message({ subject: 'Outbox £ test' })));
    // The background poll may get there first; either way, once flush() resolves the row has been tried.
    await provider.mail.flush();
    expect(await outboxRow(provider, id)).toMatchObject({ status: 'sent', attempts: 1, transport: 'outbox' });
    const dir = path.join(provider.config.dataDir, 'outbox');
    const file = readdirSync(dir).find((name) => name.startsWith(`1-${String(id).padStart(6, '0')}-test_notice`));
    const eml = parseMail(readFileSync(path.join(dir, file!), 'utf8'));
    expect(eml.subject).toBe('Outbox £ test');
    expect(eml.headers['message-id']).toBe(`<cabflow.1.${id}@westwaycars.test>`);
    expect(eml.text.trim()).toBe('Plain body');
    expect(eml.html).toBe('<p>HTML body</p>');
  });

  it('keeps no mail when the business write rolls back (the row is part of its transaction)', async () => {
    const count = async () => Number((await provider.db.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox')).rows[0].n);
    const before = await count();
    await expect(
      provider.db.transaction(async (tx) => {
        await provider.mail.enqueue(tx, 1, message());
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await count()).toBe(before);
  });

  it('blanks the bodies of a sensitive message (a reset code) in the table once delivered', async () => {
    const id = await provider.db.transaction((tx) => provider.mail.enqueue(tx, 1, message({ kind: 'secret_notice', text: 'Your code is 123456', sensitive: true })));
    await provider.mail.flush();
    expect(await outboxRow(provider, id)).toMatchObject({ status: 'sent', text_body: '[removed after delivery]' });
    const { rows } = await provider.db.query<{ html_body: string }>('SELECT html_body FROM mail_outbox WHERE site_id = 1 AND id = $1', [id]);
    expect(rows[0].html_body).toBe('[removed after delivery]');
    // The delivered copy (here the .eml) has it.
    const dir = path.join(provider.config.dataDir, 'outbox');
    const file = readdirSync(dir).find((name) => name.startsWith(`1-${String(id).padStart(6, '0')}-secret_notice`));
    expect(parseMail(readFileSync(path.join(dir, file!), 'utf8')).text).toContain('Your code is 123456');
  });

  it('the dispatcher delivers a committed row by itself, without flush()', async () => {
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/contact-us', headers: KEY_HEADERS, payload: { comments: 'Background delivery' } });
    expect(response.statusCode).toBe(200);
    const mailId = Number((await provider.db.query<{ mail_id: string }>('SELECT mail_id FROM contact_messages WHERE site_id = 1 AND id = $1', [response.json().contact_id])).rows[0].mail_id);
    await expect.poll(async () => (await outboxRow(provider, mailId)).status, { timeout: 5_000, interval: 50 }).toBe('sent');
  });
});

describe(`the SMTP adapter (SMTP_URL set) on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer | null = null;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // Nothing listens on the port yet: the SMTP server is down.
    provider = await startTestProvider({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await provider.dispose();
    await smtp?.close();
  });

  it('SMTP down: the mail stays queued with the error; once SMTP is up the dispatcher delivers it, once', async () => {
    expect(provider.mail.transport).toBe('smtp');
    const response = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/contact-us',
      headers: KEY_HEADERS,
      payload: { firstName: 'Pat', email: 'pat@example.test', comments: 'Is anyone there?' },
    });
    expect(response.statusCode).toBe(200);
    const contactId = response.json().contact_id;
    const mailId = Number((await provider.db.query<{ mail_id: string }>('SELECT mail_id FROM contact_messages WHERE site_id = 1 AND id = $1', [contactId])).rows[0].mail_id);

    await provider.mail.flush();
    const failed = await outboxRow(provider, mailId);
    expect(failed).toMatchObject({ status: 'queued', transport: null, due_in_future: true });
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Backing off: an immediate flush does not hammer the dead server.
    const attempts = failed.attempts;
    await provider.mail.flush();
    expect((await outboxRow(provider, mailId)).attempts).toBe(attempts);

    smtp = await startSmtpServer(port);
    // Skip the rest of the backoff (5 s for the first retry); the background dispatcher (not the test) retries.
    await provider.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE site_id = 1 AND id = $1', [mailId]);
    const delivered = await smtp.waitFor((mail) => mail.subject.startsWith(`Contact Us #${contactId} `), 15_000);
    expect(delivered.envelopeTo).toEqual(['bookings@westwaycars.test']);
    expect(delivered.headers['reply-to']).toBe('pat@example.test');
    expect(delivered.text).toContain('Is anyone there?');
    expect(delivered.html).toContain('Is anyone there?');
    await expect.poll(async () => (await outboxRow(provider, mailId)).status, { timeout: 5_000, interval: 50 }).toBe('sent');
    expect(await outboxRow(provider, mailId)).toMatchObject({ attempts: attempts + 1, transport: 'smtp', last_error: null });
    await provider.mail.flush();
    expect(smtp.messages.filter((mail) => mail.subject.startsWith(`Contact Us #${contactId} `))).toHaveLength(1);
  });
});

describe(`the dispatcher's retries and several processes on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer;
  const ports: MailPort[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-mail-'));
  beforeAll(async () => {
    provider = await startTestProvider();
    // The provider's own dispatcher would deliver these rows to its outbox: stop it, these tests bring their own.
    await provider.mail.stop();
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(ports.splice(0).map((port) => port.stop()));
    await provider.db.query("UPDATE mail_outbox SET status = 'sent' WHERE status = 'queued'");
  });
  afterAll(async () => {
    await provider.dispose();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const port = (smtpUrl: string, options: Partial<Parameters<typeof createMailPort>[0]> = {}) => {
    const created = createMailPort({ db: provider.db, dataDir, smtpUrl, ...options });
    ports.push(created);
    return created;
  };

  it('marks a message failed after the last attempt, and keeps it with its error', async () => {
    const deadPort = await freePort();
    const mail = port(`smtp://127.0.0.1:${deadPort}`, { retryBaseMs: 1, retryMaxMs: 1, maxAttempts: 3 });
    const id = await provider.db.transaction((tx) => mail.enqueue(tx, 1, message({ subject: 'Never arrives' })));
    for (let attempt = 1; attempt <= 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await mail.flush();
    }
    const row = await outboxRow(provider, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await mail.flush()).toEqual({ sent: 0, failed: 0 });
  });

  it('two dispatchers (two processes) flushing at once deliver each message exactly once', async () => {
    const first = port(smtp.url);
    const second = port(smtp.url);
    const ids = await provider.db.transaction(async (tx) => {
      const created: number[] = [];
      for (let index = 0; index < 30; index++) created.push(await first.enqueue(tx, 1, message({ subject: `Batch message ${index}` })));
      return created;
    });
    const [a, b] = await Promise.all([first.flush(), second.flush()]);
    expect(a.sent + b.sent).toBe(30);
    expect(a.failed + b.failed).toBe(0);
    const received = smtp.messages.filter((mail) => mail.subject.startsWith('Batch message '));
    expect(received).toHaveLength(30);
    expect(new Set(received.map((mail) => mail.headers['message-id'])).size).toBe(30);
    const { rows } = await provider.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM mail_outbox WHERE site_id = 1 AND id = ANY($1::bigint[])', [ids]);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('a started dispatcher polls: a row committed without a kick is delivered within the poll interval', async () => {
    const mail = port(smtp.url, { pollMs: 100 });
    mail.start();
    await provider.db.transaction((tx) => mail.enqueue(tx, 1, message({ subject: 'Found by the poll' })));
    const received = await smtp.waitFor((candidate) => candidate.subject === 'Found by the poll', 5_000);
    expect(received.envelopeTo).toEqual(['ops@westwaycars.test']);
  });
});
