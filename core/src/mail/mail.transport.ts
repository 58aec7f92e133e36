import nodemailer, { type Transporter } from 'nodemailer';
import type { EnvDto } from '../config/env.dto.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's display name; the address is always MAIL_FROM's. Unset: MAIL_FROM as it is written. */
  fromName?: string;
  /** A fixed Message-ID (`<...@...>`), so a message sent twice is recognisably the same message. */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  /**
   * 'smtp' sends. 'none' (no SMTP_URL: development and tests only, production refuses to start without one)
   * sends nothing; the caller logs that it did not, never the message, which may hold a live reset link.
   */
  readonly kind: 'smtp' | 'none';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** True when an SMTP error is the server's final refusal (a 5xx reply): retrying the same message cannot help. */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The bare address of MAIL_FROM ('School <no-reply@x.org>' -> 'no-reply@x.org'). */
export function mailFromAddress(mailFrom: string): string {
  return (/<([^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

/**
 * The one way e-mail leaves the system: nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL;
 * in demo mode the local mailbox `npm start` runs). Send failures throw, so the caller retries with backoff.
 * `pool` keeps up to `maxConnections` SMTP connections open between messages (the outbox sends many); the
 * timeouts bound one send well inside the outbox's lease (SEND_LEASE_SECONDS).
 */
export function createMailTransport(
  env: Pick<EnvDto, 'SMTP_URL' | 'MAIL_FROM'>,
  opts: { pool?: boolean; maxConnections?: number } = {},
): MailTransport {
  if (!env.SMTP_URL) return { kind: 'none', send: async () => undefined, close: () => undefined };
  const transporter: Transporter = nodemailer.createTransport({
    url: env.SMTP_URL,
    ...(opts.pool ? { pool: true, maxConnections: opts.maxConnections ?? 4 } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const address = mailFromAddress(env.MAIL_FROM);
  return {
    kind: 'smtp',
    send: async (m) => {
      await transporter.sendMail({
        from: m.fromName ? { name: m.fromName, address } : env.MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.attachments ? { attachments: m.attachments } : {}),
      });
    },
    close: () => transporter.close(),
  };
}
