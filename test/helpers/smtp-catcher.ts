import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port that keeps every message it receives (reset links, donor mail).
 * `refuse`: it answers every recipient with a permanent 550 instead, and counts the refusals.
 * `delayMs`: it accepts each message that long after its data arrived (a slow server).
 * `stop()` and `start()` take it away and bring it back on the same port ("the mail server is down"),
 * keeping what it received.
 */
/** Ignores connection errors of senders (ECONNRESET of a killed process): the mail they did not finish is not kept. */
export function ignoreDroppedSenders(server: SMTPServer): SMTPServer {
  server.on('error', () => undefined);
  return server;
}

export async function startSmtpCatcher(opts: { refuse?: boolean; port?: number; delayMs?: number } = {}) {
  const mails: CaughtMail[] = [];
  const refused: string[] = [];
  // A sender that dies mid-message (the fault suites SIGKILL workers) resets its connection; smtp-server emits
  // that as 'error', which without a listener would throw in the test process.
  const create = () =>
    ignoreDroppedSenders(
      new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // Down means down: on stop, open (pooled) connections are cut at once rather than after 30 s.
        closeTimeout: 50,
        size: 20 * 1024 * 1024,
        onRcptTo(address, _session, callback) {
          if (!opts.refuse) return callback();
          refused.push(address.address);
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const keep = () => {
              mails.push({
                to: session.envelope.rcptTo.map((r) => r.address),
                raw: Buffer.concat(chunks).toString('utf8'),
              });
              callback();
            };
            // A slow server: each message is taken `delayMs` after its data arrived.
            if (opts.delayMs) setTimeout(keep, opts.delayMs);
            else keep();
          });
        },
      }),
    );
  let server = create();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  let up = true;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused,
    /** Resolves with the messages to `to` once there are at least `count` of them. */
    async waitFor(to: string, count = 1, timeoutMs = 20_000): Promise<CaughtMail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to));
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`no e-mail to ${to} within ${timeoutMs} ms (got ${mails.length} in all)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** Resolves once at least `count` messages arrived in all. */
    async waitForCount(count: number, timeoutMs = 20_000): Promise<CaughtMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${mails.length} of ${count} e-mails arrived within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    stop: async () => {
      if (!up) return;
      up = false;
      await close();
    },
    start: async () => {
      if (up) return;
      server = create();
      await new Promise<void>((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      up = true;
    },
    close: () => (up ? ((up = false), close()) : Promise.resolve()),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** A raw message's text with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A caught message parsed as a mail client reads it: headers, text and HTML parts, attachments. */
export function parseMail(mail: CaughtMail): Promise<ParsedMail> {
  return simpleParser(mail.raw);
}
