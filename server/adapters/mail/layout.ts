import { settingsFromRows, type SettingRow } from '../../../contract/settings.ts';
import { headerSafe } from './port.ts';

/** Who an operator's mail comes from, and where its notices go. */
export interface MailIdentity {
  companyName: string;
  /** '"Westway Cars" <bookings@westwaycars.test>' */
  from: string;
  /** FROM_EMAIL: the operator's inbox for notices; null when the operator has not set one. */
  operatorEmail: string | null;
}

const FALLBACK_FROM = 'no-reply@localhost';

export function mailIdentity(settingRows: readonly SettingRow[], siteName: string): MailIdentity {
  const settings = settingsFromRows(settingRows);
  const companyName = headerSafe(settings.Company_Name || siteName || 'cabflow');
  const operatorEmail = settings.FROM_EMAIL?.trim() || null;
  return { companyName, from: formatAddress(companyName, operatorEmail ?? FALLBACK_FROM), operatorEmail };
}

/** '"Display Name" <address>' with the name quoted as RFC 5322 wants it. */
export function formatAddress(name: string, address: string): string {
  const display = headerSafe(name).replace(/["\\]/g, '\\$&');
  return display ? `"${display}" <${address}>` : address;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface MailContent {
  companyName: string;
  heading: string;
  /** Paragraphs before the table. */
  intro?: string[];
  /** Label/value rows (empty values show as '—'). */
  fields?: [string, string][];
  /** A value shown large on its own (a reset code). */
  highlight?: string;
  /** Paragraphs after the table. */
  outro?: string[];
}

/** The plain-text and HTML bodies of one mail, signed with the operator's name. Every value is escaped in the HTML. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const { companyName, heading, intro = [], fields = [], highlight, outro = [] } = content;
  const shown = (value: string) => (value.trim() === '' ? '—' : value);
  const width = Math.max(0, ...fields.map(([label]) => label.length));
  const text = [
    heading,
    '',
    ...intro.flatMap((line) => [line, '']),
    ...(highlight ? [`    ${highlight}`, ''] : []),
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${shown(value).replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`),
    ...(fields.length ? [''] : []),
    ...outro.flatMap((line) => [line, '']),
    `— ${companyName}`,
    '',
  ].join('\n');

  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#555;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(shown(value))}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
    `<title>${escapeHtml(heading)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222;font-size:15px;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:6px;padding:24px">',
    `<p style="margin:0 0 4px;color:#777;font-size:13px">${escapeHtml(companyName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>`,
    ...intro.map(paragraph),
    highlight ? `<p style="margin:16px 0;font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(highlight)}</p>` : '',
    rows ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${rows}</table>` : '',
    ...outro.map(paragraph),
    `<p style="margin:24px 0 0;color:#777;font-size:13px">— ${escapeHtml(companyName)}</p>`,
    '</div></body></html>',
  ].join('');
  return { text, html };
}
