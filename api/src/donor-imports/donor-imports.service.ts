import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { transactionWithRetry } from '../../../core/src/db/retry-transaction.js';
import type { Logger } from 'pino';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { DomainError, notFound } from '../../../core/src/http/errors.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { needsIrsReceipt } from '../../../core/src/gifts/net-amount.js';
import { AggregateBatch } from '../../../core/src/read-model/aggregate-batch.js';
import { manualContribution } from '../../../core/src/read-model/aggregates.js';
import { writeCustomer } from '../../../core/src/read-model/donor-writer.js';
import { holdMergesShared } from '../../../core/src/read-model/donor-merges.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { stripeWriteError } from '../../../core/src/stripe/stripe-errors.js';
import { DonorSummaryCache } from '../donors/donor-summary.cache.js';
import type { AuditContext } from '../manual-donations/manual-donations.service.js';
import { NotCsvError, streamCsv } from './csv-upload.js';
import { DonorImportsRepository, type PendingRow, type RowOutcome } from './donor-imports.repository.js';
import { readRow, suggestMapping } from './import-row.js';
import { mappingProblems, type ColumnMapping } from '../../../core/src/donor-imports/column-mapping.js';
import { funds } from '../../../core/src/funds/funds.repository.js';
import { appeals } from '../../../core/src/appeals/appeals.repository.js';
import type { ImportPreviewDto, ImportProgressDto, PreviewRowsDto, UploadedImportDto } from './dto/donor-import.dto.js';

/** Rows read per preview batch, and imported per call of the import endpoint (one transaction, one progress step). */
const PREVIEW_BATCH = 1000;
/** Rows the preview lists per page. */
export const PREVIEW_PAGE = 100;
export const IMPORT_BATCH = 250;
/** New donors' Stripe customers created at once (Stripe allows 100 writes a second; a batch has a few dozen). */
const STRIPE_CONCURRENCY = 8;

/**
 * Importing donors and past gifts from a CSV: upload (streamed into staging rows), preview (each row checked by
 * the manual-gift rules and matched to a donor), then import in batches that the screen calls one after another
 * and shows as a progress bar. Gifts land as manual gifts with their own dates and types; a new donor becomes a
 * Stripe customer like one the admin creates by hand. Every gift carries its row's idempotency key, so the same
 * file imported twice adds nothing the second time.
 */
