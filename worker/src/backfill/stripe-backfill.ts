import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { chargeProjection } from '../projections/charge.projection.js';
import { customerUpserted } from '../projections/customer.projection.js';
import { disputeProjection } from '../projections/dispute.projection.js';
import { invoiceProjection } from '../projections/invoice.projection.js';
import { paymentIntentProjection } from '../projections/payment-intent.projection.js';
import { paymentMethodUpserted } from '../projections/payment-method.projection.js';
import {
  allOf,
  chargeBalanceTransaction,
  disputeBalanceTransactions,
  payoutProjection,
  refundBalanceTransaction,
} from '../projections/money.projection.js';
import type { Projection } from '../projections/projection.js';
import { subscriptionProjection } from '../projections/subscription.projection.js';

export interface BackfillProgress {
  phase: string;
  phaseIndex: number;
  phases: number;
  done: number;
}

export interface BackfillDeps {
  ds: DataSource;
  stripe: Stripe;
  timeZone: string;
  onProgress?: (p: BackfillProgress) => void;
  warn?: (msg: string, details?: Record<string, unknown>) => void;
}

type Lister = (stripe: Stripe) => AsyncIterable<any>;

/** In link order: donors before their cards, subscriptions and invoices before the charges they explain. */
const PHASES: Array<[string, Lister, Projection]> = [
  ['customers', (s) => s.customers.list({ limit: 100 }), customerUpserted],
  ['subscriptions', (s) => s.subscriptions.list({ limit: 100, status: 'all' }), subscriptionProjection],
  ['invoices', (s) => s.invoices.list({ limit: 100, expand: ['data.payments'] }), invoiceProjection],
  ['payment intents', (s) => s.paymentIntents.list({ limit: 100 }), paymentIntentProjection],
  [
    'charges',
    (s) => s.charges.list({ limit: 100, expand: ['data.balance_transaction'] }),
    allOf(chargeProjection, chargeBalanceTransaction),
  ],
  ['disputes', (s) => s.disputes.list({ limit: 100 }), allOf(disputeProjection, disputeBalanceTransactions)],
  // Money movement: refunds' balance transactions, then the payouts (each reconciled one with the lines it carried).
  ['refunds', (s) => s.refunds.list({ limit: 100, expand: ['data.balance_transaction'] }), refundBalanceTransaction],
  ['payouts', (s) => s.payouts.list({ limit: 100 }), payoutProjection],
];

/**
 * Rebuilds or repairs the read model from the Stripe API, through the same projections and the same
 * ordering guard as the events. An object listed now is the state as of the moment the list was read, so it
 * is applied with that moment as its version: it wins over every older event, and an event newer than the
 * read still wins over it (ties by state rank). That makes it safe to run while webhooks flow, and to run
 * twice. The moment is taken before each list is read, from the later of this clock and Stripe's newest
 * event, so a skewed local clock cannot make a fresh read lose to the events it already includes.
 */
export async function runBackfill(deps: BackfillDeps): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const warn = deps.warn ?? (() => undefined);
  const phases = PHASES.length + 1;
  for (const [index, [phase, list, projection]] of PHASES.entries()) {
    const at = await snapshotMoment(deps.stripe);
    counts[phase] = 0;
    deps.onProgress?.({ phase, phaseIndex: index, phases, done: 0 });
    try {
      for await (const object of list(deps.stripe)) {
        await apply(deps, projection, object, at, warn);
        counts[phase]++;
        if (phase === 'customers')
          counts['payment methods'] = (counts['payment methods'] ?? 0) + (await backfillCards(deps, object.id, warn));
        deps.onProgress?.({ phase, phaseIndex: index, phases, done: counts[phase] });
      }
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404 && phase === 'disputes') {
        warn('this Stripe has no disputes list; skipped');
        continue;
      }
      throw err;
    }
  }
  deps.onProgress?.({
    phase: 'done',
    phaseIndex: phases,
    phases,
    done: Object.values(counts).reduce((a, b) => a + b, 0),
  });
  return counts;
}

async function backfillCards(
  deps: BackfillDeps,
  customerId: string,
  warn: NonNullable<BackfillDeps['warn']>,
): Promise<number> {
  const at = await snapshotMoment(deps.stripe);
  let n = 0;
  for await (const pm of deps.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })) {
    await apply(deps, paymentMethodUpserted, pm, at, warn);
    n++;
  }
  return n;
}

function apply(
  deps: BackfillDeps,
  projection: Projection,
  object: unknown,
  at: number,
  warn: NonNullable<BackfillDeps['warn']>,
): Promise<void> {
  return deps.ds.transaction((m) =>
    projection({ db: m, stripe: deps.stripe, timeZone: deps.timeZone, warn }, object, at),
  );
}

async function snapshotMoment(stripe: Stripe): Promise<number> {
  const local = Math.floor(Date.now() / 1000);
  const newest = await stripe.events.list({ limit: 1 }).then(
    (p) => p.data[0]?.created ?? 0,
    () => 0,
  );
  return Math.max(local, newest);
}
