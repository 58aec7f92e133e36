import type { Queryable } from '../db/queryable.js';
import type { AppealStatus, GoalKind } from './appeal-rules.js';

/** The columns staff write (create and edit). */
export interface AppealFields {
  slug: string;
  name: string;
  story_html: string;
  cover_photo_id: string | null;
  fund_id: number | null;
  goal_kind: GoalKind;
  goal_cents: number | null;
  goal_count: number | null;
  starts_at: Date;
  ends_at: Date;
  match_text: string | null;
  match_cap_cents: number | null;
  thank_you_text: string | null;
  /** The page lists its recent named gifts (off by default). */
  show_recent_gifts: boolean;
}

/** An appeals row with its progress (appeal_totals), as the database returns it. */
export interface AppealRow extends AppealFields {
  id: string;
  status: AppealStatus;
  ended_early_at: Date | null;
  created_at: Date;
  updated_at: Date;
  raised_cents: number;
  gift_count: number;
  donor_count: number;
  recurring_started: number;
}

const FIELDS: ReadonlyArray<keyof AppealFields> = [
  'slug',
  'name',
  'story_html',
  'cover_photo_id',
  'fund_id',
  'goal_kind',
  'goal_cents',
  'goal_count',
  'starts_at',
  'ends_at',
  'match_text',
  'match_cap_cents',
  'thank_you_text',
  'show_recent_gifts',
];

const SELECT = `SELECT a.*, coalesce(t.raised_cents, 0) AS raised_cents, coalesce(t.gift_count, 0) AS gift_count,
                       coalesce(t.donor_count, 0) AS donor_count, coalesce(t.recurring_started, 0) AS recurring_started
                  FROM appeals a LEFT JOIN appeal_totals t ON t.appeal_id = a.id`;

function normalise(r: Record<string, any> | undefined): AppealRow | null {
  if (!r) return null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(r as AppealRow),
    goal_cents: num(r.goal_cents),
    goal_count: num(r.goal_count),
    match_cap_cents: num(r.match_cap_cents),
    raised_cents: Number(r.raised_cents),
    gift_count: Number(r.gift_count),
    donor_count: Number(r.donor_count),
    recurring_started: Number(r.recurring_started),
  };
}

const UNIQUE_VIOLATION = '23505';

/** The appeals' SQL: staff's edits, the public page's read (one row by key, its totals kept beside it), the worker's lookup. */
export const appeals = {
  /** null when the slug is taken. */
  async create(db: Queryable, f: AppealFields): Promise<AppealRow | null> {
    try {
      const rows = await db.query(
        `WITH a AS (INSERT INTO appeals (${FIELDS.join(', ')}) VALUES (${FIELDS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id),
         t AS (INSERT INTO appeal_totals (appeal_id) SELECT id FROM a)
         SELECT id FROM a`,
        FIELDS.map((k) => f[k]),
      );
      return this.byId(db, rows[0].id as string);
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw err;
    }
  },

  /** 'taken' when the new slug belongs to another appeal; null when there is no such appeal. */
  async update(db: Queryable, id: string, f: Partial<AppealFields>): Promise<AppealRow | 'taken' | null> {
    const keys = FIELDS.filter((k) => f[k] !== undefined);
    if (keys.length) {
      try {
        await db.query(
          `UPDATE appeals SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
          [id, ...keys.map((k) => f[k])],
        );
      } catch (err) {
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) return 'taken';
        throw err;
      }
    }
    return this.byId(db, id);
  },

  async setStatus(
    db: Queryable,
    id: string,
    change: { status?: AppealStatus; endedEarlyAt?: Date | null },
  ): Promise<AppealRow | null> {
    await db.query(
      `UPDATE appeals SET status = coalesce($2, status),
              ended_early_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE ended_early_at END, updated_at = now()
        WHERE id = $1`,
      [id, change.status ?? null, change.endedEarlyAt !== undefined, change.endedEarlyAt ?? null],
    );
    return this.byId(db, id);
  },

  async byId(db: Queryable, id: string, opts: { lock?: boolean } = {}): Promise<AppealRow | null> {
    if (opts.lock) await db.query(`SELECT 1 FROM appeals WHERE id = $1 FOR UPDATE`, [id]);
    return normalise((await db.query(`${SELECT} WHERE a.id = $1`, [id]))[0]);
  },

  /** The public page's read: the appeal and its kept totals, by the unique slug. */
  async bySlug(db: Queryable, slug: string): Promise<AppealRow | null> {
    return normalise((await db.query(`${SELECT} WHERE a.slug = $1`, [slug]))[0]);
  },

  async list(db: Queryable): Promise<AppealRow[]> {
    const rows: Record<string, any>[] = await db.query(
      `${SELECT} ORDER BY (a.status = 'archived'), a.starts_at DESC, a.name`,
    );
    return rows.map((r) => normalise(r)!);
  },

  /** What the worker and the donation endpoint need of an appeal named by a payment: its goal kind and timing. */
  async forAttribution(
    db: Queryable,
    id: string,
  ): Promise<Pick<AppealRow, 'id' | 'goal_kind' | 'status' | 'starts_at' | 'ends_at' | 'ended_early_at'> | null> {
    const rows = await db.query(
      `SELECT id, goal_kind, status, starts_at, ends_at, ended_early_at FROM appeals WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  },

  /**
   * The newest gifts whose donors chose to show their name: first name and city only, as the donation form gave
   * them (the payment's metadata, or its plan's for a monthly gift), on the page of an appeal that shows them
   * (show_recent_gifts, off by default; not asked at all when off). Nothing else of the donor.
   */
  async recentNamedGifts(
    db: Queryable,
    appealId: string,
    limit = 5,
  ): Promise<Array<{ firstName: string; city: string | null }>> {
    const rows: Array<{ first_name: string | null; city: string | null }> = await db.query(
      `SELECT coalesce(c.metadata->>'donor_first_name', s.metadata->>'donor_first_name') AS first_name,
              coalesce(c.metadata->>'donor_city', s.metadata->>'donor_city') AS city
         FROM charges c LEFT JOIN subscriptions s ON s.id = c.subscription_id
        WHERE c.appeal_id = $1 AND c.status = 'succeeded' AND c.show_name
        ORDER BY c.created DESC LIMIT $2`,
      [appealId, limit],
    );
    return rows.filter((r) => r.first_name).map((r) => ({ firstName: r.first_name!, city: r.city || null }));
  },
};
