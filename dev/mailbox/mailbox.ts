import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailboxMessage {
  id: number;
  receivedAt: Date;
  from: string;
  to: string[];
  subject: string;
  text: string;
  hasHtml: boolean;
  /** The HTML part as sent, shown only at /messages/:id/html under a sandboxing CSP. */
  html?: string;
}

export interface DemoMailbox {
  smtpUrl: string;
  webUrl: string;
  messages: MailboxMessage[];
  stop(): Promise<void>;
}

/** How many messages the mailbox keeps (oldest dropped first): it lives in memory for one `npm start`. */
const KEEP = 500;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text with its http(s) addresses made into links (the reset link, for one). */
function linkified(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 ? `<a href="${esc(part)}">${esc(part)}</a>` : esc(part)))
    .join('');
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ddd;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f6f4;padding:1rem;border-radius:6px}a{color:#1e5b46}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:40rem){thead{display:none}tr{display:block;padding:.5rem 0;border-bottom:1px solid #ddd}td{display:block;border:0;padding:.1rem 0;overflow-wrap:anywhere}}`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

function listPage(messages: MailboxMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td><a href="/messages/${m.id}">${esc(m.subject || '(no subject)')}</a></td><td>${esc(m.to.join(', '))}</td>` +
        `<td>${esc(m.receivedAt.toLocaleString('en-US'))}</td></tr>`,
    )
    .join('');
  return page(
    'Demo mailbox',
    `<h1>Demo mailbox</h1><p>Every e-mail the product sends in demo mode lands here (newest first; kept until <code>npm start</code> stops).</p>` +
      (messages.length
        ? `<table><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No messages yet.</p>'),
  );
}

function messagePage(m: MailboxMessage): string {
  return page(
    m.subject || 'Message',
    `<p><a href="/">Back to the mailbox</a></p><h1>${esc(m.subject || '(no subject)')}</h1>` +
      `<dl><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to.join(', '))}</dd><dt>Received</dt><dd>${esc(m.receivedAt.toLocaleString('en-US'))}</dd></dl>` +
      `<pre>${linkified(m.text)}</pre>${m.hasHtml ? `<p><a href="/messages/${m.id}/html">Open the HTML part</a> (as a mail program shows it; scripts and remote content blocked)</p>` : ''}`,
  );
}

type Listener = {
  listen(port: number, host: string, cb: () => void): unknown;
  once(e: 'error', cb: (err: Error) => void): unknown;
};

function listenOn(server: Listener, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

/** The port asked for, or any free one when it is taken (the banner prints the address actually used). */
async function listen(server: Listener, port: number): Promise<void> {
  try {
    await listenOn(server, port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
    await listenOn(server, 0);
  }
}

/**
 * Demo mode's mailbox: a real SMTP receiver (smtp-server) and a small web inbox of our own, both on 127.0.0.1
 * only, so the mail the product sends (password reset links among it) can be read without a mail account.
 * Messages are parsed with mailparser; the inbox shows each one's text part, escaped, never its HTML.
 */
export async function startDemoMailbox(opts: { smtpPort: number; webPort: number }): Promise<DemoMailbox> {
  const messages: MailboxMessage[] = [];
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          messages.push({
            id: next++,
            receivedAt: new Date(),
            from: mail.from?.text ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            hasHtml: Boolean(mail.html),
            html: mail.html || undefined,
          });
          if (messages.length > KEEP) messages.shift();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  // A sender that drops mid-message (a worker stopped with SIGKILL) is reported as 'error'; the mailbox keeps going.
  smtp.on('error', () => undefined);
  await listen(smtp, opts.smtpPort);

  const web: Server = createServer((req, res) => {
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const m = /^\/messages\/(\d+)(\/html)?$/.exec(url.pathname);
    const found = m ? messages.find((x) => x.id === Number(m[1])) : undefined;
    if (req.method === 'GET' && found?.html && m?.[2]) {
      // The sender's HTML, in a sandbox: no script runs, nothing is fetched, its own inline styles apply.
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(found.html);
      return;
    }
    if (req.method !== 'GET' || (url.pathname !== '/' && (!found || m?.[2]))) {
      res
        .writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        .end(page('Not found', '<h1>Not found</h1><p><a href="/">Back to the mailbox</a></p>'));
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(found ? messagePage(found) : listPage(messages));
  });
  await listen(web, opts.webPort);

  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    messages,
    stop: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => smtp.close(() => r())),
        new Promise<void>((r) => web.close(() => r())),
      ]);
    },
  };
}
