import type Stripe from 'stripe';
import { pino } from 'pino';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { createDataSource } from '../../core/src/db/data-source.js';
import type { DataSource } from 'typeorm';
import { projectStripeEvent, type ProjectionDeps } from '../../worker/src/projections/project-stripe-events.js';
import { readModelChecksums, signedWebhook } from './events.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import type { Stack } from './stack.js';
import { migrations } from '../../migrations/index.js';

export interface DeliveryResult {
  id: string;
  status: number;
}

/**
 * POSTs each event, signed with the test secret, to `${apiUrl}/api/stripe/webhook`, `concurrency` at a time
 * (the way Stripe delivers in parallel). A connection error is status 0. `onResult` sees every answer as it comes.
 * With `connectionRetries`, a delivery that got no answer at all (refused, reset, timed out) is sent again, as
 * Stripe retries one: on a loaded machine a 15 s timeout says nothing about the system under test.
 */
export async function deliver(
  apiUrl: string,
  events: Stripe.Event[],
  opts: {
    concurrency?: number;
    onResult?: (r: DeliveryResult) => void;
    stopWhen?: () => boolean;
    connectionRetries?: number;
  } = {},
): Promise<DeliveryResult[]> {
  const results: DeliveryResult[] = [];
  let next = 0;
  const post = async (body: string, signature: string): Promise<number> => {
    try {
      const res = await fetch(`${apiUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body,
        signal: AbortSignal.timeout(15000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  };
  const lane = async () => {
    while (next < events.length && !opts.stopWhen?.()) {
      const event = events[next++];
      const { body, signature } = signedWebhook(event);
      let status = await post(body, signature);
      for (let retry = 0; status === 0 && retry < (opts.connectionRetries ?? 0); retry++) {
        await new Promise((r) => setTimeout(r, 500 * (retry + 1)));
        status = await post(body, signature);
      }
      const r = { id: event.id, status };
      results.push(r);
      opts.onResult?.(r);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 16 }, lane));
  return results;
}

/**
 * The expected read model: the same events applied once each, in order, one at a time, by the worker's own
 * projection function, in a second fresh database. Stripe look-ups go to a closed port (as in the stack under
 * test) so both sides take the same fallback on a full tie.
 */
export async function referencePass(
  events: Stripe.Event[],
): Promise<{ db: TestDatabase; checksums: Record<string, string> }> {
  return projectDirectly(events, async (ds, deps) => {
    for (const e of events) await projectStripeEvent(ds, e.id, deps);
  });
}

/**
 * A fresh database holding `events` in its inbox, projected by `project` (with the worker's own functions and
 * a Stripe that cannot be reached); answers the database and its read model's checksums.
 */
export async function projectDirectly(
  events: Stripe.Event[],
  project: (ds: DataSource, deps: ProjectionDeps) => Promise<void>,
): Promise<{ db: TestDatabase; checksums: Record<string, string> }> {
  const db = await createTestDatabase();
  const rows = events.map((e) => [e.id, e.type, e.created, JSON.stringify(e)]);
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.query(
      `INSERT INTO stripe_events (id, type, created, livemode, api_version, payload)
       SELECT id, type, created, false, '2026-10-28.endive', payload::jsonb
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[]) AS t(id, type, created, payload)`,
      [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2]), chunk.map((r) => r[3])],
    );
  }
  const ds = createDataSource(db.url, { migrations, poolSize: 2, applicationName: 'faults-reference' });
  await ds.initialize();
  try {
    const stripe = createStripeClient(
      { STRIPE_SECRET_KEY: 'sk_test_reference', STRIPE_API_BASE: 'http://127.0.0.1:9' },
      { maxNetworkRetries: 0 },
    );
    await project(ds, { stripe, timeZone: 'America/Chicago', logger: pino({ level: 'silent' }), livemode: false });
  } finally {
    await ds.destroy();
  }
  return { db, checksums: await readModelChecksums({ db } as Stack) };
}
