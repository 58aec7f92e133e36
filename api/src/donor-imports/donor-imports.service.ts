import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { DomainError, notFound } from '../../../core/src/http/errors.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { needsIrsReceipt } from '../../../core/src/gifts/net-amount.js';
import { applyContributionChange, manualContribution } from '../../../core/src/read-model/aggregates.js';
import { writeCustomer } from '../../../core/src/read-model/donor-writer.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { stripeWriteError } from '../../../core/src/stripe/stripe-errors.js';
import { DonorSummaryCache } from '../donors/donor-summary.cache.js';
import { ManualDonationsRepository } from '../manual-donations/manual-donations.repository.js';
import type { AuditContext } from '../manual-donations/manual-donations.service.js';
import { NotCsvError, streamCsv } from './csv-upload.js';
import { DonorImportsRepository, type PendingRow, type RowOutcome } from './donor-imports.repository.js';
import { readRow, suggestMapping, type ColumnMapping } from './import-row.js';

/** Rows read per preview batch, and imported per call of the import endpoint (one transaction, one progress step). */
const PREVIEW_BATCH = 1000;
export const IMPORT_BATCH = 250;

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
    @Inject(ManualDonationsRepository) private readonly manual: ManualDonationsRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(DonorSummaryCache) private readonly summaryCache: DonorSummaryCache,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async upload(body: Readable, fileName: string, ctx: AuditContext) {
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
      await this.audit.record('donor_import.uploaded', { ...ctx, details: { importId: id, rows: read.rowCount }, manager: m });
    });
    return { id, fileName, headers: read.headers, rowCount: read.rowCount, suggestedMapping: suggestMapping(read.headers) };
  }

  private async open(id: string) {
    const found = await this.repo.find(this.ds, id);
    if (!found || found.status === 'uploading') throw notFound('Import not found');
    if (found.status === 'done') throw new DomainError(409, 'This file has been imported already. Upload it again to check it against the donors now.');
    return found;
  }

  /** Checks every row (in batches, reading the staged rows back) and says what the import would do. */
  async preview(id: string, mapping: ColumnMapping) {
    const found = await this.open(id);
    if (found.status === 'importing') throw new DomainError(409, 'This import has started; finish it before previewing again.');
    const tooFar = Object.entries(mapping).find(([, i]) => i !== undefined && i >= found.headers.length);
    if (tooFar) throw new DomainError(400, `${tooFar[0]} is mapped to column ${tooFar[1]! + 1}, but the file has ${found.headers.length} columns`);
    const now = new Date();
    for (let after = 0; ;) {
      const rows = await this.repo.rowsAfter(this.ds, id, after, PREVIEW_BATCH);
      if (!rows.length) break;
      after = rows[rows.length - 1].row_number;
      const read = await Promise.all(rows.map(async (r) => ({ n: r.row_number, res: await readRow(r.cells, mapping, this.env.TIME_ZONE, now) })));
      const good = read.flatMap((r) => (r.res.ok ? [{ n: r.n, v: r.res.value }] : []));
      const [byEmail, byName, imported] = await Promise.all([
        this.repo.donorsByEmail(this.ds, [...new Set(good.flatMap((g) => (g.v.gift.donorEmail ? [g.v.gift.donorEmail] : [])))]),
        this.repo.donorsByNameAndAddress(this.ds, [...new Set(good.filter((g) => g.v.address.line1).map((g) => nameKey(g.v)))]),
        this.repo.alreadyImported(this.ds, good.map((g) => g.v.rowKey)),
      ]);
      const outcomes: RowOutcome[] = read.map(({ n, res }) => {
        if (!res.ok) return { rowNumber: n, outcome: 'error', reason: res.reason };
        const v = res.value;
        const customerId = (v.gift.donorEmail && byEmail.get(v.gift.donorEmail)) || (v.address.line1 && byName.get(nameKey(v))) || null;
        const gift = { ...v.gift, donationDate: v.gift.donationDate.toISOString(), address: v.address };
        const outcome = imported.has(v.rowKey) ? 'imported' : customerId ? 'matched' : 'new';
        return { rowNumber: n, outcome, rowKey: v.rowKey, donorKey: v.donorKey, customerId, gift };
      });
      await this.repo.saveOutcomes(this.ds, id, outcomes);
    }
    await this.repo.markDuplicates(this.ds, id);
    await this.repo.setStatus(this.ds, id, 'previewed', mapping);
    return this.describe(id);
  }

  private async describe(id: string) {
    const [s, errors, newDonorSamples, matchedDonorSamples, found] = await Promise.all([
      this.repo.summary(this.ds, id),
      this.repo.errors(this.ds, id, 1000),
      this.repo.donorSamples(this.ds, id, 'new', 20),
      this.repo.donorSamples(this.ds, id, 'matched', 20),
      this.repo.find(this.ds, id),
    ]);
    return {
      id, rowCount: found!.row_count, readyRows: s.newRows + s.matchedRows, newDonors: s.newDonors, matchedDonors: s.matchedDonors,
      alreadyImported: s.alreadyImported, errorCount: s.errorRows, errors, newDonorSamples, matchedDonorSamples,
    };
  }

  /**
   * Imports the next batch of previewed rows in one transaction (the import row locked, so two calls never run
   * the same batch) and answers the progress. Rows with errors are never imported; rows whose key an earlier
   * import claimed are skipped.
   */
  async importBatch(id: string, ctx: AuditContext) {
    const found = await this.open(id);
    if (found.status === 'uploaded') throw new DomainError(409, 'Preview the file before importing it.');
    const step = await this.ds.transaction(async (m) => {
      const locked = await this.repo.find(m, id, true);
      if (locked!.status === 'done') return { added: 0, created: 0, finished: true };
      if (locked!.status === 'previewed') await this.repo.setStatus(m, id, 'importing');
      let added = 0;
      let created = 0;
      for (const row of await this.repo.pending(m, id, IMPORT_BATCH)) {
        const donor = await this.donorFor(m, id, row);
        if (donor.created) created += 1;
        if (await this.addGift(m, id, row, donor.id, ctx)) added += 1;
        await this.repo.markDone(m, id, row.row_number, donor.id);
      }
      await this.repo.progress(m, id, added, created);
      const finished = (await this.repo.countPending(m, id)) === 0;
      if (finished) {
        const totals = (await this.repo.find(m, id))!;
        await this.repo.finish(m, id);
        await this.audit.record('donor_import.completed', {
          ...ctx, details: { importId: id, giftsAdded: totals.gifts_added, donorsCreated: totals.donors_created }, manager: m,
        });
      }
      return { added, created, finished };
    });
    this.summaryCache.invalidate();
    const after = (await this.repo.find(this.ds, id))!;
    const remaining = step.finished ? 0 : await this.repo.countPending(this.ds, id);
    const total = step.finished ? after.gifts_added : after.gifts_added + remaining;
    return { id, total, processed: total - remaining, giftsAdded: after.gifts_added, donorsCreated: after.donors_created, finished: step.finished };
  }

  /** The row's donor: matched in the preview, created by an earlier row of this import, or created now in Stripe. */
  private async donorFor(m: Queryable, importId: string, row: PendingRow): Promise<{ id: string; created: boolean }> {
    if (row.customer_id) return { id: row.customer_id, created: false };
    const earlier = await this.repo.customerOfDonorKey(m, importId, row.donor_key);
    if (earlier) return { id: earlier, created: false };
    const g = row.gift;
    let customer: Stripe.Customer;
    try {
      customer = await this.stripe.customers.create(
        {
          name: g.donorName,
          ...(g.donorEmail ? { email: g.donorEmail } : {}),
          ...(g.donorPhone ? { phone: g.donorPhone } : {}),
          ...(g.address.line1
            ? { address: { line1: g.address.line1, city: g.address.city ?? '', state: g.address.state ?? '', postal_code: g.address.postal_code ?? '', country: 'US' } }
            : {}),
          metadata: { source: 'csv_import' },
        },
        // A retried batch (its transaction rolled back after Stripe answered) gets the same customer back.
        { idempotencyKey: `donor-import-${importId}-${createHash('sha256').update(row.donor_key).digest('hex').slice(0, 32)}` },
      );
    } catch (err) {
      throw stripeWriteError(err, 'create an imported donor');
    }
    await writeCustomer({ db: m, stripe: this.stripe, warn: (msg, details) => this.logger.warn(details ?? {}, msg) }, customer, customer.created, false);
    return { id: customer.id, created: true };
  }

  /** The gift as a manual gift, with its totals, once: false when its key is already claimed. */
  private async addGift(m: Queryable, importId: string, row: PendingRow, customerId: string, ctx: AuditContext): Promise<boolean> {
    if (await this.repo.keyTaken(m, row.row_key)) return false;
    const { address: _address, ...g } = row.gift;
    const inserted = await this.manual.insert(m, {
      ...g, donationDate: new Date(g.donationDate), stripeCustomerId: customerId,
      requiresIrsReceipt: needsIrsReceipt(g.amountCents), createdBy: ctx.adminId ?? null,
    });
    if (!(await this.repo.claimKey(m, row.row_key, inserted.id, importId))) {
      await this.manual.delete(m, inserted.id);
      return false;
    }
    await applyContributionChange(m, null, manualContribution(inserted), this.env.TIME_ZONE);
    return true;
  }
}

const nameKey = (v: { gift: { donorName: string }; address: { line1: string | null; postal_code: string | null } }) =>
  `${v.gift.donorName.toLowerCase()}|${(v.address.line1 ?? '').toLowerCase()}|${(v.address.postal_code ?? '').toLowerCase()}`;
