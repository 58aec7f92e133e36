import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { lockRows, type LockMemory } from '../../../core/src/db/row-lock.js';
import { customerOf, scrubErasedDonors } from '../../../core/src/privacy/donor-erasure.js';
import { lockRowsHoldingMerges, prefetchActiveMerges } from '../../../core/src/read-model/donor-merges.js';
import { WriteBehind, type WithWriteBehind } from '../../../core/src/read-model/write-behind.js';
import { AggregateBatch } from '../../../core/src/read-model/aggregate-batch.js';
import { moneyMovement } from '../../../core/src/read-model/money-movement.repository.js';
import { readModel, type RowCache } from '../../../core/src/read-model/read-model.repository.js';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import { eventRejection } from '../../../core/src/stripe/event-sanity.js';
import { stripeEvents, type InboxEvent } from '../inbox/stripe-events.repository.js';
import { readBalanceTransaction } from './money.projection.js';
import type { ProjectionContext } from './projection.js';
import { projectionFor } from './projection-registry.js';

export type ProjectionOutcome = 'processed' | 'ignored' | 'rejected' | 'already' | 'missing';

export interface ProjectionDeps {
  stripe: Stripe;
  timeZone: string;
  logger: Logger;
  /** the mode of the key in use (isLiveKey) */
  livemode: boolean;
}

export interface BatchResult {
  outcomes: Map<string, ProjectionOutcome>;
  /** Balance transactions the events named by id only: read from Stripe after the commit. */
  balanceTransactions: Array<{ id: string; chargeId: string | null }>;
}

/** The row-lock key of the object an event is about, as its projection takes it (`table:id`). */
const LOCK_TABLE: Record<string, string> = {
  charge: 'charges',
  customer: 'donors',
  payment_intent: 'payment_intents',
  invoice: 'invoices',
  subscription: 'subscriptions',
  payment_method: 'payment_methods',
  payout: 'payouts',
};

function lockKeys(object: { id?: unknown; object?: unknown; customer?: unknown }): string[] {
  const keys: string[] = [];
  const table = LOCK_TABLE[String(object.object)];
  if (table && typeof object.id === 'string') keys.push(`${table}:${object.id}`);
  return keys;
}

/**
 * Projects a batch of inbox rows into the read model in one transaction: the projections and the rows'
 * processed marks commit together, so each event is applied exactly once however often its job runs (a
 * duplicate job finds the row processed; a crash before commit leaves them unprocessed for the retry or the
 * relay). What a batch shares: one lock statement for the inbox rows (id order) and one for the objects'
 * row locks (key order; the donors' ones at the end), the rows charge events read (read ahead), the aggregates' changes applied once at the end (AggregateBatch), the erased-donor
 * check, one processed mark, one commit. Events apply oldest first (by `created`, then arrival); the ordering
 * guard makes the result independent of that order in any case. An event the sanity checks refuse
 * (event-sanity.ts) is marked rejected and projects nothing. A batch of one is the single-event case.
 */
