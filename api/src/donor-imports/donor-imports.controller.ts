import { Body, Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { DomainError, ErrorDto } from '../../../core/src/http/errors.js';
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
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'Not a CSV (named: an Excel workbook, a PDF, ...), no header row or no rows.',
  })
  @ApiPayloadTooLargeResponse({ type: ErrorDto })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorDto })
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
  @ApiNotFoundResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto })
  preview(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: PreviewBodyDto): Promise<ImportPreviewDto> {
    return this.service.preview(id, body.mapping);
  }

  @Get(':id/rows')
  @ApiOperation({
    summary: 'The previewed rows after a row number, 100 at a time (date, amount, type, fund and outcome of each)',
  })
  @ApiOkResponse({ type: PreviewRowsDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  rows(@Param('id', new ParseUUIDPipe()) id: string, @Query() query: PreviewRowsQueryDto): Promise<PreviewRowsDto> {
    return this.service.rows(id, query.after ?? 0);
  }

  @Post(':id/import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Import the next batch of previewed rows; call again until finished (the progress bar)' })
  @ApiOkResponse({ type: ImportProgressDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto })
  importBatch(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<ImportProgressDto> {
    return this.service.importBatch(id, AuditService.context(req));
  }
}
