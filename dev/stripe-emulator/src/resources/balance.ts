import type { Ctx } from '../core/context.js';
import { StripeApiError, missing } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { availableOnFrom } from './money-settings.js';

const DAY = 86400;

export const startOfUtcDay = (t: number) => t - (((t % DAY) + DAY) % DAY);

export interface TxnFields {
  amount: number;
  fee: number;
  currency: string;
  source: string;
  type: string;
  category: string;
  description: string | null;
  feeDescription?: string;
  /** Charges wait for the payout schedule's delay; refunds, disputes and payouts move the balance at once. */
  availableOn?: number;
}

/**
 * A balance transaction shaped like fixtures3.json's: `net` = amount - fee, one `stripe_fee` line in
 * `fee_details` when there is a fee, `pending` until `available_on`. The payout that swept it is kept in
 * the private `__payout` (Stripe answers it only through `GET /v1/balance_transactions?payout=`).
 */
export function createBalanceTransaction(ctx: Ctx, f: TxnFields): Obj {
  const created = ctx.now();
  const availableOn = f.availableOn ?? created;
  return ctx.store.put('balance_transactions', {
    id: newId('txn'),
    object: 'balance_transaction',
    amount: f.amount,
    available_on: availableOn,
    balance_type: 'payments',
    created,
    currency: f.currency,
    description: f.description,
    exchange_rate: null,
    fee: f.fee,
    fee_details: f.fee
      ? [
          {
            amount: f.fee,
            application: null,
            currency: f.currency,
            description: f.feeDescription ?? 'Stripe processing fees',
            type: 'stripe_fee',
          },
        ]
      : [],
    net: f.amount - f.fee,
    reporting_category: f.category,
    source: f.source,
    status: availableOn <= created ? 'available' : 'pending',
    type: f.type,
  });
}

/** The balance transaction of a payment that just succeeded: fee by payment method, funds after the delay. */
export function chargeTransaction(ctx: Ctx, charge: Obj, fee: number): Obj {
  const availableOn = availableOnFrom(ctx, startOfUtcDay(ctx.now()));
  return createBalanceTransaction(ctx, {
    amount: charge.amount,
    fee,
    currency: charge.currency,
    source: charge.id,
    type: 'charge',
    category: 'charge',
    description: charge.description,
    availableOn,
  });
}

/** Stored statuses follow the clock: `pending` turns `available` once `available_on` has passed. */
export function refreshStatuses(ctx: Ctx): void {
  const now = ctx.now();
  for (const t of ctx.store.col('balance_transactions').values())
    if (t.status === 'pending' && t.available_on <= now) t.status = 'available';
}

export function getBalanceTransaction(ctx: Ctx, id: string): Obj {
  refreshStatuses(ctx);
  const t = ctx.store.get('balance_transactions', id);
  if (!t) throw missing('balance transaction', id);
  return t;
}

/**
 * `GET /v1/balance_transactions` filters. `payout` lists what an automatic payout carried (never the payout's
 * own `payout` transaction), once its reconciliation has completed, as Stripe does.
 */
export function listBalanceTransactions(ctx: Ctx, p: Params): Obj[] {
  refreshStatuses(ctx);
  const payoutId = str(p, 'payout');
  if (payoutId) {
    const po = ctx.store.get('payouts', payoutId);
    if (!po) throw missing('payout', payoutId, 'payout');
    if (po.reconciliation_status !== 'completed') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Balance transactions for payout ${payoutId} are not available yet: its reconciliation is still in progress. Wait for the payout.reconciliation_completed event.`,
        { code: 'payout_reconciliation_not_ready', param: 'payout' },
      );
    }
  }
  const type = str(p, 'type'),
    source = str(p, 'source'),
    currency = str(p, 'currency');
  return [...ctx.store.col('balance_transactions').values()].filter(
    (t) =>
      (!payoutId || (t.__payout === payoutId && t.type !== 'payout')) &&
      (!type || t.type === type) &&
      (!source || t.source === source) &&
      (!currency || t.currency === currency),
  );
}

/** `GET /v1/balance`: available and pending funds per currency; payouts already taken out count against available. */
export function getBalance(ctx: Ctx): Obj {
  refreshStatuses(ctx);
  const sums = new Map<string, { available: number; pending: number }>();
  for (const t of ctx.store.col('balance_transactions').values()) {
    const s = sums.get(t.currency) ?? { available: 0, pending: 0 };
    sums.set(t.currency, s);
    if (t.status === 'available') s.available += t.net;
    else s.pending += t.net;
  }
  if (!sums.size) sums.set('usd', { available: 0, pending: 0 });
  const side = (k: 'available' | 'pending') =>
    [...sums].map(([currency, s]) => ({ amount: s[k], currency, source_types: { card: s[k] } }));
  return {
    object: 'balance',
    available: side('available'),
    connect_reserved: [...sums.keys()].map((currency) => ({ amount: 0, currency })),
    livemode: false,
    pending: side('pending'),
  };
}
