import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { sendCsv } from '../http/csv-response.js';
import { LedgerFilterDto, LedgerQueryDto } from './dto/ledger-query.dto.js';
import { LedgerPageDto } from './dto/ledger.dto.js';
import { LedgerService } from './ledger.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: dashboard', { badRequest: true })
@Controller('stripe/transactions')
export class LedgerController {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  @Get()
  @ApiOperation({
    summary: 'The ledger: every card charge (any status) and manual gift, newest first, filtered and paginated',
    description:
      'Amounts in CENTS. Days are whole calendar days in TIME_ZONE. totals cover every row the filters match, not only the page.',
  })
  @ApiOkResponse({ type: LedgerPageDto })
  page(@Query() q: LedgerQueryDto): Promise<LedgerPageDto> {
    return this.ledger.page(q);
  }

  @Get('export')
  @ApiOperation({
    summary: 'The ledger rows the same filters match, every page, as CSV (streamed): transactions_{range}_{today}.csv',
    description:
      'Columns: Date, Time (TIME_ZONE), Transaction ID, Donor Name, Donor Email, Amount, Refunded, Disputed, Net Amount (= Amount - Refunded - Disputed), Fee (Stripe processing and dispute fees), After Fees (= Net Amount - Fee), Currency, Status, Type, Method, Note, Receipt URL, Fund, Fee Coverage, Tribute. ' +
      'Dollars with 2 decimals; a failed charge nets 0. Cells that could run as spreadsheet formulas start with an apostrophe.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async csv(@Query() q: LedgerFilterDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCsv(res, await this.ledger.csv(q, AuditService.context(req)));
  }
}
