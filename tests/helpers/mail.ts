import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProvider } from './provider.ts';

/**
 * The newest mail of `kind` to `email` (written bare or as `Name <email>`), as delivered: the outbox adapter's
 * .eml, quoted-printable undone. Mails holding a link are `sensitive`, so the table's copy is blanked once sent and
 * the dispatcher may send one at any moment after it is queued: the .eml is the only copy a test can rely on.
 */
export async function deliveredMail(provider: Pick<TestProvider, 'db' | 'mail' | 'config'>, kind: string, email: string): Promise<{ id: string; siteId: number; subject: string; sensitive: boolean; text: string }> {
  const { rows } = await provider.db.query<{ id: string; site_id: number; subject: string; sensitive: boolean }>(
    `SELECT id::text AS id, site_id, subject, sensitive FROM mail_outbox
      WHERE kind = $1 AND (to_address = $2 OR to_address LIKE '%<' || $2 || '>') ORDER BY id DESC LIMIT 1`,
    [kind, email],
  );
  const mail = rows[0];
  if (!mail) throw new Error(`no ${kind} mail to ${email}`);
  await provider.mail.flush();
  const outbox = path.join(provider.config.dataDir, 'outbox');
  const file = readdirSync(outbox).find((name) => name.startsWith(`${mail.site_id}-${mail.id.padStart(6, '0')}-${kind}`));
  if (!file) throw new Error(`mail ${mail.id} (${kind}) was not delivered to the outbox`);
  const text = readFileSync(path.join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { id: mail.id, siteId: mail.site_id, subject: mail.subject, sensitive: mail.sensitive, text };
}

