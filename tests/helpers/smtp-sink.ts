import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests, on 127.0.0.1: it accepts every message (no TLS, no login) and
 * keeps it, decoded — recipients, subject, plain text and HTML — so a test reads what a mail
 * client would show. `stop()` takes it down (the app's sends then fail) and `start()` brings it
 * back on the same port.
 */
export interface CaughtEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: CaughtEmail[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return decodeQuotedPrintable(data.replace(/_/g, ' '));
    });
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a message (single part or multipart, one level deep or more). */
function parts(raw: string, found: { text: string; html: string }): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      parts(part.replace(/^\r\n/, ''), found);
    }
    return;
  }
  const decoded = decodeBody(headers, body).replace(/\r\n/g, '\n').trimEnd();
  if (type.toLowerCase().startsWith('text/html')) found.html = decoded;
  else if (type.toLowerCase().startsWith('text/plain')) found.text = decoded;
}

export function parseEmail(raw: string, envelope: { from: string; to: string[] }): CaughtEmail {
  const { headers } = splitEntity(raw);
  const found = { text: '', html: '' };
  parts(raw, found);
  return { ...envelope, subject: decodeWords(headers.get('subject') ?? ''), ...found, raw };
}

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  let server: SMTPServer | undefined;
  const messages: CaughtEmail[] = [];
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async start() {
      if (server) return;
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const to = session.envelope.rcptTo.map((r) => r.address);
            messages.push(parseEmail(Buffer.concat(chunks).toString('utf8'), { from, to }));
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await sink.start();
  return sink;
}
