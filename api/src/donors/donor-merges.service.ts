import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { transactionWithRetry } from '../../../core/src/db/retry-transaction.js';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { lockRow } from '../../../core/src/db/row-lock.js';
import { centsToDollars } from '../../../core/src/gifts/money.js';
import { DomainError, badRequest, notFound } from '../../../core/src/http/errors.js';
import {
  holdMergesExclusive,
  moveCharge,
  moveManualGift,
  recordMovedGift,
} from '../../../core/src/read-model/donor-merges.js';
import { sameDonorEmail } from '../../../core/src/donor-identity/email-key.js';
import { DonorSummaryCache } from './donor-summary.cache.js';
import { DonorMergesRepository, type MergeSideRow } from './donor-merges.repository.js';
import { CUSTOMER_ID, type AuditContext } from './donors.service.js';
import type { DonorMergeDto, MergePreviewDto, MergeResultDto, MergeUndoneDto } from './dto/donor-merge.dto.js';

function gifts(count: number, cents: number) {
  return { count, total: centsToDollars(cents) };
}

function toSide(r: MergeSideRow) {
  const card = [Number(r.card_count), Number(r.card_cents)] as const;
  const manual = [Number(r.manual_count), Number(r.manual_cents)] as const;
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    created: Number(r.created),
    cardGifts: gifts(...card),
    manualGifts: gifts(...manual),
    allGifts: gifts(card[0] + manual[0], card[1] + manual[1]),
    cents: card[1] + manual[1],
  };
}

/**
 * Merging two donor records of one person: the duplicate's gift rows move to the kept donor, so every total,
 * list, report, export and statement counts them once, under the kept donor. Stripe keeps both customers
 * (it cannot merge them); later webhooks of the duplicate's customer land under the kept donor (the charge
 * projection consults the merge). Undo moves back exactly the gifts the merge noted.
 */
@Injectable()
export class DonorMergesService {
  constructor(
    @Inject(DonorMergesRepository) private readonly repo: DonorMergesRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(DonorSummaryCache) private readonly summaryCache: DonorSummaryCache,
  ) {}

  /** Both records, checked: live, not merged away, not the same, and the duplicate keeps no merged records of its own. */
  private async sides(db: Queryable, keptId: string, duplicateId: string) {
    if (keptId === duplicateId) throw badRequest('A donor cannot be merged with itself.');
    const [kept, dup] = await Promise.all([
      CUSTOMER_ID.test(keptId) ? this.repo.side(db, keptId) : null,
      this.repo.side(db, duplicateId),
    ]);
    for (const [row, id] of [
      [kept, keptId],
      [dup, duplicateId],
    ] as const) {
      if (!row || row.deleted_at) throw notFound(`Customer not found: ${id}`);
      if (row.merged_into) throw new DomainError(409, `Donor ${id} is already merged into ${row.merged_into}.`);
    }
    if (Number(dup!.keeps_merged) > 0) {
      throw new DomainError(
        409,
        'The duplicate keeps records merged into it. Undo those merges first, or merge the other way.',
      );
    }
    return { kept: toSide(kept!), duplicate: toSide(dup!) };
  }

  async preview(keptId: string, duplicateId: string): Promise<MergePreviewDto> {
    const { kept, duplicate } = await this.sides(this.ds, keptId, duplicateId);
    const after = gifts(kept.allGifts.count + duplicate.allGifts.count, kept.cents + duplicate.cents);
    return {
      kept: strip(kept),
      duplicate: strip(duplicate),
      after,
      selfServiceEmail: kept.email || null,
      emailWarning: selfServiceWarning(kept.email, duplicate.email),
    };
  }

