import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER, withoutAddresses } from '../../../core/src/logging/logger.js';
import {
  createMailTransport,
  isPermanentSmtpFailure,
  type MailMessage,
  type MailTransport,
} from '../../../core/src/mail/mail.transport.js';
import { readSchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { JobName, type JobData, type MailJob } from '../../../core/src/queue/queue.constants.js';
import { newToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import type { JobHandler } from '../jobs/job-handler.js';
import { inviteMail, resetMail, twoFactorChangedMail } from './reset-mail.js';
import { ResetTokenIssuer } from './reset-token.repository.js';

/** How long an e-mailed reset link works, counted from its sending. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** How long an invitation link works: a week, for someone who may not read mail daily. */
export const INVITE_TOKEN_TTL_MINUTES = 7 * 24 * 60;

/**
 * Sends one queued e-mail. The job names only an id; the message, and the reset token it carries, are made here
 * at send time and exist only in this process's memory and in the mail itself: never in Redis, never in a log
 * (only the job's id and kind are logged: never its recipient or subject, which outlive an erasure in the logs). An SMTP failure throws, so BullMQ retries with backoff
 * (each attempt mints a fresh token that replaces the last); a 5xx refusal is final and is not retried.
 */
@Injectable()
export class SendMailHandler implements JobHandler<JobName.SendMail>, OnModuleDestroy {
  readonly jobName = JobName.SendMail as const;
  private readonly transport: MailTransport;

  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ResetTokenIssuer) private readonly tokens: ResetTokenIssuer,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {
    this.transport = createMailTransport(env);
  }

  async handle(data: JobData[JobName.SendMail], meta: { jobId: string; attempt: number }): Promise<void> {
    if (this.transport.kind === 'none') {
      this.logger.warn({ jobId: meta.jobId, kind: data.kind }, 'e-mail not sent: SMTP_URL is not set');
      return;
    }
    const message = await this.compose(data);
    if (!message) {
      this.logger.info({ jobId: meta.jobId, kind: data.kind }, 'e-mail not sent: its recipient no longer exists');
      return;
    }
    const about = { jobId: meta.jobId, attempt: meta.attempt, kind: data.kind };
    try {
      await this.transport.send(message);
    } catch (err) {
      // The queue logs a failed job's message: without the recipient an SMTP reply may quote.
      const said = withoutAddresses((err as Error).message);
      if (isPermanentSmtpFailure(err)) throw new UnrecoverableError(`SMTP refused the message: ${said}`);
      // eslint-disable-next-line preserve-caught-error -- the cause is the error with the address in it: it stays here
      throw new Error(`SMTP send failed: ${said}`);
    }
    this.logger.info(about, 'e-mail sent');
  }

  private async compose(job: MailJob): Promise<MailMessage | undefined> {
    switch (job.kind) {
      case 'password-reset': {
        const admin = await this.tokens.findAdmin(job.adminId);
        if (!admin) return undefined;
        const token = newToken();
        await this.tokens.replace(job.adminId, tokenHash(token), RESET_TOKEN_TTL_MINUTES);
        const link = `${this.env.PUBLIC_URL.replace(/\/+$/, '')}/reset-password?token=${token}`;
        return resetMail(await readSchoolIdentity(this.ds), admin.email, admin.name, link, RESET_TOKEN_TTL_MINUTES);
      }
      case 'two-factor-changed': {
        const admin = await this.tokens.findAdmin(job.adminId);
        return admin ? twoFactorChangedMail(await readSchoolIdentity(this.ds), admin.email, admin.name) : undefined;
      }
      case 'admin-invite': {
        // An invitation accepted (or withdrawn by disabling) in the meantime is not sent again.
        const invitee = await this.tokens.findInvitee(job.adminId);
        if (!invitee) return undefined;
        const token = newToken();
        await this.tokens.replace(job.adminId, tokenHash(token), INVITE_TOKEN_TTL_MINUTES, 'invite');
        const link = `${this.env.PUBLIC_URL.replace(/\/+$/, '')}/admin-invite?token=${token}`;
        return inviteMail(await readSchoolIdentity(this.ds), invitee.email, invitee.name, invitee.invitedBy, link);
      }
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
