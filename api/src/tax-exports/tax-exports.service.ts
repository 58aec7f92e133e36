import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../core/config/load-env.js';
import type { EnvDto } from '../core/config/env.dto.js';
import { todayIn } from '../core/gifts/calendar.js';
import { IRS_RECEIPT_THRESHOLD_CENTS } from '../core/gifts/gift-labels.js';
import { TaxExportsRepository } from './tax-exports.repository.js';
import { BULK_HEADERS, bulkRow, IRS_HEADERS, irsRow } from './tax-csv.rows.js';
import { renderStatement } from './year-end-statement.pdf.js';

export interface AuditContext {
  adminId?: string;
  ip?: string;
  userAgent?: string;
}

export class TaxExportError extends Error {
  constructor(readonly status: 400 | 404, message: string) {
    super(message);
  }
}

export interface CsvExport {
  filename: string;
  headers: string[];
  /** Batches of rows (cells already neutralised), as they come from the cursor. */
  batches: AsyncIterable<string[][]>;
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'jane-doe' from 'Jane Doe!'; the id when the name leaves nothing (the filename must be plain ASCII). */
export function filenamePart(name: string | null, id: string): string {
  const slug = (name ?? '').normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return slug || id;
}

async function* mapBatches<T>(source: AsyncIterable<T[]>, fn: (row: T) => string[]): AsyncGenerator<string[][]> {
  for await (const batch of source) yield batch.map(fn);
}

@Injectable()
export class TaxExportsService {
  constructor(
    @Inject(TaxExportsRepository) private readonly repo: TaxExportsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  /** Tax years run 2000 .. next year (the spec's year picker offers next year). */
  parseYear(raw: string): number {
    const max = Number(todayIn(this.env.TIME_ZONE).slice(0, 4)) + 1;
    const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
    if (!(year >= 2000 && year <= max)) throw new TaxExportError(400, `Year must be a whole number from 2000 to ${max}`);
    return year;
  }

  async bulkReport(rawYear: string, ctx: AuditContext): Promise<CsvExport> {
    const year = this.parseYear(rawYear);
    const cursor = await this.repo.openYearCursor({ year, timeZone: this.env.TIME_ZONE });
    await this.recordDownload(ctx, { report: 'bulk-report', year }, () => cursor.close());
    return { filename: `tax-report-${year}.csv`, headers: BULK_HEADERS, batches: mapBatches(cursor.batches(), bulkRow) };
  }

  async irsReceipts(rawYear: string, ctx: AuditContext): Promise<CsvExport> {
    const year = this.parseYear(rawYear);
    const cursor = await this.repo.openYearCursor({ year, timeZone: this.env.TIME_ZONE, minNetCents: IRS_RECEIPT_THRESHOLD_CENTS });
    await this.recordDownload(ctx, { report: 'irs-receipts', year }, () => cursor.close());
    return { filename: `irs-receipts-required-${year}.csv`, headers: IRS_HEADERS, batches: mapBatches(cursor.batches(), irsRow) };
  }

  /** Deleted donors still get statements: their gifts were real and stay in the tax records. */
  async yearEndStatement(customerId: string, rawYear: string, ctx: AuditContext): Promise<{ filename: string; pdf: Buffer }> {
    if (!CUSTOMER_ID.test(customerId)) throw new TaxExportError(400, `Invalid donor id: ${customerId.slice(0, 60)} (expected cus_...)`);
    const year = this.parseYear(rawYear);
    const donor = await this.repo.findDonor(customerId);
    if (!donor) throw new TaxExportError(404, `Customer not found: ${customerId}`);
    const gifts = await this.repo.donorYear(customerId, year, this.env.TIME_ZONE);
    const today = todayIn(this.env.TIME_ZONE);
    const issuedOn = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(8, 10)}, ${today.slice(0, 4)}`;
    const pdf = await renderStatement({ donor, year, gifts, statementText: this.env.YEAR_END_STATEMENT_TEXT, issuedOn });
    await this.audit.record('export.downloaded', { ...ctx, details: { report: 'year-end-statement', year, customerId } });
    return { filename: `year-end-statement-${year}-${filenamePart(donor.name, donor.id)}.pdf`, pdf };
  }

  private async recordDownload(ctx: AuditContext, details: Record<string, unknown>, onError: () => Promise<void>): Promise<void> {
    try {
      await this.audit.record('export.downloaded', { ...ctx, details });
    } catch (err) {
      await onError();
      throw err;
    }
  }
}
