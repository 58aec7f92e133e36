import type { Queryable } from '../db/queryable.js';

/** Fund 1: where a gift goes when nobody chose (and every gift from before funds existed). */
export const GENERAL_FUND_ID = 1;

export interface Fund {
  id: number;
  name: string;
  description: string | null;
  archived: boolean;
}

const toFund = (r: Record<string, any>): Fund => ({
  id: Number(r.id),
  name: r.name,
  description: r.description ?? null,
  archived: r.archived_at !== null,
});

/** The school's funds (designations). Shared by the donate page's options, the admin and the manual-gift checks. */
export const funds = {
  /** General first, then by name; archived ones only when asked (the admin's list, the filters). */
  async list(db: Queryable, opts: { includeArchived: boolean }): Promise<Fund[]> {
    const rows = await db.query(
      `SELECT id, name, description, archived_at FROM funds ${opts.includeArchived ? '' : 'WHERE archived_at IS NULL'}
        ORDER BY id <> ${GENERAL_FUND_ID}, lower(name)`,
    );
    return rows.map(toFund);
  },

  async find(db: Queryable, id: number): Promise<Fund | null> {
    const rows = await db.query(`SELECT id, name, description, archived_at FROM funds WHERE id = $1`, [id]);
    return rows[0] ? toFund(rows[0]) : null;
  },

  /** Whether a donor or an admin may give to it now: it exists and is not archived. */
  async isOpen(db: Queryable, id: number): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM funds WHERE id = $1 AND archived_at IS NULL`, [id]);
    return rows.length > 0;
  },

  /** Null when another fund has the name already (in any letter case). */
  async create(db: Queryable, f: { name: string; description: string | null }): Promise<Fund | null> {
    const rows = await db.query(
      `INSERT INTO funds (name, description) VALUES ($1, $2) ON CONFLICT ((lower(btrim(name)))) DO NOTHING
       RETURNING id, name, description, archived_at`,
      [f.name, f.description],
    );
    return rows[0] ? toFund(rows[0]) : null;
  },

  /** 'taken' when the new name is another fund's; null when there is no such fund. */
  async update(
    db: Queryable,
    id: number,
    patch: { name?: string; description?: string | null; archived?: boolean },
  ): Promise<Fund | null | 'taken'> {
    if (patch.name !== undefined) {
      const clash = await db.query(`SELECT 1 FROM funds WHERE lower(btrim(name)) = lower(btrim($1)) AND id <> $2`, [
        patch.name,
        id,
      ]);
      if (clash.length) return 'taken';
    }
    const rows = await db.query(
      `UPDATE funds SET name = coalesce($2, name),
              description = CASE WHEN $3::boolean THEN $4 ELSE description END,
              archived_at = CASE WHEN $5::boolean IS NULL THEN archived_at WHEN $5 THEN coalesce(archived_at, now()) ELSE NULL END
        WHERE id = $1 RETURNING id, name, description, archived_at`,
      [id, patch.name ?? null, patch.description !== undefined, patch.description ?? null, patch.archived ?? null],
    );
    return rows[0] ? toFund(rows[0]) : null;
  },
};
