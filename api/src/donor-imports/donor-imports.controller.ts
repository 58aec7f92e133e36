import { Body, Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { DomainError } from '../../../core/src/http/errors.js';
import { MAX_UPLOAD_BYTES } from './csv-upload.js';
import { DonorImportsService } from './donor-imports.service.js';
import {
  ImportPreviewDto,
  ImportProgressDto,
  PreviewBodyDto,
  PreviewRowsDto,
  PreviewRowsQueryDto,
  UploadedImportDto,
  UploadQueryDto,
} from './dto/donor-import.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

/** What browsers and spreadsheet programs send a .csv file as. */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];

/**
 * Both roles: the bookkeeper is the one who holds the old spreadsheet and already records manual gifts, which is
 * all an import adds (gifts and the donors they name); it deletes and erases nothing.
 */
@AdminApi('Admin: donor import')
@Controller('admin/donor-imports')
export class DonorImportsController {
  constructor(@Inject(DonorImportsService) private readonly service: DonorImportsService) {}

  @Post()
  @ApiOperation({
    summary: 'Upload a CSV of donors and past gifts (the body is the file, Content-Type text/csv)',
    description: `Streamed into staging rows; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Answers the header row and a suggested column mapping.`,
  })
  @ApiConsumes('text/csv')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ type: UploadedImportDto })
  @ApiError(400, 'Not a CSV (named: an Excel workbook, a PDF, ...), no header row or no rows.')
  @ApiError(413)
  @ApiError(415)
  async upload(@Query() query: UploadQueryDto, @Req() req: Request): Promise<UploadedImportDto> {
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!CSV_TYPES.includes(type))
      throw new DomainError(
        415,
        'Upload a CSV file (comma-separated values). Save a spreadsheet as "CSV UTF-8" first.',
      );
    if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) {
      throw new DomainError(
        413,
        `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Split it into smaller CSV files.`,
      );
    }
    return this.service.upload(req, query.fileName?.trim() || 'upload.csv', AuditService.context(req));
  }

  @Post(':id/preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Dry run: check every row with the mapping and say what the import would do; changes no donor or gift',
  })
  @ApiOkResponse({ type: ImportPreviewDto })
  @ApiError(404)
  @ApiError(409)
  preview(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: PreviewBodyDto): Promise<ImportPreviewDto> {
    return this.service.preview(id, body.mapping);
  }

  @Get(':id/rows')
  @ApiOperation({
    summary: 'The previewed rows after a row number, 100 at a time (date, amount, type, fund and outcome of each)',
  })
  @ApiOkResponse({ type: PreviewRowsDto })
  @ApiError(404)
  rows(@Param('id', new ParseUUIDPipe()) id: string, @Query() query: PreviewRowsQueryDto): Promise<PreviewRowsDto> {
    return this.service.rows(id, query.after ?? 0);
  }

  @Post(':id/import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Import the next batch of previewed rows; call again until finished (the progress bar)' })
  @ApiOkResponse({ type: ImportProgressDto })
  @ApiError(404)
  @ApiError(409)
  importBatch(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<ImportProgressDto> {
    return this.service.importBatch(id, AuditService.context(req));
  }
}
