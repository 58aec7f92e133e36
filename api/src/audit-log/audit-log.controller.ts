import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { AuditService } from '../auth/audit.service.js';
import { sendCsv } from '../http/csv-response.js';
import { neutraliseCsvRow } from '../http/csv-cell.js';
import { AuditFilterDto, AuditFiltersDto, AuditPageDto, AuditQueryDto, type AuditEntryDto } from './audit-log.dto.js';
import { AuditLogRepository, type AuditRow } from './audit-log.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

const CSV_HEADERS = [
  'Time (UTC)',
  'Actor',
  'Admin',
  'Admin Email',
  'Donor',
  'Action',
  'Outcome',
  'Address',
  'Browser',
  'Email Typed',
  'Details',
];

function entry(r: AuditRow): AuditEntryDto {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorKind: r.actor_kind,
    admin: r.admin_id && r.admin_name ? { id: r.admin_id, name: r.admin_name, email: r.admin_email ?? '' } : null,
    donorId: r.donor_id,
    action: r.action,
    success: r.success,
    ip: r.ip,
    userAgent: r.user_agent,
    emailTried: r.email_tried,
    details: r.details,
    repeats: r.repeats,
    lastAt: r.last_at?.toISOString() ?? null,
  };
}

function csvRow(r: AuditRow): string[] {
  const outcome = r.success === null ? '' : r.success ? 'success' : r.repeats > 1 ? `failure x${r.repeats}` : 'failure';
  return neutraliseCsvRow([
    r.at.toISOString(),
    r.actor_kind,
    r.admin_name,
    r.admin_email,
    r.donor_id,
    r.action,
    outcome,
    r.ip,
    r.user_agent,
    r.email_tried,
    JSON.stringify(r.details),
  ]);
}

/**
 * The Audit page: who did what, when and from where, newest first, filtered and paginated in the database,
 * and the same selection as CSV (itself audited). Read-only: there is no route that edits or deletes an entry,
 * and the table refuses it anyway.
 */
@AdminApi('Admin: audit')
@Controller('admin/audit')
export class AuditLogController {
  constructor(
    @Inject(AuditLogRepository) private readonly repo: AuditLogRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Audit entries, newest first (days in TIME_ZONE)' })
  @ApiOkResponse({ type: AuditPageDto })
  async list(@Query() q: AuditQueryDto): Promise<AuditPageDto> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    const rows = await this.repo.page(q, this.env.TIME_ZONE, pageSize, (page - 1) * pageSize);
    return { entries: rows.slice(0, pageSize).map(entry), page, pageSize, hasMore: rows.length > pageSize };
  }

  @Get('filters')
  @ApiOperation({ summary: 'The people and actions the Audit page filters by' })
  @ApiOkResponse({ type: AuditFiltersDto })
  filters(): Promise<AuditFiltersDto> {
    return this.repo.filters();
  }

  @Get('export')
  @ApiOperation({ summary: 'The filtered entries as CSV: audit-log.csv' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV (streamed)' })
  async export(@Query() q: AuditFilterDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.audit.record('export.downloaded', {
      ...AuditService.context(req),
      success: true,
      details: { report: 'audit-log', filters: { ...q } },
    });
    const repo = this.repo;
    const tz = this.env.TIME_ZONE;
    async function* batches() {
      for await (const rows of repo.batches(q, tz)) yield rows.map(csvRow);
    }
    await sendCsv(res, { filename: 'audit-log.csv', headers: CSV_HEADERS, batches: batches() });
  }
}
