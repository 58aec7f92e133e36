import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notFound, DomainError } from '../../../core/src/http/errors.js';
import { replayEvents } from '../../../core/src/inbox/event-replay.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { JobName, QueueName } from '../../../core/src/queue/queue.constants.js';
import type { OperationsDto, QueueCountsDto, FailedJobDto } from './dto/operations.dto.js';
import { OperationsRepository } from './operations.repository.js';

const FAILED_JOBS_SHOWN = 50;
const REDIS_TIMEOUT_MS = 2000;

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(
        () => reject(new Error(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`)),
        REDIS_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
}

/**
 * What an admin needs to keep the pipeline healthy: the queues' counts, failed jobs (retry one), the inbox's lag
 * and events whose projection failed (replay one or all, as `npm run events:replay` does).
 */
@Injectable()
export class OperationsService {
  constructor(
    @Inject(JobProducer) private readonly producer: JobProducer,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(OperationsRepository) private readonly repo: OperationsRepository,
  ) {}

  /**
   * The queues are read before the inbox: a projection records its failure on the event's row before its job
   * is marked failed, so every failed job shown has its event's error shown with it.
   */
  async overview(): Promise<OperationsDto> {
    const queued = await withTimeout(Promise.all([this.queueCounts(), this.failedJobs()])).then(
      ([queues, failedJobs]) => ({ queues, failedJobs }),
      (err: Error) => ({ queues: [], failedJobs: [], queueError: err.message }),
    );
    const [inbox, failedEvents] = await Promise.all([this.repo.inboxSummary(), this.repo.failedEvents()]);
    return { ...queued, inbox, failedEvents };
  }

  private queueCounts(): Promise<QueueCountsDto[]> {
    return Promise.all(
      Object.values(QueueName).map(async (name) => {
        const c = await this.producer.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
        return { name, waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
      }),
    );
  }

  private async failedJobs(): Promise<FailedJobDto[]> {
    const perQueue = await Promise.all(
      Object.values(QueueName).map((q) => this.producer.queue(q).getFailed(0, FAILED_JOBS_SHOWN - 1)),
    );
    return perQueue
      .flat()
      .filter((job) => job?.id)
      .sort((a, b) => (b.finishedOn ?? b.timestamp) - (a.finishedOn ?? a.timestamp))
      .slice(0, FAILED_JOBS_SHOWN)
      .map((job) => ({
        queue: job.queueName,
        id: job.id!,
        name: job.name,
        eventId: job.name === JobName.ProjectStripeEvent ? ((job.data as { eventId?: string }).eventId ?? null) : null,
        attempts: job.attemptsMade,
        reason: job.failedReason ?? '',
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      }));
  }

  /** Runs a failed job again (BullMQ moves it back to waiting, attempts counted afresh). */
  async retryJob(queue: QueueName, jobId: string): Promise<{ retried: boolean }> {
    const job = await withTimeout(this.producer.queue(queue).getJob(jobId));
    if (!job) throw notFound(`No job ${jobId} in the ${queue} queue (it may have been retried or removed already).`);
    if (!(await job.isFailed()))
      throw new DomainError(409, `Job ${jobId} has not failed; only failed jobs can be retried.`);
    await job.retry('failed');
    return { retried: true };
  }

  /** Replays one inbox event, or every failed one: reset, then queued again (the ordering guard makes a re-projection harmless). */
  async replay(selection: { id: string } | { failed: true }): Promise<{ replayed: number }> {
    const replayed = await replayEvents(this.ds, this.producer, selection);
    if ('id' in selection && replayed === 0)
      throw notFound(
        `No event ${selection.id} can be replayed (unknown, or its payload was pruned: run npm run stripe:backfill).`,
      );
    return { replayed };
  }
}
