import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { sendCsv } from '../http/csv-response.js';
import { PayoutDetailDto, PayoutParamsDto, PayoutsPageDto, PayoutsQueryDto } from './payouts.dto.js';
import { PayoutsService } from './payouts.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: payouts', { badRequest: true })
@Controller('admin/payouts')
export class PayoutsController {
  constructor(
    @Inject(PayoutsService) private readonly payouts: PayoutsService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Payouts to the bank, newest arrival first, with the totals of gross, fees, refunds, net, paid out and pending',
    description:
      'Amounts in CENTS. With year (and basis): only the payouts arriving in that calendar or fiscal year (TIME_ZONE), and what they took to the bank; the totals stay all time.',
  })
  @ApiOkResponse({ type: PayoutsPageDto })
  page(@Query() q: PayoutsQueryDto): Promise<PayoutsPageDto> {
    return this.payouts.page(q.page ?? 1, q.pageSize ?? 50, q);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One payout and the gifts, refunds, disputes and fees it carried; the nets add up to its amount',
    description: 'Amounts in CENTS.',
  })
  @ApiOkResponse({ type: PayoutDetailDto })
  @ApiError(404)
  detail(@Param() p: PayoutParamsDto): Promise<PayoutDetailDto> {
    return this.payouts.detail(p.id);
  }

  @Get(':id/export')
  @ApiOperation({
    summary: 'One payout as CSV for accounting software: payout_{arrival day}_{id}.csv',
    description:
      'Columns: Date (arrival day in TIME_ZONE), Payee, Memo, Gross, Fee, Net, Account. One row per gift, refund or adjustment (fee 0), one row for the fee total; the Net column adds up to the payout amount. Dollars with 2 decimals.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV' })
  @ApiError(404)
  async csv(@Param() p: PayoutParamsDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const csv = await this.payouts.csv(p.id);
    await this.audit.record('export.downloaded', {
      ...AuditService.context(req),
      success: true,
      details: { report: 'payout', payout: p.id },
    });
    await sendCsv(res, csv);
  }
}
