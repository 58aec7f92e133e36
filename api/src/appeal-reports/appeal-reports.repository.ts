import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { appealGiftsSql } from '../../../core/src/appeals/appeal-gifts.sql.js';

/** An appeal with its kept totals (appeal_totals), its new donors among them. */
export interface AppealTotalsRow {
  id: string;
  slug: string;
  name: string;
  status: string;
  starts_at: Date;
  ends_at: Date;
  ended_early_at: Date | null;
  goal_kind: string;
  goal_cents: string | null;
  goal_count: number | null;
  match_cap_cents: string | null;
  match_text: string | null;
  raised_cents: string;
  gift_count: number;
  donor_count: number;
  recurring_started: number;
  new_donor_count: number;
}

export interface AppealDayRow {
  day: string;
  raised: string;
  gifts: number;
}

/**
 * The appeals (`which` picks them, given a table alias) with their kept totals, new donors included
 * (appeal_totals.new_donor_count: the appeal's donors whose first gift to the school came on or after its first
 * day, kept with the totals by core/src/appeals/appeal-totals.ts): one row by key per appeal, no read of its donors.
 */
const selectAppeals = (which: (alias: string) => string) => `
  SELECT a.id, a.slug, a.name, a.status, a.starts_at, a.ends_at, a.ended_early_at, a.goal_kind,
         a.goal_cents::text, a.goal_count, a.match_cap_cents::text, a.match_text,
         coalesce(t.raised_cents, 0)::text AS raised_cents, coalesce(t.gift_count, 0) AS gift_count,
         coalesce(t.donor_count, 0) AS donor_count, coalesce(t.recurring_started, 0) AS recurring_started,
         coalesce(t.new_donor_count, 0) AS new_donor_count
    FROM appeals a LEFT JOIN appeal_totals t ON t.appeal_id = a.id
   WHERE ${which('a')}`;

/** The Appeals report's SQL: the kept totals per appeal, and one appeal's gifts by day. */
@Injectable()
export class AppealReportsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Every appeal but drafts, the latest first. */
  list(): Promise<AppealTotalsRow[]> {
    return this.ds.query(`${selectAppeals((x) => `${x}.status <> 'draft'`)} ORDER BY a.starts_at DESC, a.name`);
  }

  async one(id: string): Promise<AppealTotalsRow | null> {
    const rows: AppealTotalsRow[] = await this.ds.query(
      selectAppeals((x) => `${x}.id = $1`),
      [id],
    );
    return rows[0] ?? null;
  }

  /** The appeal's gifts by local day in `timeZone` (only days with gifts; the service fills the rest). */
  byDay(id: string, timeZone: string): Promise<AppealDayRow[]> {
    return this.ds.query(
      `SELECT to_char(g.at AT TIME ZONE $2::text, 'YYYY-MM-DD') AS day, sum(g.net)::text AS raised, count(*)::int AS gifts
         FROM (${appealGiftsSql('$1')}) g
        GROUP BY 1 ORDER BY 1`,
      [id, timeZone],
    );
  }
}
