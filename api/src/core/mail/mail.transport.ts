import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { EnvDto } from '../config/env.dto.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  /** 'smtp' sends; 'log' writes the whole message (links included) to the log instead. */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The one way e-mail leaves the system: nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL).
 * With no SMTP_URL, or in demo mode, the message is logged instead so the person trying the product can
 * still follow a reset link. Send failures throw, so the queued job is retried with backoff.
 */
export function createMailTransport(env: Pick<EnvDto, 'SMTP_URL' | 'DEMO_MODE' | 'MAIL_FROM'>, logger: Pick<Logger, 'info'>): MailTransport {
  if (!env.SMTP_URL || env.DEMO_MODE) {
    return {
      kind: 'log',
      send: async (m) => {
        logger.info({ mail: { from: env.MAIL_FROM, to: m.to, subject: m.subject, text: m.text } }, `e-mail not sent (no SMTP configured); its text:\n${m.text}`);
      },
      close: () => undefined,
    };
  }
  const transporter: Transporter = nodemailer.createTransport(env.SMTP_URL, { from: env.MAIL_FROM });
  return {
    kind: 'smtp',
    send: async (m) => {
      await transporter.sendMail({ from: env.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
    },
    close: () => transporter.close(),
  };
}
