import type { ParsedMail } from 'mailparser';
import { AUTOMATIC_ACKNOWLEDGMENTS } from '../../core/src/acknowledgments/acknowledgment-setting.js';
import { settings } from '../../core/src/settings/settings.repository.js';
import type { TestDatabase } from './database.js';
import { waitUntil } from './faults.js';
import { parseMail, type SmtpCatcher } from './smtp-catcher.js';

/** Automatic acknowledgments switched on at `since` (as the admin's switch stores it). */
export async function acknowledgmentsOnSince(db: TestDatabase, since: Date): Promise<void> {
  await settings.write(db, AUTOMATIC_ACKNOWLEDGMENTS, { enabled: true, since: since.toISOString() }, null);
}

/** Every caught message, parsed (subject, text, html, attachments, headers). */
export async function parsedMails(smtp: SmtpCatcher, to?: string): Promise<ParsedMail[]> {
  return Promise.all(smtp.mails.filter((m) => !to || m.to.includes(to)).map(parseMail));
}

/**
 * Waits until `count` messages to `to` (in any letter case: the mailer lower-cases the domain) whose text matches
 * `pattern` arrived, and answers them parsed, oldest first.
 */
export async function waitForMailsMatching(
  smtp: SmtpCatcher,
  to: string,
  pattern: RegExp,
  count: number,
  timeoutMs = 30_000,
): Promise<ParsedMail[]> {
  const mine = async () => {
    const parsed = await Promise.all(
      smtp.mails.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase())).map(parseMail),
    );
    return parsed.filter((m) => pattern.test(m.text ?? ''));
  };
  await waitUntil(async () => (await mine()).length >= count, {
    timeoutMs,
    intervalMs: 50,
    describe: () => `${count} e-mails to ${to} matching ${pattern}`,
  });
  return mine();
}

/** Waits until `count` messages to `to` arrived, and answers them parsed, oldest first. */
export async function waitForMails(
  smtp: SmtpCatcher,
  to: string,
  count: number,
  timeoutMs = 30_000,
): Promise<ParsedMail[]> {
  return Promise.all((await smtp.waitFor(to, count, timeoutMs)).map(parseMail));
}

export interface OutboxState {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

export async function outboxState(db: TestDatabase): Promise<OutboxState> {
  const [row] = await db.query<OutboxState>(
    `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'sending')::int AS sending,
            count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM outbound_mail`,
  );
  return row;
}

/** Waits until nothing waits in the outbox and at least `sent` messages are recorded as sent. */
export async function waitForOutboxSent(db: TestDatabase, sent: number, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    async () => {
      const s = await outboxState(db);
      return s.queued === 0 && s.sending === 0 && s.sent >= sent;
    },
    { timeoutMs, intervalMs: 100, describe: async () => JSON.stringify(await outboxState(db)) },
  );
}
