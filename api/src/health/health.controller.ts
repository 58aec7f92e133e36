import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(HealthService) private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Database, Redis and queue state: 200 when all answer, 503 otherwise' })
  async get(@Res() res: Response): Promise<void> {
    const report = await this.health.check();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  }
}
