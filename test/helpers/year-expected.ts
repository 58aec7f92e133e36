import type Stripe from 'stripe';
import type { MoneyFigures } from '../../core/src/read-model/money-lines.js';
import { localDay } from './admin-api-expected.js';
import type { ManualGift } from './year-of-gifts.js';

/**
 * The test's own reading of a year, from the emulator's objects (read through the SDK) and the manual gifts it
 * recorded: nothing here comes from our code. Money lines count on their local day; a gift on the day it was
 * made, a refund on its day, a dispute's withdrawal on the day it opened and a won dispute's reversal on its day.
 */
/** The figures' shape is core's (a type, no code): the numbers in it are this file's own. */
export type Money = MoneyFigures;
export interface StripeWorld {
  lines: Stripe.BalanceTransaction[];
  charges: Stripe.Charge[];
  refunds: Stripe.Refund[];
  disputes: Stripe.Dispute[];
  payouts: Stripe.Payout[];
}

export async function readStripe(stripe: Stripe): Promise<StripeWorld> {
  const all = { limit: 10000 };
  return {
    lines: await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray(all),
    charges: await stripe.charges.list({ limit: 100 }).autoPagingToArray(all),
    refunds: await stripe.refunds.list({ limit: 100 }).autoPagingToArray(all),
    disputes: await stripe.disputes.list({ limit: 100 }).autoPagingToArray(all),
    payouts: await stripe.payouts.list({ limit: 100 }).autoPagingToArray(all),
  };
}

const isMovement = (t: Stripe.BalanceTransaction) => t.type.startsWith('payout');

/** Stripe's money of the lines that `keep` (payouts left out). */
export function money(
  lines: Stripe.BalanceTransaction[],
  keep: (t: Stripe.BalanceTransaction) => boolean = () => true,
): Money {
  const f = { gross: 0, refunds: 0, disputes: 0, fees: 0, received: 0, afterFees: 0 };
  for (const t of lines) {
    if (isMovement(t) || !keep(t)) continue;
    if (t.type === 'charge' || t.type === 'payment') f.gross += t.amount;
    else if (t.type === 'refund' || t.type === 'payment_refund') f.refunds -= t.amount;
    else f.disputes -= t.amount;
    f.fees += t.fee;
    f.received += t.amount;
    f.afterFees += t.net;
  }
  return f;
}

/** A reader of periods in the school's zone: 'yyyy-MM' months and 'yyyy' years of epoch seconds and Dates. */
export function periods(tz: string) {
  const day = (at: number | Date) => localDay(typeof at === 'number' ? new Date(at * 1000) : at, tz);
  return { day, inPeriod: (at: number | Date, period: string) => day(at).startsWith(period) };
}

/** Total Revenue and Total Donations of a period ('yyyy-MM' or 'yyyy'), each part on its own day. */
export function revenue(
  w: StripeWorld,
  manual: ManualGift[],
  tz: string,
  period: string,
): { cents: number; count: number } {
  const { inPeriod } = periods(tz);
  let cents = 0;
  let count = 0;
  for (const c of w.charges) {
    if (c.status === 'succeeded' && inPeriod(c.created, period)) {
      cents += c.amount;
      count += 1;
    }
  }
  for (const r of w.refunds) if (r.status === 'succeeded' && inPeriod(r.created, period)) cents -= r.amount;
  for (const d of w.disputes) {
    if (inPeriod(d.created, period)) cents -= d.amount;
    const reversal =
      d.status === 'won' ? d.balance_transactions.find((t) => t.reporting_category === 'dispute_reversal') : undefined;
    if (reversal && inPeriod(reversal.created, period)) cents += d.amount;
  }
  for (const m of manual) {
    if (inPeriod(m.at, period)) {
      cents += m.cents;
      count += 1;
    }
  }
  return { cents, count };
}

/** The charge a balance transaction belongs to (its source, or the refund's or dispute's charge). */
export function chargeOfLine(w: StripeWorld): (t: Stripe.BalanceTransaction) => Stripe.Charge | undefined {
  const byId = new Map(w.charges.map((c) => [c.id, c]));
  const owner = new Map<string, string>([
    ...w.refunds.map((r) => [r.id, r.charge as string] as [string, string]),
    ...w.disputes.map((d) => [d.id, d.charge as string] as [string, string]),
  ]);
  return (t) => {
    const src = t.source as string;
    return byId.get(owner.get(src) ?? src);
  };
}

/** What the school keeps of a charge: its amount less refunds, nothing while a dispute holds it or once lost. */
export function keptCents(c: Stripe.Charge, disputes: Stripe.Dispute[]): number {
  if (c.status !== 'succeeded') return 0;
  const d = disputes.find((x) => x.charge === c.id);
  return d && d.status !== 'won' ? 0 : c.amount - c.amount_refunded;
}

/** Months 'yyyy-MM' from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (
    let [y, m] = first.split('-').map(Number);
    `${y}-${String(m).padStart(2, '0')}` <= last;
    m === 12 ? (y++, (m = 1)) : m++
  ) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
}
