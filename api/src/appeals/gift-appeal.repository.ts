import { Injectable } from '@nestjs/common';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import { holdMergesShared } from '../../../core/src/read-model/donor-merges.js';
import {
  applyContributionChange,
  chargeContribution,
  manualContribution,
  type ChargeFacts,
  type ManualFacts,
} from '../../../core/src/read-model/aggregates.js';

/**
 * Moving a gift to another appeal (or to none): the row's appeal changes and the totals move with it, in the
 * caller's transaction, by the same before/after rule as every other writer of a gift row. A charge is written
 * under the worker's lock of that charge, and marked moved (appeal_moved), so its later events keep the staff's
 * choice instead of the payment's metadata. As every gift writer, it holds the merges lock shared before the
 * gift's row (a merge moving the same gift waits, or is waited for) and the donor's lock after (in the totals).
 */
@Injectable()
export class GiftAppealRepository {
  /** The gift's appeal before the move, or undefined when there is no such gift. */
  async move(
    db: Queryable,
    giftId: string,
    appealId: string | null,
    timeZone: string,
  ): Promise<{ source: 'card' | 'manual'; before: string | null } | undefined> {
    await holdMergesShared(db);
    if (!giftId.includes('-')) {
      await readModel.lock(db, 'charges', giftId);
      const row = (await db.query(`SELECT * FROM charges WHERE id = $1`, [giftId]))[0] as ChargeFacts | undefined;
      if (!row) return undefined;
      await db.query(`UPDATE charges SET appeal_id = $2, appeal_moved = true WHERE id = $1`, [giftId, appealId]);
      const after = { ...row, appeal_id: appealId, appeal_plan_start: appealId ? row.appeal_plan_start : false };
      await applyContributionChange(db, chargeContribution(row), chargeContribution(after), timeZone);
      return { source: 'card', before: row.appeal_id ?? null };
    }
    const row = (await db.query(`SELECT * FROM manual_donations WHERE id = $1 FOR UPDATE`, [giftId]))[0] as
      ManualFacts | undefined;
    if (!row) return undefined;
    await db.query(`UPDATE manual_donations SET appeal_id = $2 WHERE id = $1`, [giftId, appealId]);
    await applyContributionChange(
      db,
      manualContribution(row),
      manualContribution({ ...row, appeal_id: appealId }),
      timeZone,
    );
    return { source: 'manual', before: row.appeal_id ?? null };
  }
}
