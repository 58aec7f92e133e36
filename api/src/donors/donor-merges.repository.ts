import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { netCentsSql } from '../../../core/src/gifts/net-amount.js';
import type { GiftKind } from '../../../core/src/read-model/donor-merges.js';
import { BIGSERIAL_ID } from '../http/ids.js';

/** One side of a merge as the confirmation shows it (bigints as text). */
export interface MergeSideRow {
  id: string;
  name: string | null;
  email: string | null;
  created: string;
  deleted_at: Date | null;
  merged_into: string | null;
  card_count: string;
  card_cents: string;
  manual_count: string;
  manual_cents: string;
  /** Donors merged into this one (a donor that keeps merged records cannot itself be merged away). */
  keeps_merged: string;
}

export interface MergeRow {
  id: string;
  kept_id: string;
  merged_id: string;
  merged_at: Date;
  merged_by_name: string | null;
  moved_card: number;
  moved_manual: number;
  name: string | null;
  email: string | null;
}

/** donor_merges and the gift rows a merge moves. Writes run in the caller's transaction. */
@Injectable()
export class DonorMergesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async side(db: Queryable, id: string): Promise<MergeSideRow | null> {
    const rows = await db.query(
      `SELECT d.id, d.name, d.email, extract(epoch FROM d.created)::bigint AS created, d.deleted_at, d.merged_into,
              (SELECT count(*) FROM charges c WHERE c.customer_id = d.id AND c.status = 'succeeded') AS card_count,
              (SELECT coalesce(sum(${netCentsSql('c')}), 0) FROM charges c WHERE c.customer_id = d.id AND c.status = 'succeeded') AS card_cents,
              (SELECT count(*) FROM manual_donations m WHERE m.stripe_customer_id = d.id) AS manual_count,
              (SELECT coalesce(sum(m.amount), 0) FROM manual_donations m WHERE m.stripe_customer_id = d.id) AS manual_cents,
              (SELECT count(*) FROM donors k WHERE k.merged_into = d.id) AS keeps_merged
         FROM donors d WHERE d.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insertMerge(db: Queryable, keptId: string, mergedId: string, adminId: string | null): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO donor_merges (kept_id, merged_id, merged_by) VALUES ($1, $2, $3) RETURNING id`,
      [keptId, mergedId, adminId],
    );
    await db.query(`UPDATE donors SET merged_into = $2 WHERE id = $1`, [mergedId, keptId]);
    return String(row.id);
  }

  async giftIdsOf(db: Queryable, customerId: string): Promise<{ card: string[]; manual: string[] }> {
    const card: Array<{ id: string }> = await db.query(`SELECT id FROM charges WHERE customer_id = $1 ORDER BY id`, [
      customerId,
    ]);
    const manual: Array<{ id: string }> = await db.query(
      `SELECT id::text AS id FROM manual_donations WHERE stripe_customer_id = $1 ORDER BY id`,
      [customerId],
    );
    return { card: card.map((r) => r.id), manual: manual.map((r) => r.id) };
  }

  async setMovedCounts(db: Queryable, mergeId: string, card: number, manual: number): Promise<void> {
    await db.query(`UPDATE donor_merges SET moved_card = $2, moved_manual = $3 WHERE id = $1`, [mergeId, card, manual]);
  }

  /** The active merge of `keptId` with this id, locked. */
  async activeForUpdate(
    db: Queryable,
    keptId: string,
    mergeId: string,
  ): Promise<{ id: string; kept_id: string; merged_id: string } | null> {
    if (!BIGSERIAL_ID.test(mergeId)) return null;
    const rows = await db.query(
      `SELECT id::text AS id, kept_id, merged_id FROM donor_merges WHERE id = $1 AND kept_id = $2 AND undone_at IS NULL FOR UPDATE`,
      [mergeId, keptId],
    );
    return rows[0] ?? null;
  }

  async movedGifts(db: Queryable, mergeId: string): Promise<Array<{ gift_kind: GiftKind; gift_id: string }>> {
    return db.query(
      `SELECT gift_kind, gift_id FROM donor_merge_gifts WHERE merge_id = $1 ORDER BY gift_kind, gift_id`,
      [mergeId],
    );
  }

  /** Undone: the gift list goes (the gifts are back), the merge row stays as the record of what happened. */
  async markUndone(db: Queryable, merge: { id: string; merged_id: string }, adminId: string | null): Promise<void> {
    await db.query(`DELETE FROM donor_merge_gifts WHERE merge_id = $1`, [merge.id]);
    await db.query(`UPDATE donor_merges SET undone_at = now(), undone_by = $2 WHERE id = $1`, [merge.id, adminId]);
    await db.query(`UPDATE donors SET merged_into = NULL WHERE id = $1`, [merge.merged_id]);
  }

  /** The merges in force that kept this donor, newest first, with the merged-away record's details. */
  async activeOf(keptId: string): Promise<MergeRow[]> {
    return this.ds.query(
      `SELECT g.id::text AS id, g.kept_id, g.merged_id, g.merged_at, a.name AS merged_by_name, g.moved_card, g.moved_manual,
              d.name, d.email
         FROM donor_merges g
         JOIN donors d ON d.id = g.merged_id
         LEFT JOIN admins a ON a.id = g.merged_by
        WHERE g.kept_id = $1 AND g.undone_at IS NULL
        ORDER BY g.merged_at DESC, g.id DESC`,
      [keptId],
    );
  }
}
