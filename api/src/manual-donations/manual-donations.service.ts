import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { transactionWithRetry } from '../../../core/src/db/retry-transaction.js';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { applyContributionChange, manualContribution } from '../../../core/src/read-model/aggregates.js';
import { holdMergesShared } from '../../../core/src/read-model/donor-merges.js';
import { needsIrsReceipt } from '../../../core/src/gifts/net-amount.js';
import { centsToDollars } from '../../../core/src/gifts/money.js';
import { DonorSummaryCache } from '../donors/donor-summary.cache.js';
import { ManualDonationsRepository, type ManualDonationRow } from './manual-donations.repository.js';
import type { ManualDonationInput } from './manual-donation.validation.js';
import { DomainError } from '../../../core/src/http/errors.js';
import type { ManualDonationDeletedDto, ManualDonationDto } from './dto/manual-donation.response.js';

export interface AuditContext {
  adminId?: string;
  ip?: string;
  userAgent?: string;
}

/** A manual gift the rules refuse (400) or cannot find (404). */
export class ManualDonationError extends DomainError {
  constructor(status: 400 | 404, message: string) {
    super(status, message);
  }
}

export function toManualDonation(r: ManualDonationRow) {
  const cents = Number(r.amount);
  return {
    id: r.id,
    amount: centsToDollars(cents),
    amountCents: cents,
    stripeCustomerId: r.stripe_customer_id,
    donorName: r.donor_name,
    donorEmail: r.donor_email,
    donorPhone: r.donor_phone,
    donorAddress: r.donor_address,
    donationType: r.donation_type,
    donationDate: new Date(r.donation_date).toISOString(),
    notes: r.notes,
    requires_irs_receipt: r.requires_irs_receipt,
    createdAt: new Date(r.created_at).toISOString(),
    giftDescription: r.gift_description,
    goodsDescription: r.goods_description,
    goodsValueCents: r.goods_value === null ? null : Number(r.goods_value),
  };
}

/**
 * Manual (offline) gifts. The row, its share of daily_totals/donor_totals and the audit entry commit together,
 * so the dashboard never shows a gift without its totals or the reverse.
 */
@Injectable()
export class ManualDonationsService {
  constructor(
    @Inject(ManualDonationsRepository) private readonly repo: ManualDonationsRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(DonorSummaryCache) private readonly summaryCache: DonorSummaryCache,
  ) {}

  async create(input: ManualDonationInput, ctx: AuditContext): Promise<ManualDonationDto> {
    const row = await transactionWithRetry(this.ds, async (m) => {
      // A merge moving this donor's gifts waits for this gift, or this gift sees the merge (and the donor is gone).
      await holdMergesShared(m);
      if (input.stripeCustomerId && !(await this.repo.liveDonorExists(m, input.stripeCustomerId))) {
        throw new ManualDonationError(400, `Unknown donor: ${input.stripeCustomerId}`);
      }
      if (!(await this.repo.fundExists(m, input.fundId)))
        throw new ManualDonationError(400, "Choose one of the school's funds");
      if (input.appealId && !(await this.repo.appealExists(m, input.appealId)))
        throw new ManualDonationError(400, 'Choose one of the appeals');
      const inserted = await this.repo.insert(m, {
        ...input,
        requiresIrsReceipt: needsIrsReceipt(input.amountCents),
        createdBy: ctx.adminId ?? null,
      });
      await applyContributionChange(m, null, manualContribution(inserted), this.env.TIME_ZONE);
      await this.audit.record('manual_donation.created', {
        ...ctx,
        details: {
          manualDonationId: inserted.id,
          amount: input.amountCents,
          customerId: input.stripeCustomerId,
          fundId: input.fundId,
          appealId: input.appealId ?? null,
        },
        manager: m,
      });
      return inserted;
    });
    this.summaryCache.invalidate();
    return toManualDonation(row);
  }

  async delete(id: string, ctx: AuditContext): Promise<ManualDonationDeletedDto> {
    await transactionWithRetry(this.ds, async (m) => {
      // As every gift writer: the merges lock before the gift's row, the donor's lock after (in the totals).
      await holdMergesShared(m);
      const row = await this.repo.findForUpdate(m, id);
      if (!row) throw new ManualDonationError(404, 'Manual donation not found');
      await this.repo.delete(m, id);
      await applyContributionChange(m, manualContribution(row), null, this.env.TIME_ZONE);
      await this.audit.record('manual_donation.deleted', {
        ...ctx,
        details: { manualDonationId: id, amount: Number(row.amount), customerId: row.stripe_customer_id },
        manager: m,
      });
    });
    this.summaryCache.invalidate();
    return { id, deleted: true };
  }
}
