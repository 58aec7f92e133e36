import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import type { Stack } from './stack.js';
import { TEST_WEBHOOK_SECRET } from './stack.js';

/** Stripe's own example objects (test/fixtures/stripe/fixtures3.json, a copy of shared/stripe's), the shapes the projections consume. */
const FIXTURES_PATH = process.env.STRIPE_FIXTURES_PATH ?? resolve(process.cwd(), 'test/fixtures/stripe/fixtures3.json');
let fixtures: Record<string, any> | undefined;

/** A deep copy of one fixture resource ('charge', 'customer', ...) with `overrides` merged on top. */
export function fixture<T = any>(name: string, overrides: Record<string, unknown> = {}): T {
  fixtures ??= JSON.parse(readFileSync(FIXTURES_PATH, 'utf8')).resources as Record<string, any>;
  const base = fixtures[name];
  if (!base) throw new Error(`No fixture named ${name}`);
  return { ...structuredClone(base), ...overrides } as T;
}

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** A Stripe event around `object`, as Stripe would send it. */
export function buildEvent(type: string, object: unknown, opts: { created?: number; id?: string } = {}): Stripe.Event {
  return {
    id: opts.id ?? stripeId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

const signer = new Stripe('sk_test_signer_only');

/** The body and Stripe-Signature header of a delivery, signed by the SDK like Stripe signs. */
export function signedWebhook(payload: unknown, secret = TEST_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

/** Delivers one event to the stack's webhook endpoint, signed with the test secret. */
export function postEvent(stack: Stack, event: unknown, secret = TEST_WEBHOOK_SECRET): request.Test {
  const { body, signature } = signedWebhook(event, secret);
  return request(stack.apiUrl)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(body);
}

/**
 * Waits until every inbox row is processed (and `predicate`, when given, holds). Polls the database:
 * the read model is the observable outcome, so nothing here measures time.
 */
export async function waitForProjection(
  stack: Stack,
  opts: { timeoutMs?: number; predicate?: () => Promise<boolean>; minEvents?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20000);
  for (;;) {
    const [row] = await stack.db.query<{ pending: number; total: number }>(
      `SELECT count(*) FILTER (WHERE processed_at IS NULL)::int AS pending, count(*)::int AS total FROM stripe_events`,
    );
    if (row.pending === 0 && row.total >= (opts.minEvents ?? 0) && (!opts.predicate || (await opts.predicate())))
      return;
    if (Date.now() > deadline) {
      const stuck = await stack.db.query(
        `SELECT id, type, attempts, last_error FROM stripe_events WHERE processed_at IS NULL LIMIT 5`,
      );
      throw new Error(
        row.pending === 0 && row.total >= (opts.minEvents ?? 0)
          ? `Projection finished (${row.total} events) but the awaited condition never held`
          : `Projection did not finish: ${row.pending} of ${row.total} events unprocessed ${JSON.stringify(stuck)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Whether every balance transaction (fee) that a processed charge or refund event names by id is stored: the worker reads them
 * in a follow-up job after the projection commits, so an empty inbox does not yet mean the fees are known.
 * A predicate for waitForProjection.
 */
export function feesRead(stack: Stack): () => Promise<boolean> {
  return async () => {
    const [row] = await stack.db.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM stripe_events e
        CROSS JOIN LATERAL (SELECT e.payload->'data'->'object'->>'balance_transaction' AS id) t
        WHERE e.processed_at IS NOT NULL AND e.payload->'data'->'object'->>'object' IN ('charge', 'refund')
          AND jsonb_typeof(e.payload->'data'->'object'->'balance_transaction') = 'string'
          AND NOT EXISTS (SELECT 1 FROM balance_transactions b WHERE b.id = t.id)`,
    );
    return row.missing === 0;
  };
}

/**
 * Read-model tables and the columns that are bookkeeping (times of writing), not state. Aggregate rows that
 * sum to zero are left out: a bucket an out-of-order pass touched and emptied again is no difference.
 */
const CHECKSUM_TABLES: Record<string, string[]> = {
  donors: ['updated_at'],
  payment_methods: [],
  payment_intents: [],
  subscriptions: [],
  invoices: [],
  charges: [],
  daily_totals: [],
  monthly_totals: [],
  donor_totals: [],
};
const NON_ZERO: Record<string, string> = {
  daily_totals: 'WHERE amount <> 0 OR count <> 0',
  monthly_totals: 'WHERE amount <> 0 OR count <> 0',
  donor_totals: 'WHERE total_amount <> 0 OR donation_count <> 0',
};

/** The ordering guard's version columns: a backfill versions a row by the moment it read the object. */
const VERSION_COLUMNS = ['last_event_created', 'dispute_event_created'];

/**
 * md5 of each read-model table's rows (bookkeeping columns left out), for "same final state" checks.
 * `withoutVersions` also leaves out the guard's versions, to compare content built at different times.
 */
export async function readModelChecksums(
  stack: Stack,
  opts: { withoutVersions?: boolean } = {},
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, bookkeeping] of Object.entries(CHECKSUM_TABLES)) {
    const skip = opts.withoutVersions ? [...bookkeeping, ...VERSION_COLUMNS] : bookkeeping;
    const cols = await stack.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'public' ORDER BY ordinal_position`,
      [table],
    );
    const list = cols.map((c) => c.column_name).filter((c) => !skip.includes(c));
    const order =
      table === 'daily_totals'
        ? 'day, source, donation_type, brand'
        : table === 'monthly_totals'
          ? 'month, source, donation_type, brand'
          : table === 'donor_totals'
            ? 'customer_id'
            : 'id';
    const [row] = await stack.db.query<{ sum: string | null; n: number }>(
      `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY ${order
        .split(', ')
        .map((c) => `t.${c}`)
        .join(', ')}), '')) AS sum, count(*)::int AS n
         FROM (SELECT ${list.join(', ')} FROM ${table} ${NON_ZERO[table] ?? ''}) t`,
    );
    out[table] = `${row.n}:${row.sum}`;
  }
  return out;
}
