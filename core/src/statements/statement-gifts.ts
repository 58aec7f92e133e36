import type { Queryable } from '../db/queryable.js';
import { netCentsSql } from '../gifts/net-amount.js';
import { TRIBUTE_KINDS, TRIBUTE_LABELS } from '../gifts/gift-designation.js';

/**
 * The gifts of a calendar year, as the tax exports (API) and the year-end statements (API downloads and the
 * worker's e-mailed statements) read them: one query, so an e-mailed statement says what the export says.
 */

/** One gift (card charge that succeeded, or manual gift) as the exports and statements read it. */
export interface TaxGiftRow {
  source: 'card' | 'manual';
  id: string;
  /** Local day 'yyyy-MM-dd' in TIME_ZONE. */
  day: string;
  /** Local date 'Mon DD, YYYY' for the statement. */
  day_label: string;
  amount: string;
  amount_refunded: string;
  /** Net of refunds and of disputes not won: what the donor actually gave. */
  net: string;
  status: string;
  disputed: boolean;
  dispute_status: string | null;
  gift_type: string | null;
  brand: string | null;
  last4: string | null;
  name: string | null;
  email: string | null;
  address: string | null;
  /** '2026-000123' once the gift was acknowledged (only with `withReceipts`). */
  receipt_number?: string | null;
  /** 'In memory of Ada Lovelace' for a tribute gift, else null. */
  tribute: string | null;
  /** The fund's name when it is not General, else null. */
  fund: string | null;
  /** What a gift of property was ('100 shares of ACME'); null for card gifts. */
  description: string | null;
  /** The name of the appeal the gift is credited to, else null. */
  appeal: string | null;
}

export interface GiftFilter {
  year: number;
  timeZone: string;
  /** Only gifts whose net amount is at least this many cents. */
  minNetCents?: number;
  /** Only this donor's gifts. */
  customerId?: string;
  /** Only gifts credited to this appeal (its id). */
  appealId?: string;
  /** Adds each gift's receipt number (statements print it; the CSV exports do not need the join). */
  withReceipts?: boolean;
}

const NET = netCentsSql('c');

/** 'In memory of <name>' from a charge's tribute columns, in the words of TRIBUTE_LABELS (NULL without a tribute). */
const TRIBUTE_SQL = `CASE c.tribute_kind ${TRIBUTE_KINDS.map((k) => `WHEN '${k}' THEN '${TRIBUTE_LABELS[k]} ' || c.tribute_name`).join(' ')} END`;
/** A chosen fund's name (General, fund 1, goes without saying). */
const FUND_SQL = (alias: string) => `(SELECT name FROM funds f WHERE f.id = ${alias}.fund_id AND f.id <> 1)`;

/** The receipt number of an acknowledgment row `a` ('2026-000123'), NULL when there is none. */
export const RECEIPT_NUMBER_SQL = (a: string) =>
  `CASE WHEN ${a}.receipt_seq IS NULL THEN NULL ELSE ${a}.receipt_year || '-' || lpad(${a}.receipt_seq::text, 6, '0') END`;

/** The donor's address as one line; for card gifts, else the address typed on the donation form (donation_records). */
function addressLine(d: string, r?: string): string {
  const donor = `nullif(concat_ws(', ', nullif(${d}.address_line1, ''), nullif(${d}.address_line2, ''), nullif(${d}.address_city, ''),
    nullif(concat_ws(' ', nullif(${d}.address_state, ''), nullif(${d}.address_postal_code, '')), '')), '')`;
  if (!r) return donor;
  const form = `nullif(concat_ws(', ', nullif(${r}.address, ''), nullif(${r}.city, ''),
    nullif(concat_ws(' ', nullif(${r}.state, ''), nullif(${r}.zip_code, '')), '')), '')`;
  return `coalesce(${donor}, ${form})`;
}

/**
 * Gifts of one calendar year in TIME_ZONE, oldest first. Both halves are range scans in index order
 * (charges_created_idx or charges_customer_created_idx; manual_donations_date_idx or _customer_idx), so the
 * ordered union is a merge, not a sort, and rows can be streamed from a cursor as they are read.
 */
/**
 * A gift a donor merge moved to the kept donor: it is listed with the kept donor's name and e-mail, not the ones
 * the duplicate record gave (a probe of donor_merge_gifts' key per row, so the rows keep their index order).
 */
const MOVED = (kind: 'card' | 'manual', id: string) =>
  `EXISTS (SELECT 1 FROM donor_merge_gifts mg WHERE mg.gift_kind = '${kind}' AND mg.gift_id = ${id})`;

