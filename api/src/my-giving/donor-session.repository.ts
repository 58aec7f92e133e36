import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { DONOR_ACCESS, type DonorLinkPurpose } from '../../../core/src/donor-access/donor-links.js';

/** A live session and the link it was opened with. */
export interface SignedInLink {
  id: string;
  /** The address the link was sent to: its donor-identity key decides the session's reach. */
  email: string;
  purpose: DonorLinkPurpose;
  subscriptionId: string | null;
}

/**
 * The signed-in donor of a request: the session, and its reach as of this request (the guard reads it from the
 * read model). Not the DonorSessionDto that opening a session answers (its token and purpose).
 */
export interface SignedInDonor extends SignedInLink {
  /** The donor's stored address now. */
  email: string;
  customerIds: string[];
}

/** SQL over `donor_sessions` (tokens arrive hashed). */
@Injectable()
export class DonorSessionRepository {
  constructor(@Inject(DataSource) readonly ds: DataSource) {}

  /** The session keeps no list of the donor's customers: its reach is read per request (see DonorSessionGuard). */
  async create(
    db: Queryable,
    s: { tokenHash: Buffer; linkId: string; purpose: DonorLinkPurpose; subscriptionId: string | null },
  ): Promise<void> {
    await db.query(
      `INSERT INTO donor_sessions (token_hash, link_id, purpose, subscription_id, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
      [s.tokenHash, s.linkId, s.purpose, s.subscriptionId, DONOR_ACCESS.sessionAbsoluteHours],
    );
  }

  /** The live session of a token, its idle clock restarted; undefined when unknown, ended, idle too long or too old. */
  async touch(tokenHash: Buffer): Promise<SignedInLink | undefined> {
    const result = await this.ds.query(
      `UPDATE donor_sessions s SET last_seen_at = now()
         FROM donor_links l
        WHERE s.token_hash = $1 AND l.id = s.link_id AND s.ended_at IS NULL AND s.expires_at > now()
          AND s.last_seen_at > now() - make_interval(mins => $2)
        RETURNING s.id, l.email, s.purpose, s.subscription_id`,
      [tokenHash, DONOR_ACCESS.sessionIdleMinutes],
    );
    const row = (Array.isArray(result[0]) ? result[0][0] : result[0]) as
      { id: string; email: string; purpose: DonorLinkPurpose; subscription_id: string | null } | undefined;
    return row && { id: row.id, email: row.email, purpose: row.purpose, subscriptionId: row.subscription_id };
  }

  async end(id: string): Promise<void> {
    await this.ds.query(`UPDATE donor_sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [id]);
  }
}