  async merge(keptId: string, duplicateId: string, ctx: AuditContext): Promise<MergeResultDto> {
    const tz = this.env.TIME_ZONE;
    const result = await transactionWithRetry(this.ds, async (m) => {
      await holdMergesExclusive(m);
      for (const id of [keptId, duplicateId].sort()) await lockRow(m, 'donors', id);
      await this.sides(m, keptId, duplicateId);
      const mergeId = await this.repo.insertMerge(m, keptId, duplicateId, ctx.adminId ?? null);
      const ids = await this.repo.giftIdsOf(m, duplicateId);
      for (const id of ids.card) {
        await moveCharge(m, id, keptId, tz);
        await recordMovedGift(m, mergeId, 'card', id);
      }
      for (const id of ids.manual) {
        await moveManualGift(m, id, keptId, tz);
        await recordMovedGift(m, mergeId, 'manual', id);
      }
      await this.repo.setMovedCounts(m, mergeId, ids.card.length, ids.manual.length);
      const moved = { movedCardGifts: ids.card.length, movedManualGifts: ids.manual.length };
      await this.audit.record('donor.merged', {
        ...ctx,
        details: { customerId: keptId, mergedCustomerId: duplicateId, mergeId, ...moved },
        manager: m,
      });
      return { mergeId, keptId, mergedId: duplicateId, ...moved };
    });
    this.summaryCache.invalidate();
    return result;
  }

  async list(keptId: string): Promise<DonorMergeDto[]> {
    const rows = await this.repo.activeOf(keptId);
    return rows.map((r) => ({
      id: r.id,
      mergedId: r.merged_id,
      name: r.name,
      email: r.email,
      mergedAt: new Date(r.merged_at).toISOString(),
      mergedBy: r.merged_by_name,
      movedGifts: Number(r.moved_card) + Number(r.moved_manual),
    }));
  }

  async undo(keptId: string, mergeId: string, ctx: AuditContext): Promise<MergeUndoneDto> {
    const tz = this.env.TIME_ZONE;
    const result = await transactionWithRetry(this.ds, async (m) => {
      await holdMergesExclusive(m);
      const merge = await this.repo.activeForUpdate(m, keptId, mergeId);
      if (!merge) throw notFound(`No merge ${mergeId} in force for ${keptId}`);
      for (const id of [merge.kept_id, merge.merged_id].sort()) await lockRow(m, 'donors', id);
      let restored = 0;
      for (const g of await this.repo.movedGifts(m, merge.id)) {
        const back =
          g.gift_kind === 'card'
            ? await moveCharge(m, g.gift_id, merge.merged_id, tz)
            : await moveManualGift(m, g.gift_id, merge.merged_id, tz);
        if (back) restored += 1;
      }
      await this.repo.markUndone(m, merge, ctx.adminId ?? null);
      await this.audit.record('donor.merge_undone', {
        ...ctx,
        details: { customerId: keptId, mergedCustomerId: merge.merged_id, mergeId: merge.id, restoredGifts: restored },
        manager: m,
      });
      return { mergeId: merge.id, undone: true as const, restoredGifts: restored };
    });
    this.summaryCache.invalidate();
    return result;
  }
}

/**
 * My Giving follows the kept donor's address (donors-by-email.ts): the duplicate's address, when it is another
 * donor's by donor identity, no longer signs in to anything. Said before the merge, with the way out.
 */
export function selfServiceWarning(kept: string | null, duplicate: string | null): string | null {
  if (!duplicate || sameDonorEmail(kept, duplicate)) return null;
  return kept
    ? `The records have different e-mail addresses: after the merge, only ${kept} (the kept record's) signs in to My Giving for these gifts; ${duplicate} no longer does. If the donor uses ${duplicate}, merge the other way or change the kept record's e-mail first.`
    : `The kept record has no e-mail address: after the merge, no one signs in to My Giving for these gifts; ${duplicate} no longer does. Add the e-mail to the kept record first, or merge the other way.`;
}

function strip<T extends { cents: number }>(s: T): Omit<T, 'cents'> {
  const { cents: _cents, ...rest } = s;
  return rest;
}
