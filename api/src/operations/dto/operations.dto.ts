import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { QueueName } from '../../../../core/src/queue/queue.constants.js';

export class QueueCountsDto {
  @ApiProperty({ enum: QueueName }) name: string;
  @ApiProperty() waiting: number;
  @ApiProperty() active: number;
  @ApiProperty() delayed: number;
  @ApiProperty() failed: number;
}

export class FailedJobDto {
  @ApiProperty({ enum: QueueName }) queue: string;
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The job name, e.g. project-stripe-event or send-mail.' }) name: string;
  @ApiProperty({
    description: 'The Stripe event it projects (project-stripe-event jobs), else null.',
    nullable: true,
    type: String,
  })
  eventId: string | null;
  @ApiProperty() attempts: number;
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'When it last failed (ISO 8601).', nullable: true, type: String }) failedAt:
    string | null;
}

export class FailedEventDto {
  @ApiProperty() id: string;
  @ApiProperty() type: string;
  @ApiProperty() attempts: number;
  @ApiProperty() error: string;
  @ApiProperty({ description: 'When the API stored it (ISO 8601).' }) receivedAt: string;
}

export class InboxSummaryDto {
  @ApiProperty({ description: 'Stored events not projected yet (waiting, in progress or failed).' })
  unprocessed: number;
  @ApiProperty({ description: 'Seconds since the oldest unprocessed event was stored: 0 when none waits.' })
  projectionLagSeconds: number;
  @ApiProperty({
    description: 'Events whose projection failed and is not being retried any more, or is still retrying.',
  })
  failed: number;
  @ApiProperty({ description: 'Signed events the sanity checks refused (kept, never projected).' }) rejected: number;
}

export class OperationsDto {
  @ApiProperty({ type: [QueueCountsDto] }) queues: QueueCountsDto[];
  @ApiProperty({ type: [FailedJobDto], description: 'The newest 50 failed jobs over all queues.' })
  failedJobs: FailedJobDto[];
  @ApiProperty({ type: InboxSummaryDto }) inbox: InboxSummaryDto;
  @ApiProperty({ type: [FailedEventDto], description: 'The oldest 50 inbox events whose projection failed.' })
  failedEvents: FailedEventDto[];
  @ApiPropertyOptional({
    description: 'Set when Redis did not answer: queues and failed jobs are then empty.',
    type: String,
  })
  queueError?: string;
}

export class RetryJobParams {
  @IsIn(Object.values(QueueName), { message: `queue must be one of ${Object.values(QueueName).join(', ')}` })
  queue: string;

  @Matches(/^[\w:-]{1,200}$/, { message: 'jobId must be a job id (letters, digits, _, - and :)' })
  jobId: string;
}

export class ReplayEventParams {
  @Matches(/^evt_\w{1,200}$/, { message: 'eventId must be a Stripe event id such as evt_123' })
  eventId: string;
}

export class ReplayedDto {
  @ApiProperty({ description: 'How many events were reset and queued again.' }) replayed: number;
}

export class RetriedDto {
  @ApiProperty() retried: boolean;
}
