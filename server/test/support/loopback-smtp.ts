/**
 * A real SMTP server on loopback (the smtp-server package) for the mail tests: it listens on 127.0.0.1 on a
 * port the system picks, collects every message it accepts, and can refuse the next few messages, or all,
 * with a reply code — the failures a real mail server has. Messages are kept raw, with their Subject header
 * and a decoded copy (quoted-printable undone) to look for words in.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The whole message as it arrived. */
  raw: string;
  /** The message with quoted-printable soft line breaks and escapes undone. */
  decoded: string;
}

/** Undoes quoted-printable (=\r\n soft breaks, =XX bytes), the encoding nodemailer uses for long lines. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const headerOf = (raw: string, name: string): string => {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};

export class LoopbackSmtp {
  readonly messages: ReceivedMail[] = [];
  /** DATA commands refused so far. */
  refused = 0;
  private refuseCount = 0;
  private refuseCode = 451;
  private server: SMTPServer | undefined;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Refuses the next `count` messages (Infinity: every one) with `code`, then accepts again. */
  refuse(count: number, code = 451): void {
    this.refuseCount = count;
    this.refuseCode = code;
  }

  /** Messages sent to `address`. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuseCount > 0) {
            this.refuseCount--;
            this.refused++;
            const error = Object.assign(new Error('Try again later'), {
              responseCode: this.refuseCode,
            });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: headerOf(raw, 'subject'),
            raw,
            decoded: decodeQuotedPrintable(raw),
          });
          callback(null, `Message queued as Q${this.messages.length}X`);
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
