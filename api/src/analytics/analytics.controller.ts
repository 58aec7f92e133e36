import { Inject, Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsDto } from './dto/analytics.dto.js';
import { PeriodDto } from '../http/period.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: dashboard')
@Controller('stripe')
export class AnalyticsController {
  constructor(@Inject(AnalyticsService) private readonly analytics: AnalyticsService) {}

  @Get('analytics')
  @ApiOperation({
    summary: 'Dashboard analytics',
    description:
      'Overview and chart values are US DOLLARS (net of refunds and lost disputes); recentTransactions amounts are CENTS. ' +
      'Computed from the incremental aggregates (monthly_totals and daily_totals), so its cost does not grow with the number of charges. ' +
      'Days and months are calendar days in TIME_ZONE. Without year: all time (the monthly chart: the last 12 months). ' +
      'With year (and basis): the figures of that calendar or fiscal year, its 12 months on the monthly chart; with quarter ' +
      'too, that quarter of it; with month (yyyy-MM), that month. ' +
      'the daily chart and monthlyGrowth stay on the last 30 days and this month.',
  })
  @ApiOkResponse({ type: AnalyticsDto })
  get(@Query() q: PeriodDto): Promise<AnalyticsDto> {
    return this.analytics.get(q);
  }
}
