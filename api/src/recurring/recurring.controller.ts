import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { CancelPlanDto } from './dto/cancel-plan.dto.js';
import { PlansQueryDto } from './dto/plans-query.dto.js';
import { DonorPlansDto, PlanActionDto, PlanPageDto, RecurringSummaryDto } from './dto/recurring.dto.js';
import { RecurringService } from './recurring.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

/**
 * Recurring plans. Every role: a bookkeeper sees the plans, and is often the one who answers the phone when a
 * donor calls to stop or pause a gift, which is the donor's own decision, not a change to the school's money
 * or accounts; each action is audited with the admin who did it.
 */
@AdminApi('Admin: recurring plans')
@Controller('admin')
export class RecurringController {
  constructor(@Inject(RecurringService) private readonly recurring: RecurringService) {}

  @Get('recurring/summary')
  @ApiOperation({ summary: "The Recurring view's figures", description: 'monthlyRecurringRevenue is DOLLARS.' })
  @ApiOkResponse({ type: RecurringSummaryDto })
  summary(): Promise<RecurringSummaryDto> {
    return this.recurring.summary();
  }

  @Get('recurring/plans')
  @ApiOperation({
    summary: 'Plans, newest first, by status, one keyset page at a time',
    description: 'Amounts are DOLLARS.',
  })
  @ApiOkResponse({ type: PlanPageDto })
  @ApiError(400)
  plans(@Query() query: PlansQueryDto): Promise<PlanPageDto> {
    return this.recurring.plans(query);
  }

  @Get('donors/:customerId/plans')
  @ApiOperation({
    summary: "One donor's plans with their failed renewals",
    description: 'Amounts are DOLLARS. A donor with no plans: an empty list.',
  })
  @ApiOkResponse({ type: DonorPlansDto })
  donorPlans(@Param('customerId') customerId: string): Promise<DonorPlansDto> {
    return this.recurring.donorPlans(customerId);
  }

  @Post('recurring/plans/:id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a plan now or at the end of its period (through Stripe)' })
  @ApiOkResponse({ type: PlanActionDto })
  @ApiError(400)
  @ApiError(404)
  @ApiError(409, "The plan's status does not allow it.")
  @ApiError(502)
  cancel(@Param('id') id: string, @Body() body: CancelPlanDto, @Req() req: Request): Promise<PlanActionDto> {
    return this.recurring.cancel(id, body, AuditService.context(req));
  }

  @Post('recurring/plans/:id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: "Pause a plan's collection (renewals due meanwhile are voided)" })
  @ApiOkResponse({ type: PlanActionDto })
  @ApiError(404)
  @ApiError(409)
  @ApiError(502)
  pause(@Param('id') id: string, @Req() req: Request): Promise<PlanActionDto> {
    return this.recurring.pause(id, AuditService.context(req));
  }

  @Post('recurring/plans/:id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: "Resume a paused plan's collection" })
  @ApiOkResponse({ type: PlanActionDto })
  @ApiError(404)
  @ApiError(409)
  @ApiError(502)
  resume(@Param('id') id: string, @Req() req: Request): Promise<PlanActionDto> {
    return this.recurring.resume(id, AuditService.context(req));
  }
}
