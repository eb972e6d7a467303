import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it, with its text and HTML parts decoded. */
export interface CapturedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first received message (past or future) matching the predicate. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for a server started later, e.g. an SMTP server that is "down" at first). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** RFC 2047 encoded words in headers (nodemailer encodes non-ASCII subjects). */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Just enough MIME for the tests: the text/plain and text/html parts of a (possibly multipart) message. */
export function parseMail(raw: string): Pick<CapturedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: { headers: Record<string, string>; body: string }[] = [];
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(partHeaders['content-type'] ?? '')?.[1];
    if (!boundary) return parts.push({ headers: partHeaders, body: partBody });
    for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const at = chunk.search(/\r?\n\r?\n/);
      collect(parseHeaders(chunk.slice(0, at)), chunk.slice(at).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, ''));
    }
  };
  collect(headers, body);
  const find = (type: string) => {
    const part = parts.find((candidate) => (candidate.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
    return part ? decodeBody(part.headers, part.body) : '';
  };
  return { headers, subject: decodeWords(headers.subject ?? ''), text: find('text/plain'), html: find('text/html') };
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1, no TLS, no auth, that keeps what it receives. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const waiters: { predicate: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CapturedMail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          ...parseMail(raw),
        };
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.predicate(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve: (mail: CapturedMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
