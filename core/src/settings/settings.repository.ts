import type { Queryable } from '../db/queryable.js';

/**
 * The admin's settings (table `settings`): one JSON value per key, read by the API and the worker alike.
 * Each feature declares its settings with `defineSetting`, so the default, the check of a stored value and the
 * key live in one place; a missing row, or a stored value that no longer passes the check, reads as the default.
 */
export interface SettingDefinition<T> {
  key: string;
  defaultValue: T;
  /** True when a stored (or submitted) value is acceptable. */
  isValid: (value: unknown) => value is T;
}

export function defineSetting<T>(
  key: string,
  defaultValue: T,
  isValid: (value: unknown) => value is T,
): SettingDefinition<T> {
  if (!/^[a-z][a-z0-9_.]{1,63}$/.test(key)) throw new Error(`Bad setting key ${key}`);
  return { key, defaultValue, isValid };
}

export interface StoredSetting<T> {
  value: T;
  /** When the value was last set; null for a default never stored. */
  updatedAt: Date | null;
  updatedBy: string | null;
}

export const settings = {
  async read<T>(db: Queryable, def: SettingDefinition<T>): Promise<StoredSetting<T>> {
    const rows: Array<{ value: unknown; updated_at: Date; updated_by: string | null }> = await db.query(
      `SELECT value, updated_at, updated_by FROM settings WHERE key = $1`,
      [def.key],
    );
    const row = rows[0];
    if (!row || !def.isValid(row.value)) return { value: def.defaultValue, updatedAt: null, updatedBy: null };
    return { value: row.value, updatedAt: row.updated_at, updatedBy: row.updated_by };
  },

  /** Stores a value (refusing one the definition does not accept) and answers it as stored. */
  async write<T>(
    db: Queryable,
    def: SettingDefinition<T>,
    value: T,
    adminId: string | null,
  ): Promise<StoredSetting<T>> {
    if (!def.isValid(value)) throw new Error(`Invalid value for setting ${def.key}`);
    const rows: Array<{ updated_at: Date }> = await db.query(
      `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2, now(), $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by
       RETURNING updated_at`,
      [def.key, JSON.stringify(value), adminId],
    );
    return { value, updatedAt: rows[0].updated_at, updatedBy: adminId };
  },
};
