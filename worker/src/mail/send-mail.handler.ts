import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { ENV } from '../../../api/src/core/config/load-env.js';
import type { EnvDto } from '../../../api/src/core/config/env.dto.js';
import { LOGGER } from '../../../api/src/core/logging/logger.js';
import { createMailTransport, type MailTransport } from '../../../api/src/core/mail/mail.transport.js';
import { JobName, type JobData } from '../../../api/src/core/queue/queue.constants.js';
import type { JobHandler } from '../jobs/job-handler.js';

/**
 * Sends one queued e-mail (password reset links). An SMTP failure throws, so BullMQ retries the job with
 * backoff; the recipient is logged, never the body (it holds a live reset link) unless no SMTP is configured.
 */
@Injectable()
export class SendMailHandler implements JobHandler<JobName.SendMail>, OnModuleDestroy {
  readonly jobName = JobName.SendMail as const;
  private readonly transport: MailTransport;

  constructor(@Inject(ENV) env: EnvDto, @Inject(LOGGER) private readonly logger: Logger) {
    this.transport = createMailTransport(env, logger);
  }

  async handle(data: JobData[JobName.SendMail], meta: { jobId: string; attempt: number }): Promise<void> {
    await this.transport.send(data);
    if (this.transport.kind === 'smtp') this.logger.info({ jobId: meta.jobId, attempt: meta.attempt, to: data.to, subject: data.subject }, 'e-mail sent');
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
