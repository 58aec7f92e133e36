import type { Queryable } from '../db/queryable.js';
import { emailKey } from './email-key.js';

/** A live donor record whose stored e-mail has the key asked for. */
export interface EmailMatch {
  key: string;
  /** The Stripe customer of the record. */
  customerId: string;
  /** Where its gifts count: the kept donor when the record was merged away, else itself. */
  donorId: string;
}

/** Whom a My Giving session reaches: the stored address its link goes to, and the customers bounded by it. */
export interface SelfServiceReach {
  email: string;
  customerIds: string[];
}

/**
 * "The donor with this e-mail", decided here only: records whose stored e-mail has the same `emailKey`
 * (donors_email_key_idx), deleted and erased ones left out, best first for each key: a listed donor before the
 * customer of an attempt that never became a gift, then the newest.
 */
export const donorsByEmail = {
  async matches(db: Queryable, emails: readonly string[]): Promise<EmailMatch[]> {
    const keys = [...new Set(emails.map(emailKey))].filter(Boolean);
    if (!keys.length) return [];
    const rows: Array<{ key: string; id: string; donor_id: string }> = await db.query(
      `SELECT email_key(email) AS key, id, coalesce(merged_into, id) AS donor_id FROM donors
        WHERE email_key(email) = ANY($1::text[]) AND deleted_at IS NULL AND erased_at IS NULL
        ORDER BY email_key(email), is_donor DESC, created DESC, id DESC`,
      [keys],
    );
    return rows.map((r) => ({ key: r.key, customerId: r.id, donorId: r.donor_id }));
  },

  /** The customer a new gift with this e-mail goes to (the public form), or null. */
  async customerFor(db: Queryable, email: string): Promise<string | null> {
    return (await this.matches(db, [email]))[0]?.customerId ?? null;
  },

  /** The donor each e-mail's gifts count under (a CSV import), by `emailKey`. */
  async donorsFor(db: Queryable, emails: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const m of await this.matches(db, emails)) if (!found.has(m.key)) found.set(m.key, m.donorId);
    return found;
  },

  /**
   * My Giving's reach for an e-mail, read again at every request: the records of that key that were not merged
   * away, and the records merged into them (the same person, as an admin decided; their Stripe customers keep
   * their recurring gifts). A record merged into a donor of another address is not reached: self-service stays
   * with the kept donor's address. The link goes to the stored address of the best own record, never to the
   * address as typed. Null when nothing is reached.
   */
  async selfService(db: Queryable, email: string): Promise<SelfServiceReach | null> {
    const key = emailKey(email);
    if (!key) return null;
    const rows: Array<{ id: string; email: string | null }> = await db.query(
      `WITH own AS (
         SELECT id, email, is_donor, created FROM donors
          WHERE email_key(email) = $1 AND merged_into IS NULL AND deleted_at IS NULL AND erased_at IS NULL)
       SELECT id, email FROM (
         SELECT id, email, 0 AS rank, is_donor, created FROM own
         UNION ALL
         SELECT d.id, NULL, 1, d.is_donor, d.created FROM donors d JOIN own o ON d.merged_into = o.id
          WHERE d.deleted_at IS NULL AND d.erased_at IS NULL) x
        ORDER BY rank, is_donor DESC, created DESC, id DESC LIMIT 20`,
      [key],
    );
    return rows[0]?.email ? { email: rows[0].email, customerIds: rows.map((r) => r.id) } : null;
  },
};
