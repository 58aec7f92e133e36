import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { transactionWithRetry } from '../../../core/src/db/retry-transaction.js';
import { DomainError, badRequest, notFound } from '../../../core/src/http/errors.js';
import { eraseDonorData, erasureTarget, mergedDonorIds } from '../../../core/src/privacy/donor-erasure.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { isStripeResourceMissing, stripeWriteError } from '../../../core/src/stripe/stripe-errors.js';
import { AuditService } from '../auth/audit.service.js';
import { DonorSummaryCache } from '../donors/donor-summary.cache.js';
import { CUSTOMER_ID, type AuditContext } from '../donors/donors.service.js';
import { DonorPrivacyRepository, type ExportSections } from './donor-privacy.repository.js';
import { StripeDonorScrub } from './stripe-donor-scrub.js';

const sameText = (a: string, b: string) =>
  a.trim().normalize('NFC').toLowerCase() === b.trim().normalize('NFC').toLowerCase();

/**
 * A donor's right to know and to be forgotten. Export: everything we hold about the donor, table by table.
 * Erasure: the donor's payment intents, charges, subscriptions and invoices at Stripe are scrubbed and the Stripe
 * customer deleted first (as Delete Donor does, so a Stripe failure changes nothing here), then every step of DONOR_ERASURE_STEPS runs in one transaction under the donor's row lock (the one the
 * worker takes before scrubbing a later event about an erased donor). Amounts, dates and ids stay, so totals
 * and tax reports do not change; the donor reads as "Erased donor". It cannot be undone.
 */
@Injectable()
export class DonorPrivacyService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(DonorPrivacyRepository) private readonly repo: DonorPrivacyRepository,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(DonorSummaryCache) private readonly summaryCache: DonorSummaryCache,
    @Inject(StripeDonorScrub) private readonly stripeScrub: StripeDonorScrub,
  ) {}

  private async donor(id: string) {
    const donor = CUSTOMER_ID.test(id) ? await this.repo.findDonor(id) : undefined;
    if (!donor) throw notFound(`Customer not found: ${id}`);
    return donor;
  }

  async export(
    id: string,
    format: 'json' | 'csv',
    ctx: AuditContext,
  ): Promise<{ exportedAt: string; customerId: string; sections: ExportSections }> {
    await this.donor(id);
    const sections = await this.repo.exportSections(id);
    await this.audit.record('donor.exported', { ...ctx, success: true, details: { customerId: id, format } });
    return { exportedAt: new Date().toISOString(), customerId: id, sections };
  }

  async erase(
    id: string,
    confirmName: string,
    ctx: AuditContext,
  ): Promise<{ id: string; erased: true; changed: Record<string, number> }> {
    const donor = await this.donor(id);
    if (donor.erased_at) throw new DomainError(409, 'This donor’s personal data has already been erased.');
    const expected = donor.name?.trim() || donor.email?.trim() || id;
    if (!sameText(confirmName, expected)) {
      throw badRequest(
        `To confirm, type the donor’s ${donor.name?.trim() ? 'name' : donor.email?.trim() ? 'e-mail' : 'id'} exactly as shown.`,
      );
    }
    // A donor merged into this one is the same person: both records (and both Stripe customers) are erased.
    const merged = await mergedDonorIds(this.ds, id);
    // Stripe first, then our rows: until every Stripe step has succeeded nothing here says "erased", so a failure
    // part-way (a 502) leaves the donor as they were for another try, which skips what Stripe already lost.
    const stripeScrubbed: Record<string, number> = {};
    for (const customerId of [id, ...merged]) {
      const scrubbed = await this.stripeScrub.scrub(await erasureTarget(this.ds, customerId));
      for (const [kind, n] of Object.entries(scrubbed)) stripeScrubbed[kind] = (stripeScrubbed[kind] ?? 0) + n;
    }
    for (const customerId of [id, ...merged]) {
      try {
        await this.stripe.customers.del(customerId);
      } catch (err) {
        if (!isStripeResourceMissing(err)) throw stripeWriteError(err, 'erase the donor');
      }
    }
    // Deleting the customer makes Stripe send customer.deleted at once, and the worker projects it (and any late
    // event of the donor's gifts) while this runs: a deadlock between the two aborts one side, so this side retries.
    const changed = await transactionWithRetry(this.ds, async (m) => {
      const result: Record<string, number> = {};
      for (const customerId of [id, ...merged]) {
        await readModel.lock(m, 'donors', customerId);
        const changed = await eraseDonorData(m, await erasureTarget(m, customerId));
        for (const [table, n] of Object.entries(changed)) result[table] = (result[table] ?? 0) + n;
      }
      await this.audit.record('donor.erased', {
        ...ctx,
        success: true,
        details: {
          customerId: id,
          ...(merged.length ? { mergedCustomerIds: merged } : {}),
          changed: result,
          stripeScrubbed,
        },
        manager: m,
      });
      return result;
    });
    this.summaryCache.invalidate();
    return { id, erased: true, changed };
  }
}