@Injectable()
export class DonorImportsService {
  constructor(
    @Inject(DonorImportsRepository) private readonly repo: DonorImportsRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(DonorSummaryCache) private readonly summaryCache: DonorSummaryCache,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async upload(body: Readable, fileName: string, ctx: AuditContext): Promise<UploadedImportDto> {
    const id = await this.repo.create(this.ds, fileName, ctx.adminId ?? null);
    let read: { headers: string[]; rowCount: number };
    try {
      read = await streamCsv(body, (rows) => this.repo.stage(this.ds, id, rows));
    } catch (err) {
      await this.repo.remove(this.ds, id);
      if (err instanceof NotCsvError) throw new DomainError(400, err.message);
      throw err;
    }
    await this.ds.transaction(async (m) => {
      await this.repo.uploaded(m, id, read.headers, read.rowCount);
      await this.audit.record('donor_import.uploaded', {
        ...ctx,
        details: { importId: id, rows: read.rowCount },
        manager: m,
      });
    });
    return {
      id,
      fileName,
      headers: read.headers,
      rowCount: read.rowCount,
      suggestedMapping: suggestMapping(read.headers),
    };
  }

  private async open(id: string) {
    const found = await this.repo.find(this.ds, id);
    if (!found || found.status === 'uploading') throw notFound('Import not found');
    if (found.status === 'done')
      throw new DomainError(
        409,
        'This file has been imported already. Upload it again to check it against the donors now.',
      );
    return found;
  }

  /** Checks every row (in batches, reading the staged rows back) and says what the import would do. */
  async preview(id: string, mapping: ColumnMapping): Promise<ImportPreviewDto> {
    const found = await this.open(id);
    if (found.status === 'importing')
      throw new DomainError(409, 'This import has started; finish it before previewing again.');
    const problems = mappingProblems(mapping, found.headers.length);
    if (problems.length) throw new DomainError(400, problems.map((p) => p.message).join('. '));
    const now = new Date();
    const fundList = await funds.list(this.ds, { includeArchived: true });
    const fundIds = new Map(fundList.map((f) => [f.name.toLowerCase(), f.id] as const));
    const fundNames = new Map(fundList.map((f) => [f.id, f.name] as const));
    const appealIds = new Map(
      (await appeals.list(this.ds)).flatMap((a) => [[a.slug, a.id] as const, [a.name.toLowerCase(), a.id] as const]),
    );
    for (let after = 0; ;) {
      const rows = await this.repo.rowsAfter(this.ds, id, after, PREVIEW_BATCH);
      if (!rows.length) break;
      after = rows[rows.length - 1].row_number;
      const read = await Promise.all(
        rows.map(async (r) => ({
          n: r.row_number,
          res: await readRow(r.cells, mapping, this.env.TIME_ZONE, now, fundIds, appealIds),
        })),
      );
      const good = read.flatMap((r) => (r.res.ok ? [{ n: r.n, v: r.res.value }] : []));
      const [byEmail, byName, imported] = await Promise.all([
        this.repo.donorsByEmail(this.ds, [
          ...new Set(good.flatMap((g) => (g.v.gift.donorEmail ? [g.v.gift.donorEmail] : []))),
        ]),
        this.repo.donorsByNameAndAddress(this.ds, [
          ...new Set(good.filter((g) => g.v.address.line1).map((g) => nameKey(g.v))),
        ]),
        this.repo.alreadyImported(
          this.ds,
          good.map((g) => g.v.rowKey),
        ),
      ]);
      const outcomes: RowOutcome[] = read.map(({ n, res }) => {
        if (!res.ok) return { rowNumber: n, outcome: 'error', problems: res.problems, shown: res.shown };
        const v = res.value;
        const customerId =
          (v.gift.donorEmail && byEmail.get(v.gift.donorEmail)) || (v.address.line1 && byName.get(nameKey(v))) || null;
        const gift = { ...v.gift, donationDate: v.gift.donationDate.toISOString(), address: v.address };
        const outcome = imported.has(v.rowKey) ? 'imported' : customerId ? 'matched' : 'new';
        const shown = { ...res.shown, fund: fundNames.get(v.gift.fundId) ?? res.shown.fund };
        return { rowNumber: n, outcome, rowKey: v.rowKey, donorKey: v.donorKey, customerId, gift, shown };
      });
      await this.repo.saveOutcomes(this.ds, id, outcomes);
    }
    await this.repo.markDuplicates(this.ds, id);
    await this.repo.setStatus(this.ds, id, 'previewed', mapping);
    return this.describe(id);
  }

  private async describe(id: string) {
    const [s, errors, rows, found] = await Promise.all([
      this.repo.summary(this.ds, id),
      this.repo.errors(this.ds, id, 1000),
      this.repo.previewRows(this.ds, id, 0, PREVIEW_PAGE),
      this.repo.find(this.ds, id),
    ]);
    return {
      id,
      rowCount: found!.row_count,
      readyRows: s.newRows + s.matchedRows,
      newDonors: s.newDonors,
      matchedDonors: s.matchedDonors,
      alreadyImported: s.alreadyImported,
      errorCount: s.errorRows,
      fileTotalCents: s.fileTotalCents,
      importTotalCents: s.importTotalCents,
      unreadAmounts: s.unreadAmounts,
      errors,
      rows,
    };
  }

  /** The previewed rows after row `after` (a spreadsheet row number), a page at a time. */
  async rows(id: string, after: number): Promise<PreviewRowsDto> {
    const found = await this.repo.find(this.ds, id);
    if (!found || found.status === 'uploading' || found.status === 'uploaded')
      throw notFound('Preview this import first');
    return { rows: await this.repo.previewRows(this.ds, id, after, PREVIEW_PAGE) };
  }

  /**
   * Imports the next batch of previewed rows in one transaction (the import row locked, so two calls never run
   * the same batch) and answers the progress. Rows with errors are never imported; rows whose key an earlier
   * import claimed are skipped.
   */
  async importBatch(id: string, ctx: AuditContext): Promise<ImportProgressDto> {
    const found = await this.open(id);
    if (found.status === 'uploaded') throw new DomainError(409, 'Preview the file before importing it.');
    const step = await transactionWithRetry(this.ds, async (m) => {
      const locked = await this.repo.find(m, id, true);
      if (locked!.status === 'done') return { added: 0, created: 0, finished: true };
      if (locked!.status === 'previewed') await this.repo.setStatus(m, id, 'importing');
      const rows = await this.repo.pending(m, id, IMPORT_BATCH);
      const { donorOf, created } = await this.donorsFor(m, id, rows);
      const added = await this.addGifts(m, id, rows, donorOf, ctx);
      await this.repo.markAllDone(
        m,
        id,
        rows.map((r) => ({ rowNumber: r.row_number, customerId: donorOf(r) })),
      );
      await this.repo.progress(m, id, added, created);
      const finished = (await this.repo.countPending(m, id)) === 0;
      if (finished) {
        const totals = (await this.repo.find(m, id))!;
        await this.repo.finish(m, id);
        await this.audit.record('donor_import.completed', {
          ...ctx,
          details: { importId: id, giftsAdded: totals.gifts_added, donorsCreated: totals.donors_created },
          manager: m,
        });
      }
      return { added, created, finished };
    });
    this.summaryCache.invalidate();
    const after = (await this.repo.find(this.ds, id))!;
    const remaining = step.finished ? 0 : await this.repo.countPending(this.ds, id);
    const total = step.finished ? after.gifts_added : after.gifts_added + remaining;
    return {
      id,
      total,
      processed: total - remaining,
      giftsAdded: after.gifts_added,
      donorsCreated: after.donors_created,
      finished: step.finished,
    };
  }

  /**
   * Each row's donor: matched in the preview, created by an earlier batch of this import, or created now in
   * Stripe (once per new donor; the Stripe calls of a batch run a few at a time, their rows are written in order).
   */
  private async donorsFor(
    m: Queryable,
    importId: string,
    rows: PendingRow[],
  ): Promise<{ donorOf: (r: PendingRow) => string; created: number }> {
    const unmatched = rows.filter((r) => !r.customer_id);
    const byKey = await this.repo.customersOfDonorKeys(m, importId, [...new Set(unmatched.map((r) => r.donor_key))]);
    const toCreate = [
      ...new Map(unmatched.filter((r) => !byKey.has(r.donor_key)).map((r) => [r.donor_key, r])).values(),
    ];
    for (let i = 0; i < toCreate.length; i += STRIPE_CONCURRENCY) {
      const chunk = toCreate.slice(i, i + STRIPE_CONCURRENCY);
      const customers = await Promise.all(chunk.map((r) => this.createCustomer(importId, r)));
      for (const [k, customer] of customers.entries()) {
        await writeCustomer(
          { db: m, stripe: this.stripe, warn: (msg, details) => this.logger.warn(details ?? {}, msg) },
          customer,
          customer.created,
          false,
        );
        byKey.set(chunk[k].donor_key, customer.id);
      }
    }
    return { donorOf: (r) => r.customer_id ?? byKey.get(r.donor_key)!, created: toCreate.length };
  }

  private async createCustomer(importId: string, row: PendingRow): Promise<Stripe.Customer> {
    const g = row.gift;
    try {
      return await this.stripe.customers.create(
        {
          name: g.donorName,
          ...(g.donorEmail ? { email: g.donorEmail } : {}),
          ...(g.donorPhone ? { phone: g.donorPhone } : {}),
          ...(g.address.line1
            ? {
                address: {
                  line1: g.address.line1,
                  city: g.address.city ?? '',
                  state: g.address.state ?? '',
                  postal_code: g.address.postal_code ?? '',
                  country: 'US',
                },
              }
            : {}),
          metadata: { source: 'csv_import' },
        },
        // A retried batch (its transaction rolled back after Stripe answered) gets the same customer back.
        {
          idempotencyKey: `donor-import-${importId}-${createHash('sha256').update(row.donor_key).digest('hex').slice(0, 32)}`,
        },
      );
    } catch (err) {
      throw stripeWriteError(err, 'create an imported donor');
    }
  }

  /**
   * The batch's gifts as manual gifts with their totals, each once: a row whose key an earlier import claimed is
   * skipped. Set-based (one insert, a few aggregate statements) under the merges lock, so a donor merged since the
   * preview gives to the kept donor. Answers how many were added.
   */
  private async addGifts(
    m: Queryable,
    importId: string,
    rows: PendingRow[],
    donorOf: (r: PendingRow) => string,
    ctx: AuditContext,
  ): Promise<number> {
    await holdMergesShared(m);
    const kept = await this.repo.keptDonors(m, [...new Set(rows.map(donorOf))]);
    const inserted = await this.repo.insertGifts(
      m,
      importId,
      ctx.adminId ?? null,
      rows.map((r) => ({
        rowKey: r.row_key,
        customerId: kept.get(donorOf(r)) ?? donorOf(r),
        gift: r.gift,
        requiresIrsReceipt: needsIrsReceipt(r.gift.amountCents),
      })),
    );
    // The totals of the whole batch in a few statements, as the worker writes a batch of projected gifts.
    const totals = new AggregateBatch();
    for (const gift of inserted) totals.add(null, manualContribution(gift));
    await totals.flush(m, this.env.TIME_ZONE);
    return inserted.length;
  }
}

const nameKey = (v: { gift: { donorName: string }; address: { line1: string | null; postal_code: string | null } }) =>
  `${v.gift.donorName.toLowerCase()}|${(v.address.line1 ?? '').toLowerCase()}|${(v.address.postal_code ?? '').toLowerCase()}`;
