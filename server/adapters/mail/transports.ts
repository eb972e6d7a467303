import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailAttachment } from './port.ts';
import type { Recipient } from './recipient.ts';

/** A queued row as the dispatcher hands it to a transport. */
export interface OutboxRow {
  site_id: number;
  id: number;
  kind: string;
  to_address: string;
  from_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** jsonb: parsed by both database adapters. */
  attachments: MailAttachment[];
  attempts: number;
  created_at: Date;
}

export interface Delivered {
  messageId: string;
  /** Where it went: the .eml path (outbox) or the SMTP server's reply. */
  detail: string;
}

/** The row's recipient and Reply-To as the dispatcher parsed them: one address each (see parseRecipient). */
export interface Addressed {
  to: Recipient;
  replyTo: Recipient | null;
}

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  deliver(row: OutboxRow, addressed: Addressed): Promise<Delivered>;
  close(): void;
}

/**
 * A stable Message-ID per row: a row delivered twice (a crash between sending and marking it sent) carries the same
 * id, so mail clients show it once.
 */
function messageIdFor(row: OutboxRow): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(row.from_address)?.[1] ?? 'localhost';
  return `<cabflow.${row.site_id}.${row.id}@${domain}>`;
}

const asNodemailer = ({ name, address }: Recipient) => (name ? { name, address } : address);

/**
 * The message as nodemailer takes it. Recipients are given as parsed objects, never as text for nodemailer to parse,
 * and the SMTP envelope names the one address explicitly.
 */
const envelope = (row: OutboxRow, { to, replyTo }: Addressed) => ({
  from: row.from_address,
  to: asNodemailer(to),
  replyTo: replyTo ? asNodemailer(replyTo) : undefined,
  envelope: { from: /<([^<>]+)>\s*$/.exec(row.from_address)?.[1] ?? row.from_address, to: [to.address] },
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  attachments: (row.attachments ?? []).map(({ filename, contentType, content, encoding }) => ({ filename, contentType, content, ...(encoding === 'base64' ? { encoding } : {}) })),
  messageId: messageIdFor(row),
  date: new Date(row.created_at),
  headers: { 'X-Cabflow-Kind': row.kind },
});

/** The embedded default: each message becomes DATA_DIR/outbox/<site>-<id>-<kind>.eml (written atomically). */
export function createOutboxTransport(outboxDir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox',
    async deliver(row, addressed) {
      const info = await composer.sendMail(envelope(row, addressed));
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${row.site_id}-${String(row.id).padStart(6, '0')}-${row.kind.replace(/[^a-z0-9_-]/gi, '_')}.eml`);
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      return { messageId: info.messageId, detail: file };
    },
    close() {
      composer.close();
    },
  };
}

/**
 * SMTP_URL (smtp://user:pass@host:port, smtps://… for implicit TLS) through nodemailer. One connection per message:
 * an operator's mail is a trickle, and nothing stale survives an SMTP server restart.
 */
export function createSmtpTransport(smtpUrl: string, timeoutMs = 15_000): MailTransport {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  });
  return {
    name: 'smtp',
    async deliver(row, addressed) {
      const info = await transport.sendMail(envelope(row, addressed));
      return { messageId: info.messageId, detail: info.response };
    },
    close() {
      transport.close();
    },
  };
}
