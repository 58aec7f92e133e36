import type Stripe from 'stripe';
import { idOf, toDate } from './stripe-object.js';

/** A payout as the `payouts` table keeps it. */
export interface PayoutRow {
  id: string;
  amount: number;
  currency: string;
  status: string;
  arrival_date: Date;
  created: Date;
  failure_code: string | null;
  failure_message: string | null;
  reconciliation_status: string | null;
}

/** A balance transaction as the `balance_transactions` table keeps it; payout_id is set once a payout carries it. */
export interface BalanceTransactionRow {
  id: string;
  type: string;
  reporting_category: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  source_id: string | null;
  charge_id: string | null;
  payout_id: string | null;
  created: Date;
  available_on: Date;
}

/** A payout only moves forward: pending < in_transit < paid, failed or canceled. */
const PAYOUT_RANK: Record<string, number> = { pending: 0, in_transit: 1, paid: 2, failed: 2, canceled: 2 };
export const payoutRank = (status: string): number => PAYOUT_RANK[status] ?? 0;

export function toPayoutRow(po: Stripe.Payout): PayoutRow {
  return {
    id: po.id,
    amount: po.amount,
    currency: po.currency,
    status: po.status,
    arrival_date: toDate(po.arrival_date)!,
    created: toDate(po.created)!,
    failure_code: po.failure_code ?? null,
    failure_message: po.failure_message ?? null,
    reconciliation_status: po.reconciliation_status ?? null,
  };
}

/**
 * The gift a balance transaction belongs to: its source is the charge itself, or a refund or dispute that
 * names its charge (when the source is expanded); anything else (a returned payout, a Stripe fee) has none.
 */
export function chargeOfSource(source: Stripe.BalanceTransaction['source']): string | null {
  if (!source) return null;
  if (typeof source === 'string') return source.startsWith('ch_') || source.startsWith('py_') ? source : null;
  if (source.object === 'charge') return source.id;
  if ('charge' in source) return idOf((source as { charge?: unknown }).charge);
  return null;
}

export function toBalanceTransactionRow(
  t: Stripe.BalanceTransaction,
  payoutId: string | null,
  chargeId?: string | null,
): BalanceTransactionRow {
  return {
    id: t.id,
    type: t.type,
    reporting_category: t.reporting_category,
    amount: t.amount,
    fee: t.fee,
    net: t.net,
    currency: t.currency,
    source_id: idOf(t.source),
    charge_id: chargeId !== undefined ? chargeId : chargeOfSource(t.source),
    payout_id: payoutId,
    created: toDate(t.created)!,
    available_on: toDate(t.available_on)!,
  };
}
