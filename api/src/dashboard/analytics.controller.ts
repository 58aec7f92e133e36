import { Inject, Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsDto, ErrorDto } from './dto/responses.js';

@ApiTags('Admin: dashboard')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorDto })
@Controller('stripe')
export class AnalyticsController {
  constructor(@Inject(AnalyticsService) private readonly analytics: AnalyticsService) {}

  @Get('analytics')
  @ApiOperation({
    summary: 'Dashboard analytics',
    description:
      'Overview and chart values are US DOLLARS (net of refunds and lost disputes); recentTransactions amounts are CENTS. ' +
      'Computed from the incremental aggregates (monthly_totals and daily_totals), so its cost does not grow with the number of charges. ' +
      'Days and months are calendar days in TIME_ZONE.',
  })
  @ApiOkResponse({ type: AnalyticsDto })
  get() {
    return this.analytics.get();
  }
}