export function giftsSql(f: GiftFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.year, f.timeZone, f.minNetCents ?? null, f.customerId ?? null, f.appealId ?? null];
  const receipts = (kind: 'card' | 'manual', id: string) =>
    f.withReceipts
      ? {
          col: `, ${RECEIPT_NUMBER_SQL('a')} AS receipt_number`,
          join: `LEFT JOIN gift_acknowledgments a ON a.gift_kind = '${kind}' AND a.gift_id = ${id}`,
        }
      : { col: '', join: '' };
  const card = receipts('card', 'c.id');
  const manual = receipts('manual', 'm.id::text');
  const sql = `
    WITH bounds AS (SELECT make_timestamptz($1::int, 1, 1, 0, 0, 0, $2) AS from_at,
                           make_timestamptz($1::int + 1, 1, 1, 0, 0, 0, $2) AS to_at)
    SELECT source, id, to_char(at AT TIME ZONE $2, 'YYYY-MM-DD') AS day, to_char(at AT TIME ZONE $2, 'Mon DD, YYYY') AS day_label,
           amount, amount_refunded, net, status, disputed, dispute_status, gift_type, brand, last4, name, email, address, tribute, fund,
           description, appeal
           ${f.withReceipts ? ', receipt_number' : ''}
      FROM (
        (SELECT 'card'::text AS source, c.id, c.created AS at, c.amount, c.amount_refunded, ${NET} AS net, c.status,
                c.disputed, c.dispute_status, c.frequency AS gift_type, c.brand, c.last4,
                CASE WHEN ${MOVED('card', 'c.id')} THEN coalesce(d.name, c.billing_name)
                     ELSE coalesce(c.billing_name, d.name, nullif(concat_ws(' ', r.first_name, r.last_name), '')) END AS name,
                CASE WHEN ${MOVED('card', 'c.id')} THEN coalesce(d.email, c.billing_email)
                     ELSE coalesce(c.billing_email, d.email, r.email) END AS email, ${addressLine('d', 'r')} AS address,
                ${TRIBUTE_SQL} AS tribute, ${FUND_SQL('c')} AS fund, NULL::text AS description,
                (SELECT name FROM appeals WHERE id = c.appeal_id) AS appeal${card.col}
           FROM bounds b, charges c
           LEFT JOIN donors d ON d.id = c.customer_id
           LEFT JOIN donation_records r ON r.payment_intent_id = c.payment_intent_id
           ${card.join}
          WHERE c.created >= b.from_at AND c.created < b.to_at AND c.status = 'succeeded'
            AND ($3::bigint IS NULL OR ${NET} >= $3) AND ($4::text IS NULL OR c.customer_id = $4)
            AND ($5::uuid IS NULL OR c.appeal_id = $5)
          ORDER BY c.created, c.id)
        UNION ALL
        (SELECT 'manual', m.id::text, m.donation_date, m.amount, 0::bigint, m.amount, 'succeeded', false, NULL, m.donation_type,
                NULL, NULL, CASE WHEN ${MOVED('manual', 'm.id::text')} THEN coalesce(d.name, m.donor_name) ELSE m.donor_name END,
                CASE WHEN ${MOVED('manual', 'm.id::text')} THEN coalesce(d.email, m.donor_email) ELSE coalesce(m.donor_email, d.email) END,
                coalesce(nullif(m.donor_address, ''), ${addressLine('d')}), NULL::text, ${FUND_SQL('m')}, m.gift_description,
                (SELECT name FROM appeals WHERE id = m.appeal_id)${manual.col}
           FROM bounds b, manual_donations m
           LEFT JOIN donors d ON d.id = m.stripe_customer_id
           ${manual.join}
          WHERE m.donation_date >= b.from_at AND m.donation_date < b.to_at
            AND ($3::bigint IS NULL OR m.amount >= $3) AND ($4::text IS NULL OR m.stripe_customer_id = $4)
            AND ($5::uuid IS NULL OR m.appeal_id = $5)
          ORDER BY m.donation_date, m.id)
      ) g
     ORDER BY at, id`;
  return { sql, params };
}

/** One donor's gifts of a year, with receipt numbers (a statement: a handful of rows). */
export function donorYearGifts(
  db: Queryable,
  customerId: string,
  year: number,
  timeZone: string,
): Promise<TaxGiftRow[]> {
  const { sql, params } = giftsSql({ year, timeZone, customerId, withReceipts: true });
  return db.query(sql, params);
}

export interface DonorForStatement {
  id: string;
  name: string | null;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  deleted_at: Date | null;
}

export async function findStatementDonor(db: Queryable, id: string): Promise<DonorForStatement | null> {
  const rows = await db.query(
    `SELECT id, name, email, address_line1, address_line2, address_city, address_state, address_postal_code, deleted_at
       FROM donors WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * The calendar years (TIME_ZONE) in which a donor gave anything that still counts (net of refunds), newest
 * first: the years the profile offers a statement for.
 */
export async function donorGiftYears(db: Queryable, customerId: string, timeZone: string): Promise<number[]> {
  const rows: Array<{ year: number }> = await db.query(
    `SELECT DISTINCT year FROM (
       SELECT extract(year FROM c.created AT TIME ZONE $2)::int AS year FROM charges c
        WHERE c.customer_id = $1 AND c.status = 'succeeded' AND ${NET} > 0
       UNION
       SELECT extract(year FROM m.donation_date AT TIME ZONE $2)::int FROM manual_donations m WHERE m.stripe_customer_id = $1
     ) y ORDER BY year DESC`,
    [customerId, timeZone],
  );
  return rows.map((r) => r.year);
}
