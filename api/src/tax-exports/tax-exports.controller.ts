import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { sendCsv } from '../http/csv-response.js';
import { TaxExportsService } from './tax-exports.service.js';
import { TaxYearRefundsDto } from './dto/tax-year-refunds.dto.js';
import { TaxExportQueryDto } from './dto/tax-export-query.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: tax exports', { badRequest: 'Year outside 2000..next year, or a malformed donor id.' })
@Controller('admin/tax-exports')
export class TaxExportsController {
  constructor(@Inject(TaxExportsService) private readonly service: TaxExportsService) {}

  @Get('refunds/:year')
  @ApiOperation({
    summary:
      "A tax year's refunds and disputes, each counted on the day it happened (the dashboard's figures for that year)",
    description: 'Refunds made in the calendar year (TIME_ZONE), whatever the year of their gift. Amounts in CENTS.',
  })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiOkResponse({ type: TaxYearRefundsDto })
  refunds(@Param('year') year: string): Promise<TaxYearRefundsDto> {
    return this.service.yearRefunds(year);
  }

  @Get('bulk-report/:year')
  @ApiOperation({
    summary: 'Every gift of a calendar year (TIME_ZONE) as CSV: tax-report-{year}.csv',
    description:
      'Card charges that succeeded (refunded ones too, with the refunded amount) and manual gifts, oldest first. Columns: ' +
      'Date, Donor Name, Email, Address, Amount, Type, Method, Status, Refunded, Receipt Required, Net Amount, Transaction ID, Appeal. ' +
      'Amounts are dollars with 2 decimals. Cells that could run as spreadsheet formulas start with an apostrophe.',
  })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async bulk(
    @Param('year') year: string,
    @Query() q: TaxExportQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const csv = await this.service.bulkReport(year, AuditService.context(req), q.appeal);
    await sendCsv(res, csv);
  }

  @Get('irs-receipts/:year')
  @ApiOperation({
    summary:
      'Gifts of $250 or more (net of refunds) needing a written acknowledgment: irs-receipts-required-{year}.csv',
    description:
      'Columns: Date, Donor Name, Email, Address, Amount, Type, Method, Goods or Services Provided, Transaction ID, Appeal.',
  })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async irs(
    @Param('year') year: string,
    @Query() q: TaxExportQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const csv = await this.service.irsReceipts(year, AuditService.context(req), q.appeal);
    await sendCsv(res, csv);
  }

  @Get('year-end/:customerId/:year')
  @ApiOperation({
    summary: "A donor's year-end giving statement (PDF): year-end-statement-{year}-{donor name}.pdf",
    description:
      "The school's name, address and EIN; the donor's name and address; every gift of the year (net of refunds); the total; YEAR_END_STATEMENT_TEXT.",
  })
  @ApiParam({ name: 'customerId', example: 'cus_123' })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'PDF' })
  @ApiError(404)
  async yearEnd(
    @Param('customerId') customerId: string,
    @Param('year') year: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { filename, pdf } = await this.service.yearEndStatement(customerId, year, AuditService.context(req));
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(pdf);
  }
}
