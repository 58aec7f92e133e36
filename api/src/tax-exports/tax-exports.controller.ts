import { Controller, Get, HttpException, Inject, Param, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AuditService } from '../auth/audit.service.js';
import { format } from 'fast-csv';
import { neutraliseCsvRow } from '../core/csv/csv-cell.js';
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

/** Socket writes of about this size: fast-csv pushes one small buffer per row. */
const WRITE_BYTES = 64 * 1024;

/** Joins small buffers into writes of about `size` bytes, so a 100k-row export is ~250 socket writes, not 100k. */
function coalesce(size: number): Transform {
  let held: Buffer[] = [];
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      held.push(chunk);
      bytes += chunk.length;
      if (bytes < size) return done();
      const out = Buffer.concat(held, bytes);
      held = [];
      bytes = 0;
      done(null, out);
    },
    flush(done) {
      done(null, bytes ? Buffer.concat(held, bytes) : undefined);
    },
  });
}

/**
 * Streams the export as the database cursor yields it: rows -> fast-csv (RFC 4180, CRLF, UTF-8 BOM for Excel)
 * -> ~64 KB writes -> the response. Backpressure from a slow client pauses the cursor, so memory holds about one
 * batch whatever the size of the year. If the client goes away, the pipeline ends the generator and the
 * cursor's transaction is rolled back and its connection returned.
 */
async function sendCsv(res: Response, csv: CsvExport): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  async function* rows(): AsyncGenerator<readonly string[]> {
    for await (const batch of csv.batches) yield* batch;
  }
  const formatter = format<readonly string[], readonly string[]>({
    headers: neutraliseCsvRow(csv.headers),
    // A year without gifts is still a file with its header row. fast-csv leaves out the BOM when there are no
    // rows, so it is written here (Excel needs it to read accented names as UTF-8).
    alwaysWriteHeaders: true,
    writeBOM: false,
    rowDelimiter: '\r\n',
    includeEndRowDelimiter: true,
  });
  res.write('\uFEFF');
  await pipeline(Readable.from(rows()), formatter, coalesce(WRITE_BYTES), res);
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
