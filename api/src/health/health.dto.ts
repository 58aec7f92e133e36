import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/* GET /api/health. The public answer is {status, projection}; a signed-in admin gets the rest too. */

export class DatabaseHealthDto {
  @ApiProperty() ok: boolean;
  @ApiPropertyOptional() latencyMs?: number;
  @ApiPropertyOptional() error?: string;
  @ApiPropertyOptional() unprocessedEvents?: number;
  @ApiPropertyOptional({
    description:
      'Seconds since the oldest unprocessed event was stored (0 when none waits): how far the read model lags.',
  })
  projectionLagSeconds?: number;
  @ApiPropertyOptional({ description: 'Signed events the sanity checks refused (kept, never projected).' })
  rejectedEvents?: number;
  @ApiPropertyOptional() rejectedEventsLast24h?: number;
}

export class RedisHealthDto {
  @ApiProperty() ok: boolean;
  @ApiPropertyOptional() latencyMs?: number;
  @ApiPropertyOptional() error?: string;
}

/** A queue's counts, or only `error` when they could not be read. */
export class QueueHealthDto {
  @ApiPropertyOptional({ description: 'Jobs not yet done: waiting + active + delayed.' }) depth?: number;
  @ApiPropertyOptional() waiting?: number;
  @ApiPropertyOptional() active?: number;
  @ApiPropertyOptional() delayed?: number;
  @ApiPropertyOptional() failed?: number;
  @ApiPropertyOptional() error?: string;
}

/** The donor mail outbox's counts, or only `error` when they could not be read. */
export class MailHealthDto {
  @ApiPropertyOptional() queued?: number;
  @ApiPropertyOptional() sending?: number;
  @ApiPropertyOptional() failed?: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Seconds the oldest queued message has waited.' })
  oldestQueuedSeconds?: number | null;
  @ApiPropertyOptional() error?: string;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok', 'degraded'], description: 'degraded (HTTP 503): the database or Redis does not answer.' })
  status: 'ok' | 'degraded';
  @ApiProperty({
    enum: ['ok', 'behind', 'unknown'],
    description: 'behind: events wait longer than 5 minutes (no worker running, or failing).',
  })
  projection: 'ok' | 'behind' | 'unknown';
  @ApiPropertyOptional({ type: DatabaseHealthDto, description: 'Signed-in admins only.' }) database?: DatabaseHealthDto;
  @ApiPropertyOptional({ type: RedisHealthDto, description: 'Signed-in admins only.' }) redis?: RedisHealthDto;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/QueueHealthDto' },
    description: 'Signed-in admins only: by queue name.',
  })
  queues?: Record<string, QueueHealthDto>;
  @ApiPropertyOptional({ type: MailHealthDto, description: 'Signed-in admins only.' }) mail?: MailHealthDto;
}
