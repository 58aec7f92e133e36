import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { sendCsv } from '../http/csv-response.js';
import { sendPdf } from '../http/pdf-response.js';
import { BoardPdfHeading } from '../http/board-pdf-heading.js';
import { MonthEndDto, MonthEndQueryDto } from './month-end.dto.js';
import { MONTH_END_HEADERS, monthEndCsvRows, monthEndFilename, renderMonthEnd } from './month-end.report.js';
import { MonthEndService } from './month-end.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: dashboard', { badRequest: true })
@Controller('stripe/month-end')
export class MonthEndController {
  constructor(
    @Inject(MonthEndService) private readonly monthEnd: MonthEndService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(BoardPdfHeading) private readonly heading: BoardPdfHeading,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "A month's close: gross, refunds, disputes, fees, received, after fees, by method and by fund, and the payouts arriving in it",
    description:
      'Amounts in CENTS. Days in TIME_ZONE. Each balance transaction counts on the day Stripe made it (a refund in the month of the refund); manual gifts on their date.',
  })
  @ApiOkResponse({ type: MonthEndDto })
  get(@Query() q: MonthEndQueryDto): Promise<MonthEndDto> {
    return this.monthEnd.get(q.month);
  }

  @Get('export')
  @ApiOperation({
    summary: 'The month-end figures as CSV: month-end_{yyyy-MM}.csv',
    description: `Columns: ${MONTH_END_HEADERS.join(', ')}. Dollars with 2 decimals.`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV' })
  async csv(@Query() q: MonthEndQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const m = await this.monthEnd.get(q.month);
    await this.audit.record('export.downloaded', {
      ...AuditService.context(req),
      success: true,
      details: { report: 'month-end', month: m.month },
    });
    async function* batches() {
      yield monthEndCsvRows(m);
    }
    await sendCsv(res, { filename: monthEndFilename(m, 'csv'), headers: MONTH_END_HEADERS, batches: batches() });
  }

  @Get('pdf')
  @ApiOperation({ summary: 'The month-end figures as a one-page PDF for the board: month-end_{yyyy-MM}.pdf' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'PDF' })
  async pdf(@Query() q: MonthEndQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const m = await this.monthEnd.get(q.month);
    const { issuedOn, school } = await this.heading.read();
    const pdf = await renderMonthEnd(m, issuedOn, school);
    await this.audit.record('export.downloaded', {
      ...AuditService.context(req),
      success: true,
      details: { report: 'month-end-pdf', month: m.month },
    });
    sendPdf(res, monthEndFilename(m, 'pdf'), pdf);
  }
}
