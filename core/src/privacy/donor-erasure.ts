import { emailKey } from '../donor-identity/email-key.js';
import type { Queryable } from '../db/queryable.js';
import { lockRows } from '../db/row-lock.js';

/** What an erased donor's name reads as everywhere it was shown (lists, statements, tax reports). */
export const ERASED_NAME = 'Erased donor';

/** Whom to erase: the Stripe customer id, and the e-mails the donor's rows hold (gifts not linked by id are found by these). */
export interface ErasureTarget {
  customerId: string;
  /** The e-mails seen on the donor's rows, as donor-identity keys (emailKey). */
  emails: string[];
  /** Every name and e-mail seen on the donor's rows, as typed: stored event payloads are searched for them. */
  needles: string[];
  /**
   * The worker's scrub after projecting events about an erased donor: stub only processed events and these
   * (the batch's own), so an event about the donor still waiting (a retry, a later batch) is projected and then
   * scrubbed in its turn instead of being stubbed unprojected. Unset (the erasure itself): every event.
   */
  projectedEvents?: string[];
}

export interface ErasureStep {
  /** The table the step changes (docs/SECURITY.md "Where donor data lives" lists the same tables). */
  table: string;
  /** What the step replaces. */
  what: string;
  run(db: Queryable, t: ErasureTarget): Promise<number>;
}

/**
 * Metadata keys that carry the donor's details (the public form's donor_name, donor_email, donor_phone, ...,
 * and a tribute's donor_tribute_*): the keys starting `donor_`, in our rows (STRIP_DONOR_KEYS) and at Stripe.
 */
const DONOR_KEY_PREFIX = 'donor_';
const STRIP_DONOR_KEYS = `metadata - ARRAY(SELECT k FROM jsonb_object_keys(metadata) k WHERE k LIKE 'donor\\_%')`;

/** The metadata update that removes a Stripe object's donor keys (Stripe removes a key set to ''); null when it has none. */
export function donorMetadataRemoval(metadata: Record<string, string> | null | undefined): Record<string, ''> | null {
  const keys = Object.keys(metadata ?? {}).filter((k) => k.startsWith(DONOR_KEY_PREFIX));
  return keys.length ? Object.fromEntries(keys.map((k) => [k, ''] as const)) : null;
}

/** TypeORM answers an UPDATE with [rows, count]; pg with rows. */
function affected(result: unknown): number {
  if (Array.isArray(result) && typeof result[1] === 'number') return result[1];
  return Array.isArray(result) ? result.length : 0;
}

const update = async (db: Queryable, sql: string, params: unknown[]) =>
  affected(await db.query(`${sql} RETURNING 1`, params));

/**
 * The erasure, table by table: each step replaces the donor's name, e-mail, phone and address (and card
 * fragments) and leaves amounts, dates and ids alone, so totals, tax reports and the books do not change.
 * Every step is idempotent: the worker runs them again after projecting a later event about an erased donor.
 * A table that starts holding donor data gets its step here (and its line in docs/SECURITY.md's inventory); the
 * erasure test scans every text column of every table, so a forgotten one fails it.
 */
