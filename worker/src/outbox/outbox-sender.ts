import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER, withoutAddresses } from '../../../core/src/logging/logger.js';
import {
  createMailTransport,
  isPermanentSmtpFailure,
  mailFromAddress,
  type MailTransport,
} from '../../../core/src/mail/mail.transport.js';
import { outbox, type OutboxRow } from '../../../core/src/mail-outbox/outbox.repository.js';
import { retryDelaySeconds, SEND_LEASE_SECONDS } from '../../../core/src/mail-outbox/retry-policy.js';
import { readSchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { composeMail } from './compose/compose-mail.js';
import { PeriodicTask } from './periodic-task.js';

const EVERY_MS = 1000;
/** Messages claimed at once; they are sent over up to CONNECTIONS pooled SMTP connections. */
const BATCH = 16;
const CONNECTIONS = 4;

/**
 * The one sender of the outbox (`outbound_mail`), in every worker process. Each pass claims due messages
 * (FOR UPDATE SKIP LOCKED, with a lease: see outbox.claimDue), builds each from the read model, sends it with a
 * Message-ID made from its row, and records the outcome: sent, retried later with backoff, or failed for good
 * (a 5xx refusal, or the attempts used up). A worker that dies mid-send leaves its claimed messages to the
 * others when the lease ends. The one case that can still send a message twice: the SMTP server accepted it
 * and the process died before it recorded 'sent' (the copy carries the same Message-ID).
 * Without SMTP_URL (development, tests) nothing is claimed: messages wait in the queue.
 */
@Injectable()
export class OutboxSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly transport: MailTransport;
  private readonly task: PeriodicTask;
  private readonly domain: string;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = createMailTransport(env, { pool: true, maxConnections: CONNECTIONS });
    this.domain = mailFromAddress(env.MAIL_FROM).split('@')[1] ?? 'localhost';
    this.task = new PeriodicTask('mail outbox', EVERY_MS, () => this.drain(), logger);
  }

  onApplicationBootstrap(): void {
    if (this.transport.kind === 'none') {
      this.logger.warn('mail outbox: SMTP_URL is not set, so donor e-mail waits in the outbox unsent');
      return;
    }
    this.task.start();
  }

  /** New messages were queued in this process: send them now rather than on the next tick. */
  kick(): void {
    if (this.transport.kind !== 'none') this.task.kick();
  }

  /**
   * Resolves once a whole drain that began after the call has finished (see PeriodicTask.nextPass); at once
   * without SMTP_URL, where nothing is ever sent.
   */
  nextPass(): Promise<void> {
    return this.transport.kind === 'none' ? Promise.resolve() : this.task.nextPass();
  }

  /** Sends due messages until none is left. */
  async drain(): Promise<void> {
    for (;;) {
      const rows = await outbox.claimDue(this.ds, BATCH, SEND_LEASE_SECONDS);
      await Promise.all(rows.map((row) => this.sendOne(row)));
      if (rows.length < BATCH) return;
    }
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    // Id and kind only: a recipient or a subject (which may hold a tribute name) in a log outlives the donor's erasure.
    const about = { mailId: row.id, kind: row.kind, attempt: row.attempts };
    try {
      const composed = await composeMail(this.ds, row, this.env);
      if ('undeliverable' in composed) {
        await outbox.markUndeliverable(this.ds, row.id, row.attempts, composed.undeliverable);
        this.logger.warn({ ...about, reason: composed.undeliverable }, 'e-mail not sent');
        return;
      }
      await this.transport.send({
        ...composed.mail,
        to: row.recipient,
        fromName: (await readSchoolIdentity(this.ds)).name,
        messageId: `<${row.id}.${new Date(row.created_at).getTime()}.outbox@${this.domain}>`,
        attachments: composed.attachments,
      });
      await outbox.markSent(this.ds, row.id, row.attempts);
      this.logger.info(about, 'e-mail sent');
    } catch (err) {
      const final = isPermanentSmtpFailure(err);
      const delay = retryDelaySeconds(row.attempts);
      await outbox
        .markFailedAttempt(this.ds, row.id, row.attempts, (err as Error).message, delay, final)
        .catch((e: Error) =>
          // The lease ends on its own: another pass (here or in another worker) takes the message again.
          this.logger.warn({ ...about, err: withoutAddresses(e.message) }, 'could not record a failed send'),
        );
      this.logger.warn(
        { ...about, err: withoutAddresses((err as Error).message), final, retryInSeconds: final ? undefined : delay },
        'e-mail send failed',
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
    this.transport.close();
  }
}
