import { Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import type { QueueName } from '../../../core/src/queue/queue.constants.js';
import { AuditService } from '../auth/audit.service.js';
import { AnyRole, OwnerOnly } from '../auth/roles.decorator.js';
import { OperationsDto, ReplayedDto, ReplayEventParams, RetriedDto, RetryJobParams } from './dto/operations.dto.js';
import { OperationsService } from './operations.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: operations', { roles: 'each-route' })
@Controller('admin/operations')
export class OperationsController {
  constructor(
    @Inject(OperationsService) private readonly ops: OperationsService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Both roles see the pipeline's health; re-running work is the owner's (the person who runs the install). */
  @Get()
  @AnyRole()
  @ApiOperation({ summary: 'Queues, failed jobs, projection lag and events that failed to project' })
  @ApiOkResponse({ type: OperationsDto })
  overview(): Promise<OperationsDto> {
    return this.ops.overview();
  }

  @Post('jobs/:queue/:jobId/retry')
  @OwnerOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Run a failed job again' })
  @ApiOkResponse({ type: RetriedDto })
  @ApiError(400)
  @ApiError(404)
  @ApiError(409, 'The job has not failed.')
  async retryJob(@Param() p: RetryJobParams, @Req() req: Request): Promise<RetriedDto> {
    const out = await this.ops.retryJob(p.queue as QueueName, p.jobId);
    await this.audit.record('operations.job_retried', {
      ...AuditService.context(req),
      details: { queue: p.queue, jobId: p.jobId },
    });
    return out;
  }

  @Post('events/replay-failed')
  @OwnerOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Replay every inbox event whose projection failed' })
  @ApiOkResponse({ type: ReplayedDto })
  async replayFailed(@Req() req: Request): Promise<ReplayedDto> {
    const out = await this.ops.replay({ failed: true });
    await this.audit.record('operations.events_replayed', {
      ...AuditService.context(req),
      details: { failed: true, count: out.replayed },
    });
    return out;
  }

  @Post('events/:eventId/replay')
  @OwnerOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Replay one inbox event' })
  @ApiOkResponse({ type: ReplayedDto })
  @ApiError(400)
  @ApiError(404)
  async replayOne(@Param() p: ReplayEventParams, @Req() req: Request): Promise<ReplayedDto> {
    const out = await this.ops.replay({ id: p.eventId });
    await this.audit.record('operations.events_replayed', {
      ...AuditService.context(req),
      details: { eventId: p.eventId, count: out.replayed },
    });
    return out;
  }
}
