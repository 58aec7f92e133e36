import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { parseTaxYear } from '../../../core/src/statements/tax-year.js';
import { IRS_RECEIPT_THRESHOLD_CENTS } from '../../../core/src/gifts/net-amount.js';
import { TaxExportsRepository } from './tax-exports.repository.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import type { TaxYearRefundsDto } from './dto/tax-year-refunds.dto.js';
import { BULK_HEADERS, bulkRow, IRS_HEADERS, irsRow } from './tax-csv.rows.js';
import { renderStatementNow, statementFilename } from '../../../core/src/statements/year-end-statement.pdf.js';
import { DomainError } from '../../../core/src/http/errors.js';

export interface AuditContext {
  adminId?: string;
  ip?: string;
  userAgent?: string;
}

/** An export the rules refuse (400) or whose donor does not exist (404). */
export class TaxExportError extends DomainError {
  constructor(status: 400 | 404, message: string) {
    super(status, message);
  }
}

import type { CsvExport } from '../http/csv-response.js';

export type { CsvExport };

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/;

async function* mapBatches<T>(source: AsyncIterable<T[]>, fn: (row: T) => string[]): AsyncGenerator<string[][]> {
  for await (const batch of source) yield batch.map(fn);
}

@Injectable()
export class TaxExportsService {
  constructor(
    @Inject(TaxExportsRepository) private readonly repo: TaxExportsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AnalyticsService) private readonly analytics: AnalyticsService,
  ) {}

  /**
   * The year's "refunded": refunds made in the year, by the day of the refund, and disputes likewise, from the
   * dashboard's own figures for that year. Each gift's row in the Annual Tax Report keeps its own refunded amount.
   */
  async yearRefunds(rawYear: string): Promise<TaxYearRefundsDto> {
    const year = this.parseYear(rawYear);
    const money = await this.analytics.yearMoney(year);
    return { year, refundCents: money.refunds, disputeCents: money.disputes };
  }

  /** Tax years run 2000 .. next year (the spec's year picker offers next year). */
  parseYear(raw: string): number {
    const parsed = parseTaxYear(raw, this.env.TIME_ZONE);
    if (!parsed.ok) throw new TaxExportError(400, parsed.message);
    return parsed.year;
  }

  async bulkReport(rawYear: string, ctx: AuditContext, appealId?: string): Promise<CsvExport> {
    const year = this.parseYear(rawYear);
    const cursor = await this.repo.openYearCursor({ year, timeZone: this.env.TIME_ZONE, appealId });
    await this.recordDownload(ctx, { report: 'bulk-report', year, appealId }, () => cursor.close());
    return {
      filename: `tax-report-${year}.csv`,
      headers: BULK_HEADERS,
      batches: mapBatches(cursor.batches(), bulkRow),
    };
  }

  async irsReceipts(rawYear: string, ctx: AuditContext, appealId?: string): Promise<CsvExport> {
    const year = this.parseYear(rawYear);
    const cursor = await this.repo.openYearCursor({
      year,
      timeZone: this.env.TIME_ZONE,
      minNetCents: IRS_RECEIPT_THRESHOLD_CENTS,
      appealId,
    });
    await this.recordDownload(ctx, { report: 'irs-receipts', year, appealId }, () => cursor.close());
    return {
      filename: `irs-receipts-required-${year}.csv`,
      headers: IRS_HEADERS,
      batches: mapBatches(cursor.batches(), irsRow),
    };
  }

  /** Deleted donors still get statements: their gifts were real and stay in the tax records. */
  async yearEndStatement(
    customerId: string,
    rawYear: string,
    ctx: AuditContext,
  ): Promise<{ filename: string; pdf: Buffer }> {
    if (!CUSTOMER_ID.test(customerId))
      throw new TaxExportError(400, `Invalid donor id: ${customerId.slice(0, 60)} (expected cus_...)`);
    const year = this.parseYear(rawYear);
    const donor = await this.repo.findDonor(customerId);
    if (!donor) throw new TaxExportError(404, `Customer not found: ${customerId}`);
    const gifts = await this.repo.donorYear(customerId, year, this.env.TIME_ZONE);
    const pdf = await renderStatementNow(this.env, donor, year, gifts, await this.repo.schoolIdentity());
    await this.audit.record('export.downloaded', {
      ...ctx,
      details: { report: 'year-end-statement', year, customerId },
    });
    return { filename: statementFilename(year, donor), pdf };
  }

  private async recordDownload(
    ctx: AuditContext,
    details: Record<string, unknown>,
    onError: () => Promise<void>,
  ): Promise<void> {
    try {
      await this.audit.record('export.downloaded', { ...ctx, details });
    } catch (err) {
      await onError();
      throw err;
    }
  }
}
