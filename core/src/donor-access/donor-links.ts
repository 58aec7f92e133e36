import type { Queryable } from '../db/queryable.js';
import { newToken, tokenHash } from '../tokens/opaque-token.js';

/**
 * Donors' self-service links and sessions (the /my-giving page). A link goes to a donor's stored address; what
 * the session it opens reaches is read again at every request from that address (donor-identity/donors-by-email.ts).
 */
export const DONOR_ACCESS = {
  /** A sign-in link asked for on the page: the donor is at the keyboard, so it is short-lived. */
  manageLinkMinutes: 30,
  /** The link in a declined-renewal e-mail: read hours or days later, while Stripe keeps retrying (up to 2 weeks). */
  cardLinkDays: 7,
  /** A donor session ends after this long without a request ... */
  sessionIdleMinutes: 30,
  /** ... and in any case this long after it began. */
  sessionAbsoluteHours: 4,
} as const;

export type DonorLinkPurpose = 'manage' | 'card';

export interface DonorLinkRow {
  id: string;
  email: string;
  customer_ids: string[];
  purpose: DonorLinkPurpose;
  subscription_id: string | null;
  expired: boolean;
  used_at: Date | null;
  minted: boolean;
}

export const donorLinks = {
  /** A new link (its token is minted when its e-mail is sent); answers its id. */
  async create(
    db: Queryable,
    l: { email: string; customerIds: string[]; purpose: DonorLinkPurpose; subscriptionId?: string | null },
  ): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO donor_links (email, customer_ids, purpose, subscription_id) VALUES ($1, $2, $3, $4) RETURNING id`,
      [l.email, l.customerIds, l.purpose, l.subscriptionId ?? null],
    );
    return row.id;
  },

  /**
   * Mints the link's token as its e-mail is composed, and starts its expiry then. Sent again (a lease that ran
   * out after the mail server took the first copy), the link gets a new token and the older copy stops working.
   * Null when the link was spent or erased meanwhile.
   */
  async mint(db: Queryable, id: string): Promise<{ token: string; row: DonorLinkRow } | null> {
    const token = newToken();
    const rows = await db.query(
      `UPDATE donor_links
          SET token_hash = $2,
              expires_at = now() + CASE WHEN purpose = 'card' THEN make_interval(days => $3) ELSE make_interval(mins => $4) END
        WHERE id = $1 AND used_at IS NULL
        RETURNING id, email, customer_ids, purpose, subscription_id, false AS expired, used_at, true AS minted`,
      [id, tokenHash(token), DONOR_ACCESS.cardLinkDays, DONOR_ACCESS.manageLinkMinutes],
    );
    const row = (Array.isArray(rows[0]) ? rows[0][0] : rows[0]) as DonorLinkRow | undefined;
    return row ? { token, row } : null;
  },

  /** The link a token belongs to, locked for the rest of the transaction (two clicks cannot both spend it). */
  async findForUpdate(db: Queryable, token: string): Promise<DonorLinkRow | null> {
    const rows = await db.query(
      `SELECT id, email, customer_ids, purpose, subscription_id, expires_at <= now() AS expired, used_at, true AS minted
         FROM donor_links WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash(token)],
    );
    return rows[0] ?? null;
  },

  async markUsed(db: Queryable, id: string): Promise<void> {
    await db.query(`UPDATE donor_links SET used_at = now() WHERE id = $1`, [id]);
  },

  /**
   * Forgets links (and their sessions) older than the inbox retention, and never before every link and session
   * could still be in use (a card link's days and a day more): the address a link went to is donor data.
   */
  async prune(db: Queryable, retentionDays: number): Promise<number> {
    const days = Math.max(retentionDays, DONOR_ACCESS.cardLinkDays + 1);
    const result = await db.query(
      `DELETE FROM donor_links WHERE created_at < now() - make_interval(days => $1) RETURNING 1`,
      [days],
    );
    return Array.isArray(result[0]) ? result[0].length : result.length;
  },

  async find(
    db: Queryable,
    id: string,
  ): Promise<Pick<DonorLinkRow, 'id' | 'email' | 'customer_ids' | 'purpose' | 'subscription_id' | 'used_at'> | null> {
    const rows = await db.query(
      `SELECT id, email, customer_ids, purpose, subscription_id, used_at FROM donor_links WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  },
};