export const DONOR_ERASURE_STEPS: readonly ErasureStep[] = [
  {
    table: 'donors',
    what: 'name, e-mail, phone, address, description',
    run: (db, t) =>
      update(
        db,
        `UPDATE donors SET name = $2, email = NULL, phone = NULL, address_line1 = NULL, address_line2 = NULL, address_city = NULL,
              address_state = NULL, address_postal_code = NULL, address_country = NULL, description = NULL,
              erased_at = coalesce(erased_at, now()), deleted_at = coalesce(deleted_at, now()), updated_at = now()
        WHERE id = $1`,
        [t.customerId, ERASED_NAME],
      ),
  },
  {
    table: 'charges',
    what: "billing name, e-mail and phone, description, receipt link, card last 4, donor metadata, the tribute's name and whom to tell",
    run: (db, t) =>
      update(
        db,
        `UPDATE charges SET billing_name = CASE WHEN billing_name IS NULL THEN NULL ELSE $2 END, billing_email = NULL,
              billing_phone = NULL, description = NULL, receipt_url = NULL, last4 = NULL, metadata = ${STRIP_DONOR_KEYS},
              tribute_name = NULL, tribute_notify_email = NULL, tribute_notify_address = NULL
        WHERE customer_id = $1 OR email_key(billing_email) = ANY($3::text[])`,
        [t.customerId, ERASED_NAME, t.emails],
      ),
  },
  {
    table: 'payment_intents',
    what: 'receipt e-mail, description, donor metadata',
    run: (db, t) =>
      update(
        db,
        `UPDATE payment_intents SET receipt_email = NULL, description = NULL, metadata = ${STRIP_DONOR_KEYS}
        WHERE customer_id = $1 OR email_key(receipt_email) = ANY($2::text[])`,
        [t.customerId, t.emails],
      ),
  },
  {
    table: 'subscriptions',
    what: 'donor metadata',
    run: (db, t) =>
      update(db, `UPDATE subscriptions SET metadata = ${STRIP_DONOR_KEYS} WHERE customer_id = $1`, [t.customerId]),
  },
  {
    table: 'payment_methods',
    what: 'card last 4 and expiry',
    run: (db, t) =>
      update(db, `UPDATE payment_methods SET last4 = NULL, exp_month = NULL, exp_year = NULL WHERE customer_id = $1`, [
        t.customerId,
      ]),
  },
  {
    table: 'donation_records',
    what: 'name, e-mail, phone, address',
    run: (db, t) =>
      update(
        db,
        `UPDATE donation_records SET first_name = 'Erased', last_name = 'donor', email = '', phone = NULL, address = NULL,
              city = NULL, state = NULL, zip_code = NULL
        WHERE customer_id = $1 OR email_key(email) = ANY($2::text[])`,
        [t.customerId, t.emails],
      ),
  },
  {
    table: 'manual_donations',
    what: 'name, e-mail, phone, address, notes, descriptions of the gift and of what was received',
    run: (db, t) =>
      update(
        db,
        `UPDATE manual_donations SET donor_name = $2, donor_email = NULL, donor_phone = NULL, donor_address = NULL, notes = NULL,
              gift_description = NULL, goods_description = NULL
        WHERE stripe_customer_id = $1 OR email_key(donor_email) = ANY($3::text[])`,
        [t.customerId, ERASED_NAME, t.emails],
      ),
  },
  {
    table: 'donor_import_rows',
    what: 'rows of a CSV import not yet finished that belong to the donor (deleted)',
    run: (db, t) =>
      update(
        db,
        `DELETE FROM donor_import_rows
        WHERE customer_id = $1 OR EXISTS (SELECT 1 FROM unnest(cells) c WHERE email_key(c) = ANY($2::text[]))`,
        [t.customerId, t.emails],
      ),
  },
  {
    table: 'outbound_mail',
    what: "recipient's e-mail and the mail server's reply; mail still waiting is not sent",
    run: (db, t) =>
      update(
        db,
        `UPDATE outbound_mail
          SET recipient = '',
              last_error = CASE WHEN status IN ('queued', 'sending') OR last_error = $3 THEN $3 END,
              status = CASE WHEN status IN ('queued', 'sending') THEN 'failed' ELSE status END
        WHERE customer_id = $1 OR email_key(recipient) = ANY($2::text[])`,
        [t.customerId, t.emails, 'Not sent: the donor was erased'],
      ),
  },
  {
    table: 'gift_acknowledgments',
    what: "recipient's e-mail",
    run: (db, t) =>
      update(
        db,
        `UPDATE gift_acknowledgments SET recipient = NULL WHERE customer_id = $1 OR email_key(recipient) = ANY($2::text[])`,
        [t.customerId, t.emails],
      ),
  },
  {
    table: 'donor_links',
    what: "the donor's self-service sign-in links (e-mail address, scope); their sessions end with them",
    run: (db, t) =>
      update(db, `DELETE FROM donor_links WHERE $1 = ANY(customer_ids) OR email_key(email) = ANY($2::text[])`, [
        t.customerId,
        t.emails,
      ]),
  },
  {
    table: 'stripe_events',
    what: 'the whole payload of every event about the donor (replaced by a stub of id, type and time)',
    run: (db, t) =>
      update(
        db,
        `UPDATE stripe_events e
          SET payload = jsonb_build_object('id', e.id, 'object', 'event', 'type', e.type, 'created', e.created,
                                           'livemode', e.livemode, 'api_version', e.api_version, 'pruned', true),
              payload_pruned_at = now(),
              processed_at = coalesce(e.processed_at, now())
        WHERE e.payload_pruned_at IS NULL
          AND ($3::text[] IS NULL OR e.processed_at IS NOT NULL OR e.id = ANY($3::text[]))
          AND (e.payload->'data'->'object'->>'id' = $1
               OR e.payload->'data'->'object'->>'customer' = $1
               OR e.payload->'data'->'object'->'customer'->>'id' = $1
               OR EXISTS (SELECT 1 FROM unnest($2::text[]) n WHERE position(n IN lower(e.payload::text)) > 0))`,
        [t.customerId, t.needles.map((n) => jsonText(n).toLowerCase()), t.projectedEvents ?? null],
      ),
  },
];

