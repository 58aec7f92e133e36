import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { AnyRole, OwnerOnly } from '../auth/roles.decorator.js';
import { sendCsv } from '../http/csv-response.js';
import { neutraliseCsvRow } from '../http/csv-cell.js';
import { DonorExportQueryDto, EraseDonorDto, ErasedDto } from './donor-privacy.dto.js';
import { DonorPrivacyService } from './donor-privacy.service.js';
import type { ExportSections } from './donor-privacy.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

const cell = (v: unknown) =>
  v === null || v === undefined
    ? ''
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** One row per field of every record: Section, Record, Field, Value (complete, whatever each table's columns). */
async function* csvRows(sections: ExportSections): AsyncGenerator<string[][]> {
  for (const [section, rows] of Object.entries(sections)) {
    yield rows.flatMap((r, i) =>
      Object.entries(r).map(([k, v]) =>
        neutraliseCsvRow([section, String(r.id ?? r.customer_id ?? i + 1), k, cell(v)]),
      ),
    );
  }
}

@AdminApi('Admin: donors', { roles: 'each-route' })
@ApiError(404)
@Controller('admin/donors/:customerId')
export class DonorPrivacyController {
  constructor(@Inject(DonorPrivacyService) private readonly service: DonorPrivacyService) {}

  @AnyRole()
  @Get('export')
  @ApiOperation({
    summary:
      'Everything held about a donor: donor record, gifts, donation records, manual gifts, self-service and admin actions (JSON or CSV)',
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: 'donor-{id}.json or donor-{id}.csv' })
  async export(
    @Param('customerId') id: string,
    @Query() q: DonorExportQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const format = q.format ?? 'json';
    const data = await this.service.export(id, format, AuditService.context(req));
    if (format === 'csv')
      return sendCsv(res, {
        filename: `donor-${id}.csv`,
        headers: ['Section', 'Record', 'Field', 'Value'],
        batches: csvRows(data.sections),
      });
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="donor-${id}.json"`);
    res.status(200).json(data);
  }

  @OwnerOnly()
  @Post('erase')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Erases the donor’s personal data everywhere we hold it and deletes the Stripe customer; amounts and dates stay',
    description: 'Confirmed by the donor’s name as shown (their e-mail when nameless). Cannot be undone.',
  })
  @ApiOkResponse({ type: ErasedDto })
  @ApiError(409, 'Already erased.')
  @ApiError(502, 'Stripe could not be reached; nothing was changed.')
  erase(@Param('customerId') id: string, @Body() body: EraseDonorDto, @Req() req: Request): Promise<ErasedDto> {
    return this.service.erase(id, body.confirmName, AuditService.context(req));
  }
}
