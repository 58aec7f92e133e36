import { Controller, Get, HttpException, Inject, Param, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AuditService } from '../auth/audit.service.js';
import { csvHeader, csvRecord } from '../core/csv/csv-line.js';
import { ErrorDto } from '../dashboard/dto/responses.js';
import { TaxExportError, TaxExportsService, type CsvExport } from './tax-exports.service.js';

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TaxExportError) throw new HttpException({ statusCode: err.status, error: err.message, message: err.message }, err.status);
    throw err;
  }
}

const CHUNK_ROWS = 250;

/**
 * Streams the export as the database cursor yields it, one string per batch of rows; backpressure from a slow
 * client pauses the cursor, so memory holds about one batch whatever the size of the year. If the client goes
 * away, the pipeline ends the generator and the cursor's transaction is rolled back and its connection returned.
 */
async function sendCsv(res: Response, csv: CsvExport): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  // Chunks of a few hundred rows (~40 KB): small enough to die young in V8's nursery instead of piling up as
  // large objects in the old generation (RSS would grow by the export's size before a full collection).
  async function* text(): AsyncGenerator<string> {
    yield csvHeader(csv.headers);
    for await (const batch of csv.batches) {
      for (let i = 0; i < batch.length; i += CHUNK_ROWS) yield batch.slice(i, i + CHUNK_ROWS).map(csvRecord).join('');
    }
  }
  await pipeline(Readable.from(text(), { objectMode: false }), res);
}

@ApiTags('Admin: tax exports')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorDto })
@ApiBadRequestResponse({ type: ErrorDto, description: 'Year outside 2000..next year, or a malformed donor id.' })
@Controller('admin/tax-exports')
export class TaxExportsController {
  constructor(@Inject(TaxExportsService) private readonly service: TaxExportsService) {}

  @Get('bulk-report/:year')
  @ApiOperation({
    summary: 'Every gift of a calendar year (TIME_ZONE) as CSV: tax-report-{year}.csv',
    description:
      'Card charges that succeeded (refunded ones too, with the refunded amount) and manual gifts, oldest first. Columns: ' +
      'Date, Donor Name, Email, Address, Amount, Type, Method, Status, Refunded, Receipt Required, Net Amount, Transaction ID. ' +
      'Amounts are dollars with 2 decimals. Cells that could run as spreadsheet formulas start with an apostrophe.',
  })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async bulk(@Param('year') year: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const csv = await guard(() => this.service.bulkReport(year, AuditService.context(req)));
    await sendCsv(res, csv);
  }

  @Get('irs-receipts/:year')
  @ApiOperation({
    summary: 'Gifts of $250 or more (net of refunds) needing a written acknowledgment: irs-receipts-required-{year}.csv',
    description: 'Columns: Date, Donor Name, Email, Address, Amount, Type, Method, Goods or Services Provided, Transaction ID.',
  })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async irs(@Param('year') year: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const csv = await guard(() => this.service.irsReceipts(year, AuditService.context(req)));
    await sendCsv(res, csv);
  }

  @Get('year-end/:customerId/:year')
  @ApiOperation({
    summary: "A donor's year-end giving statement (PDF): year-end-statement-{year}-{donor name}.pdf",
    description: "The school's name, address and EIN; the donor's name and address; every gift of the year (net of refunds); the total; YEAR_END_STATEMENT_TEXT.",
  })
  @ApiParam({ name: 'customerId', example: 'cus_123' })
  @ApiParam({ name: 'year', example: 2026 })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'PDF' })
  @ApiNotFoundResponse({ type: ErrorDto })
  async yearEnd(@Param('customerId') customerId: string, @Param('year') year: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { filename, pdf } = await guard(() => this.service.yearEndStatement(customerId, year, AuditService.context(req)));
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(pdf);
  }
}
