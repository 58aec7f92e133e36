import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { yearLabel, yearOf, type YearBasis } from '../../../core/src/fiscal-year/fiscal-year.js';
import { fiscalYearStartMonth } from '../../../core/src/fiscal-year/fiscal-year-setting.js';
import { dayOf, todayIn } from '../../../core/src/gifts/calendar.js';
import { formatCents } from '../../../core/src/gifts/money.js';
import { AuditService } from '../auth/audit.service.js';
import type { CsvExport } from '../http/csv-response.js';
import { neutraliseCsvRow } from '../http/csv-cell.js';
import type { LapsedFilterDto, LapsedQueryDto, RetentionYearDto } from './dto/retention-query.dto.js';
import type { LapsedDonorDto, LapsedPageDto, RetentionDto, ShareDto } from './dto/retention.dto.js';
import { RetentionFiguresCache } from './retention-figures.cache.js';
import { RetentionRepository, yearBasisSql, type LapsedRow, type YearBasisSql } from './retention.repository.js';

export const LAPSED_HEADERS = [
  'Donor ID',
  'Name',
  'Email',
  'Phone',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'Postal Code',
  'Country',
  'Last Gift Date',
  'Last Gift Amount',
  'Lifetime Total',
  'Gifts',
];

export function share(part: number, whole: number): ShareDto {
  return { part, whole, percent: whole ? Math.round((part / whole) * 1000) / 10 : null };
}

function toLapsed(r: LapsedRow): LapsedDonorDto {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    lastGiftAt: Math.floor(new Date(r.last_gift_at).getTime() / 1000),
    lastGiftCents: r.last_gift_cents === null ? null : Number(r.last_gift_cents),
    lifetimeCents: Number(r.lifetime_cents),
    gifts: r.gifts,
  };
}

/** Donor retention by calendar or fiscal year (in TIME_ZONE), from donor_years (donor_fiscal_years) and donor_totals. */
@Injectable()
export class RetentionService {
  constructor(
    @Inject(RetentionRepository) private readonly repo: RetentionRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(RetentionFiguresCache) private readonly cache: RetentionFiguresCache,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  async summary(q: RetentionYearDto): Promise<RetentionDto> {
    const { year, basis, b } = await this.period(q);
    return this.cache.get(`${b.table}:${b.startMonth}:${year}`, () => this.compute(year, basis, b));
  }

  private async compute(year: number, basis: YearBasis, b: YearBasisSql): Promise<RetentionDto> {
    const c = await this.repo.counts(year, this.env.TIME_ZONE, b);
    // Donors who gave in the previous year or this one; those of them whose first gift was in one of the two
    // years are all of that kind, so the rest are the earlier donors who came back: SYBUNT is what remains.
    const eitherYear = c.prev_donors + c.cur_donors - c.retained;
    const earlierDonorsBack = eitherYear - c.first_in_prev - c.first_in_year;
    return {
      year,
      basis,
      label: yearLabel(year, basis, b.startMonth),
      retention: share(c.retained, c.prev_donors),
      firstTime: share(c.first_second_gift, c.first_in_year),
      lybunt: c.prev_donors - c.retained,
      sybunt: c.first_before_prev - earlierDonorsBack,
      recurringConversion: share(c.converted, c.donors - c.plan_first),
    };
  }

  async page(q: LapsedQueryDto): Promise<LapsedPageDto> {
    const { year, basis, b } = await this.period(q);
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    const [rows, total] = await Promise.all([
      this.repo.lapsedPage(q.kind, year, this.env.TIME_ZONE, b, (page - 1) * pageSize, pageSize),
      this.repo.lapsedCount(q.kind, year, this.env.TIME_ZONE, b),
    ]);
    return { kind: q.kind, year, basis, page, pageSize, total, data: rows.map(toLapsed) };
  }

  /** Every donor of the list as CSV, streamed from a cursor; the download is audited. */
  async csv(q: LapsedFilterDto, ctx: ReturnType<typeof AuditService.context>): Promise<CsvExport> {
    const { year, basis, b } = await this.period(q);
    const cursor = await this.repo.lapsedCursor(q.kind, year, this.env.TIME_ZONE, b);
    try {
      await this.audit.record('export.downloaded', { ...ctx, details: { report: q.kind, filters: { year, basis } } });
    } catch (err) {
      await cursor.close();
      throw err;
    }
    const timeZone = this.env.TIME_ZONE;
    async function* rows(): AsyncGenerator<string[][]> {
      for await (const batch of cursor.batches()) {
        yield batch.map((r) =>
          neutraliseCsvRow([
            r.id,
            r.name ?? '',
            r.email ?? '',
            r.phone ?? '',
            r.address_line1 ?? '',
            r.address_line2 ?? '',
            r.address_city ?? '',
            r.address_state ?? '',
            r.address_postal_code ?? '',
            r.address_country ?? '',
            dayOf(new Date(r.last_gift_at), timeZone),
            r.last_gift_cents === null ? '' : formatCents(Number(r.last_gift_cents)),
            formatCents(Number(r.lifetime_cents)),
            String(r.gifts),
          ]),
        );
      }
    }
    const yearName = basis === 'fiscal' && b.startMonth !== 1 ? `fy${year}` : String(year);
    return { filename: `${q.kind}_${yearName}_${todayIn(timeZone)}.csv`, headers: LAPSED_HEADERS, batches: rows() };
  }

  /** The year asked for (default: the current one of its basis) and how its years are counted. */
  private async period(q: RetentionYearDto): Promise<{ year: number; basis: YearBasis; b: YearBasisSql }> {
    const basis = q.basis ?? 'calendar';
    const startMonth = basis === 'fiscal' ? await fiscalYearStartMonth(this.ds) : 1;
    const year = q.year ?? yearOf(todayIn(this.env.TIME_ZONE), basis, startMonth);
    return { year, basis, b: yearBasisSql(basis, startMonth) };
  }
}