export async function projectStripeEvents(
  ds: DataSource,
  eventIds: readonly string[],
  deps: ProjectionDeps,
): Promise<BatchResult> {
  const ids = [...new Set(eventIds)];
  return ds.transaction(async (m) => {
    const writeBehind = new WriteBehind((sql, params) => m.query(sql, params));
    const db: Queryable & LockMemory & RowCache & WithWriteBehind = {
      query: async (sql, params) => {
        if (writeBehind.size) await writeBehind.flush();
        return m.query(sql, params);
      },
      heldLocks: new Set(),
      prefetched: new Map(),
      writeBehind,
    };
    const events = await stripeEvents.lockForProjection(db, ids);
    const outcomes = new Map<string, ProjectionOutcome>();
    const due: InboxEvent[] = [];
    for (const id of ids) {
      const event = events.get(id);
      if (!event) {
        deps.logger.warn({ eventId: id }, 'job for an event that is not in the inbox');
        outcomes.set(id, 'missing');
      } else if (event.processed_at) {
        outcomes.set(id, 'already');
      } else {
        // The API checked on arrival; checked again here for rows stored before the checks existed, and on replay.
        const rejected = eventRejection(
          { created: event.created, livemode: event.livemode, data: event.payload?.data },
          { livemode: deps.livemode, receivedAt: event.received_at },
        );
        if (rejected) {
          deps.logger.warn(
            { eventId: id, type: event.type, reason: rejected },
            'Stripe event rejected by the sanity checks',
          );
          await stripeEvents.markRejected(db, id, rejected);
          outcomes.set(id, 'rejected');
        } else due.push(event);
      }
    }
    due.sort((a, b) => a.created - b.created);
    const objectOf = (e: InboxEvent) =>
      projectionFor(e.type) ? (e.payload?.data?.object as Record<string, unknown> | undefined) : undefined;
    // The merges lock (shared) comes before any charge's lock, as in writeCharge and a merge (donor-merges.ts).
    if (due.length)
      await lockRowsHoldingMerges(
        db,
        due.flatMap((e) => lockKeys(objectOf(e) ?? {})),
      );
    const charges = due.map(objectOf).filter((o) => o?.object === 'charge' && typeof o.id === 'string') as Array<{
      id: string;
      payment_intent?: unknown;
      customer?: unknown;
    }>;
    await readModel.prefetchForCharges(
      db,
      charges.map((c) => ({ id: c.id, paymentIntentId: idOf(c.payment_intent) })),
    );
    // The customers a charge can end up under: its own, its payment intent's, its invoice's.
    const chargeCustomers = [
      ...charges.map((c) => idOf(c.customer)),
      ...[...db.prefetched!.entries()]
        .filter(([k]) => !k.startsWith('charges:'))
        .map(([, row]) => row?.customer_id as string | null | undefined),
    ].filter((id): id is string => typeof id === 'string');
    await prefetchActiveMerges(db, chargeCustomers);
    await readModel.prefetchDonors(
      db,
      due
        .map(objectOf)
        .filter((o) => o?.object === 'customer' && typeof o.id === 'string')
        .map((o) => o!.id as string),
    );

    const shared: Omit<ProjectionContext, 'warn'> = {
      db,
      stripe: deps.stripe,
      timeZone: deps.timeZone,
      aggregates: new AggregateBatch(),
      balanceTransactionsToRead: [],
    };
    const eventsOfCustomer = new Map<string, string[]>();
    for (const event of due) {
      const projection = projectionFor(event.type);
      const object = objectOf(event);
      if (projection && object) {
        const warn = (msg: string, details?: Record<string, unknown>) =>
          deps.logger.warn({ eventId: event.id, type: event.type, ...details }, msg);
        await projection({ ...shared, warn }, object, event.created);
        const customerId = await customerOf(db, object);
        if (customerId) eventsOfCustomer.set(customerId, [...(eventsOfCustomer.get(customerId) ?? []), event.id]);
      }
      outcomes.set(event.id, projection ? 'processed' : 'ignored');
    }
    await writeBehind.flush();
    // What was read ahead is not kept past the projections: the aggregates and the scrub below change it.
    db.prefetched!.clear();
    // The donors' locks (for the is_donor flag and the erasure check) in one sorted statement, held only from here.
    await lockRows(
      db,
      [...eventsOfCustomer.keys(), ...shared.aggregates!.donorIds()].map((id) => `donors:${id}`),
    );
    await shared.aggregates!.flush(db, deps.timeZone);
    // A donor whose data was erased stays erased: what these events just wrote about them is scrubbed again.
    for (const customerId of await scrubErasedDonors(db, eventsOfCustomer)) {
      deps.logger.info({ eventIds: eventsOfCustomer.get(customerId) }, 'events about an erased donor scrubbed');
    }
    await stripeEvents.markProcessed(
      db,
      due.map((e) => ({ id: e.id, ignored: outcomes.get(e.id) === 'ignored' })),
    );
    return { outcomes, balanceTransactions: shared.balanceTransactionsToRead! };
  });
}

/** One event in its own transaction, its fees read right after (tests' reference passes, tools). */
export async function projectStripeEvent(
  ds: DataSource,
  eventId: string,
  deps: ProjectionDeps,
): Promise<ProjectionOutcome> {
  const { outcomes, balanceTransactions } = await projectStripeEvents(ds, [eventId], deps);
  const ctx = {
    db: ds,
    stripe: deps.stripe,
    timeZone: deps.timeZone,
    warn: (msg: string, details?: Record<string, unknown>) => deps.logger.warn({ eventId, ...details }, msg),
  };
  for (const t of balanceTransactions)
    if (!(await moneyMovement.hasBalanceTransaction(ds, t.id)))
      await readBalanceTransaction(ctx, t.id, t.id, t.chargeId);
  return outcomes.get(eventId)!;
}
