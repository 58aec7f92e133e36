import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merging two donor records that are the same person. Stripe cannot merge customers, so both customers live on;
 * the read model counts the merged-away donor's gifts under the kept one:
 * - `donor_merges`: one row per merge (kept, merged, who, when; `undone_at` once undone). At most one active
 *   merge per merged-away donor.
 * - `donor_merge_gifts`: the gifts (card charges and manual gifts) an active merge moved to the kept donor,
 *   including charges of the merged-away customer projected after the merge. Undo moves exactly these back.
 * - `donors.merged_into`: the kept donor of an active merge. The charge projection consults it, so a later
 *   webhook for the merged-away customer lands under the kept donor; `listed_donors` leaves merged donors out,
 *   so every list and count has each person once.
 * No names or e-mails are stored here (ids only).
 */
export class DonorMerges1764375000000 implements MigrationInterface {
  name = 'DonorMerges1764375000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donors ADD COLUMN merged_into text`);
    await q.query(`CREATE INDEX donors_merged_into_idx ON donors (merged_into) WHERE merged_into IS NOT NULL`);
    await q.query(`DROP VIEW listed_donors`);
    await q.query(`DROP INDEX donors_listed_idx`);
    await q.query(
      `CREATE INDEX donors_listed_idx ON donors (created DESC, id DESC) WHERE deleted_at IS NULL AND is_donor AND merged_into IS NULL`,
    );
    await q.query(
      `CREATE VIEW listed_donors AS SELECT * FROM donors WHERE deleted_at IS NULL AND is_donor AND merged_into IS NULL`,
    );
    await q.query(`
      CREATE TABLE donor_merges (
        id bigserial PRIMARY KEY,
        kept_id text NOT NULL,
        merged_id text NOT NULL,
        merged_by uuid,
        merged_at timestamptz NOT NULL DEFAULT now(),
        moved_card integer NOT NULL DEFAULT 0,
        moved_manual integer NOT NULL DEFAULT 0,
        undone_by uuid,
        undone_at timestamptz,
        CHECK (kept_id <> merged_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX donor_merges_active_idx ON donor_merges (merged_id) WHERE undone_at IS NULL`);
    await q.query(`CREATE INDEX donor_merges_kept_idx ON donor_merges (kept_id, merged_at DESC)`);
    await q.query(`
      CREATE TABLE donor_merge_gifts (
        merge_id bigint NOT NULL REFERENCES donor_merges (id) ON DELETE CASCADE,
        gift_kind text NOT NULL CHECK (gift_kind IN ('card', 'manual')),
        gift_id text NOT NULL,
        PRIMARY KEY (gift_kind, gift_id)
      )`);
    await q.query(`CREATE INDEX donor_merge_gifts_merge_idx ON donor_merge_gifts (merge_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE donor_merge_gifts`);
    await q.query(`DROP TABLE donor_merges`);
    await q.query(`DROP VIEW listed_donors`);
    await q.query(`DROP INDEX donors_listed_idx`);
    await q.query(
      `CREATE INDEX donors_listed_idx ON donors (created DESC, id DESC) WHERE deleted_at IS NULL AND is_donor`,
    );
    await q.query(`CREATE VIEW listed_donors AS SELECT * FROM donors WHERE deleted_at IS NULL AND is_donor`);
    await q.query(`DROP INDEX donors_merged_into_idx`);
    await q.query(`ALTER TABLE donors DROP COLUMN merged_into`);
  }
}
