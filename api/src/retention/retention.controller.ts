import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { sendCsv } from '../http/csv-response.js';
import { LapsedFilterDto, LapsedQueryDto, RetentionYearDto } from './dto/retention-query.dto.js';
import { LapsedPageDto, RetentionDto } from './dto/retention.dto.js';
import { RetentionService } from './retention.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: dashboard', { badRequest: true })
@Controller('stripe/retention')
export class RetentionController {
  constructor(@Inject(RetentionService) private readonly retention: RetentionService) {}

  @Get()
  @ApiOperation({
    summary:
      'Donor retention of a calendar year: retention rate, first-time donors, LYBUNT and SYBUNT counts, recurring conversion',
    description:
      'Donors are listed donors (a completed card or manual gift, not deleted). Years are calendar years in TIME_ZONE.',
  })
  @ApiOkResponse({ type: RetentionDto })
  summary(@Query() q: RetentionYearDto): Promise<RetentionDto> {
    return this.retention.summary(q);
  }

  @Get('lapsed')
  @ApiOperation({
    summary: 'One page of the LYBUNT or SYBUNT list, most recent last gift first',
    description: 'Amounts in CENTS.',
  })
  @ApiOkResponse({ type: LapsedPageDto })
  page(@Query() q: LapsedQueryDto): Promise<LapsedPageDto> {
    return this.retention.page(q);
  }

  @Get('lapsed/export')
  @ApiOperation({
    summary: 'The whole LYBUNT or SYBUNT list as CSV (streamed): {kind}_{year}_{today}.csv',
    description:
      'Columns: Donor ID, Name, Email, Phone, Address Line 1, Address Line 2, City, State, Postal Code, Country (for mailed appeals), Last Gift Date (TIME_ZONE), Last Gift Amount, Lifetime Total (dollars, 2 decimals), Gifts.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async csv(@Query() q: LapsedFilterDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCsv(res, await this.retention.csv(q, AuditService.context(req)));
  }
}
