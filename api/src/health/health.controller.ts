import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { bearerToken } from '../auth/admin-session.guard.js';
import { SessionService } from '../auth/session.service.js';
import { HealthService } from './health.service.js';
import { HealthDto, QueueHealthDto } from './health.dto.js';

@ApiTags('health')
@ApiExtraModels(QueueHealthDto)
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HealthService) private readonly health: HealthService,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  /**
   * Public: only `{status, projection}` (enough for a load balancer or an uptime check: projection `behind` means
   * gifts are not reaching the dashboard, e.g. no worker runs). HTTP 503 only for the database or Redis, so a
   * load balancer keeps taking webhooks while the worker is down. With an admin's bearer token: the details as
   * well (database and Redis latency, unprocessed events, projection lag, queue depths and failures), which tell
   * an outsider more about the system than they need.
   */
  @Get()
  @ApiOperation({
    summary:
      '200 {status: ok, projection} when the database and Redis answer, 503 {status: degraded} otherwise; details for a signed-in admin',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async get(@Req() req: Request, @Res() res: Response): Promise<void> {
    const token = bearerToken(req.get('authorization'));
    const [report, admin] = await Promise.all([
      this.health.check(),
      token ? this.sessions.validate(token).catch(() => undefined) : undefined,
    ]);
    res.setHeader('Cache-Control', 'no-store');
    const body: HealthDto = admin ? report : { status: report.status, projection: report.projection };
    res.status(report.status === 'ok' ? 200 : 503).json(body);
  }
}
