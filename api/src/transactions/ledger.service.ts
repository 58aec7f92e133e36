import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { isCalendarDay, todayIn } from '../../../core/src/gifts/calendar.js';
import { badRequest } from '../../../core/src/http/errors.js';
import { AuditService } from '../auth/audit.service.js';
import type { CsvExport } from '../http/csv-response.js';
import type { LedgerFilterDto, LedgerQueryDto } from './dto/ledger-query.dto.js';
import { LEDGER_HEADERS, ledgerRow, localDateTime } from './ledger-csv.rows.js';
import { LedgerRepository } from './ledger.repository.js';
import { parseSearch, type LedgerFilter } from './ledger.sql.js';
import { toTransaction } from './transaction.mapper.js';
import type { LedgerPageDto } from './dto/ledger.dto.js';

@Injectable()
export class LedgerService {
  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async page(q: LedgerQueryDto): Promise<LedgerPageDto> {
    const filter = this.filter(q);
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    const [rows, totals] = await Promise.all([
      this.ledger.page(filter, (page - 1) * pageSize, pageSize),
      this.ledger.totals(filter),
    ]);
    return {
      data: rows.map((r) => toTransaction(r)),
      page,
      pageSize,
      totals: { count: Number(totals.count), netCents: Number(totals.net), feeCoverageCents: Number(totals.fees) },
    };
  }

  /** The CSV of everything the filters match (every page), streamed from a cursor; the download is audited. */
  async csv(q: LedgerFilterDto, ctx: ReturnType<typeof AuditService.context>): Promise<CsvExport> {
    const filter = this.filter(q);
    const cursor = await this.ledger.cursor(filter);
    try {
      await this.audit.record('export.downloaded', { ...ctx, details: { report: 'transactions', filters: { ...q } } });
    } catch (err) {
      await cursor.close();
      throw err;
    }
    const at = localDateTime(this.env.TIME_ZONE);
    async function* rows(): AsyncGenerator<string[][]> {
      for await (const batch of cursor.batches()) yield batch.map((r) => ledgerRow(r, at));
    }
    const range =
      q.start_date || q.end_date
        ? `${q.start_date ?? 'start'}_to_${q.end_date ?? todayIn(this.env.TIME_ZONE)}`
        : 'all-time';
    return {
      filename: `transactions_${range}_${todayIn(this.env.TIME_ZONE)}.csv`,
      headers: LEDGER_HEADERS,
      batches: rows(),
    };
  }

  private filter(q: LedgerFilterDto): LedgerFilter {
    for (const [name, day] of [
      ['start_date', q.start_date],
      ['end_date', q.end_date],
    ] as const) {
      if (day !== undefined && !isCalendarDay(day)) throw badRequest(`${name} is not a real date: ${day}`);
    }
    if (q.start_date && q.end_date && q.start_date > q.end_date)
      throw badRequest('start_date must be on or before end_date');
    return {
      fromDay: q.start_date ?? null,
      toDay: q.end_date ?? null,
      timeZone: this.env.TIME_ZONE,
      ...parseSearch(q.q),
      statuses: q.status?.length ? q.status : null,
      methods: q.method?.length ? q.method : null,
      funds: q.fund?.length ? q.fund : null,
      appeal: q.appeal ?? null,
    };
  }
}