/** A string as it appears inside JSON text (quotes and backslashes escaped), without the surrounding quotes. */
function jsonText(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** The donor's names and e-mails as every table holds them, read before the erasure replaces them. */
export async function erasureTarget(db: Queryable, customerId: string): Promise<ErasureTarget> {
  const rows: Array<{ v: string | null }> = await db.query(
    `SELECT name AS v FROM donors WHERE id = $1 UNION SELECT email FROM donors WHERE id = $1
     UNION SELECT billing_name FROM charges WHERE customer_id = $1 UNION SELECT billing_email FROM charges WHERE customer_id = $1
     UNION SELECT receipt_email FROM payment_intents WHERE customer_id = $1
     UNION SELECT first_name || ' ' || last_name FROM donation_records WHERE customer_id = $1
     UNION SELECT email FROM donation_records WHERE customer_id = $1
     UNION SELECT donor_name FROM manual_donations WHERE stripe_customer_id = $1
     UNION SELECT donor_email FROM manual_donations WHERE stripe_customer_id = $1
     UNION SELECT recipient FROM outbound_mail WHERE customer_id = $1
     UNION SELECT recipient FROM gift_acknowledgments WHERE customer_id = $1`,
    [customerId],
  );
  const values = rows
    .map((r) => r.v?.trim())
    .filter((v): v is string => Boolean(v) && v !== ERASED_NAME && v!.length >= 3);
  // Keyed by donor identity (ASCII letters folded only), as SQL's email_key(): a look-alike address is someone else.
  const emails = [...new Set(values.filter((v) => v.includes('@')).map(emailKey))];
  // The people the donor's tribute gifts named: looked for in the stored events (needles), but never matched as
  // the donor's own e-mail, which would reach the rows of whoever else uses that address.
  const tributes: Array<{ v: string | null }> = await db.query(
    `SELECT unnest(ARRAY[tribute_name, tribute_notify_email, tribute_notify_address]) AS v FROM charges WHERE customer_id = $1 AND tribute_kind IS NOT NULL`,
    [customerId],
  );
  const named = tributes.map((r) => r.v?.trim()).filter((v): v is string => Boolean(v) && v!.length >= 3);
  return { customerId, emails, needles: [...new Set([...values, ...named])] };
}

/** Runs every step for one donor (inside the caller's transaction); returns the rows changed per table. */
export async function eraseDonorData(db: Queryable, target: ErasureTarget): Promise<Record<string, number>> {
  const changed: Record<string, number> = {};
  for (const step of DONOR_ERASURE_STEPS)
    changed[step.table] = (changed[step.table] ?? 0) + (await step.run(db, target));
  return changed;
}

/** The donors merged into `keptId` by merges still in force: erasing the kept donor erases them too. */
export async function mergedDonorIds(db: Queryable, keptId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await db.query(`SELECT id FROM donors WHERE merged_into = $1 ORDER BY id`, [
    keptId,
  ]);
  return rows.map((r) => r.id);
}

/** The Stripe customer a projected object is about: itself, its `customer`, or (a dispute) its charge's customer. */
export async function customerOf(
  db: Queryable,
  object: { id?: unknown; object?: unknown; customer?: unknown; charge?: unknown },
): Promise<string | null> {
  if (object.object === 'customer' && typeof object.id === 'string') return object.id;
  if (typeof object.customer === 'string') return object.customer;
  const expanded = (object.customer as { id?: unknown } | null | undefined)?.id;
  if (typeof expanded === 'string') return expanded;
  if (object.object === 'dispute' && typeof object.charge === 'string') {
    const rows: Array<{ customer_id: string | null }> = await db.query(
      `SELECT customer_id FROM charges WHERE id = $1`,
      [object.charge],
    );
    return rows[0]?.customer_id ?? null;
  }
  return null;
}

/**
 * After the worker projects a batch of events: for each of their donors who was erased, the events' data (in
 * the rows just written and in the stored payloads) is scrubbed again, in the same transaction. The donors' row
 * locks (the one an erasure holds while it runs) are taken first and then released at commit: a projection
 * racing an erasure waits for it and then sees it. One statement of locks and one index probe per batch.
 * Returns the donors scrubbed.
 */
export async function scrubErasedDonors(
  db: Queryable,
  eventsOfCustomer: ReadonlyMap<string, string[]>,
): Promise<string[]> {
  const customerIds = [...eventsOfCustomer.keys()];
  if (!customerIds.length) return [];
  // Two statements: a statement's snapshot is taken before it waits, so a check in the locking statement
  // would not see the erasure it waited for.
  await lockRows(
    db,
    customerIds.map((id) => `donors:${id}`),
  );
  const rows: Array<{ id: string; merged_into: string | null }> = await db.query(
    `SELECT id, merged_into FROM donors WHERE id = ANY($1::text[]) AND erased_at IS NOT NULL`,
    [customerIds],
  );
  for (const { id, merged_into } of rows) {
    const projectedEvents = eventsOfCustomer.get(id);
    await eraseDonorData(db, { customerId: id, emails: [], needles: [], projectedEvents });
    // A merged-away donor's later charges are written under the kept donor (erased with it: eraseMergedDonors).
    if (merged_into) await eraseDonorData(db, { customerId: merged_into, emails: [], needles: [], projectedEvents });
  }
  return rows.map((r) => r.id);
}
