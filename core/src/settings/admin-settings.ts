import type { Queryable } from '../db/queryable.js';
import { defineSetting, settings } from './settings.repository.js';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
const isRetentionDays = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= RETENTION_DAYS_MIN && (v as number) <= RETENTION_DAYS_MAX;

/**
 * Every admin must use two-factor sign-in (enrolling at their next sign-in). On for new installs: the
 * migration that introduced it stored `false` for installs that already had admins.
 */
export const REQUIRE_TWO_FACTOR = defineSetting('auth.require_two_factor', true, isBoolean);

/** Days a processed Stripe event keeps its payload in the inbox; unset: INBOX_RETENTION_DAYS. */
export const INBOX_RETENTION = defineSetting('inbox.retention_days', 90, isRetentionDays);

export function isValidRetentionDays(v: unknown): v is number {
  return isRetentionDays(v);
}

/** The retention in force: the owner's setting when stored, else the environment's INBOX_RETENTION_DAYS. */
export async function inboxRetentionDays(
  db: Queryable,
  envDays: number,
): Promise<{ days: number; source: 'setting' | 'environment' }> {
  const stored = await settings.read(db, INBOX_RETENTION);
  return stored.updatedAt ? { days: stored.value, source: 'setting' } : { days: envDays, source: 'environment' };
}
