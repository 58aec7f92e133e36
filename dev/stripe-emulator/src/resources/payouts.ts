import { clockTicks } from '../core/clock.js';
import type { Ctx } from '../core/context.js';
import { invalid, missing } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId, randomText } from '../core/ids.js';
import { matchesRange } from '../core/list.js';
import { str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { createBalanceTransaction, refreshStatuses, startOfUtcDay } from './balance.js';
import { settleBankPayments } from './bank-payments.js';
import { moneySettings } from './money-settings.js';

const HOUR = 3600;
const DAY = 86400;
/** The school's bank account that automatic payouts go to. */
export const PAYOUT_DESTINATION = 'ba_1EmulatorSchoolBank00000';

/** Stripe's payout failure codes and what it says about each. */
export const PAYOUT_FAILURES: Record<string, string> = {
  account_closed: 'The bank account has been closed.',
  account_frozen: 'The bank account has been frozen.',
  could_not_process: 'The bank could not process this payout.',
  insufficient_funds: 'Your Stripe account has insufficient funds to cover the payout.',
  invalid_account_number: 'The routing number seems correct, but the account number is invalid.',
  no_account:
    'The bank account details on file are probably incorrect. No bank account could be located with those details.',
};

/** When a transaction can be paid out: created and past its `available_on`. */
const readyAt = (t: Obj) => Math.max(t.created, t.available_on);

/**
 * The daily automatic payout, on the emulator clock: at `payoutHour` (UTC) each day, everything that has
 * become available since the last payout (charges net of fees, refunds, dispute adjustments, returned
 * failed payouts) is swept into one payout per currency if it adds up to more than zero; a negative
 * balance waits for later funds. A payout is `pending` when made, `in_transit` (reconciled) an hour later,
 * and `paid` (or `failed`, when a fault is set) at its arrival date, the next midnight UTC.
 */
export function runPayouts(ctx: Ctx): boolean {
  const now = ctx.now();
  refreshStatuses(ctx);
  const candidates = [...ctx.store.col('balance_transactions').values()]
    .filter((t) => !t.__payout && t.type !== 'payout')
    .sort((a, b) => readyAt(a) - readyAt(b));
  const payouts = [...ctx.store.col('payouts').values()];
  const open = payouts.filter((po) => po.status === 'pending' || po.status === 'in_transit');
  const floor = payouts.reduce((m, po) => Math.max(m, po.created), -Infinity);
  const carried = new Map<string, Obj[]>();
  const carry = (t: Obj) => {
    const list = carried.get(t.currency);
    if (list) list.push(t);
    else carried.set(t.currency, [t]);
  };
  let worked = false;
  let next = 0;
  const hour = moneySettings(ctx).payoutHour * HOUR;
  const slotFrom = (t: number) =>
    startOfUtcDay(t) + hour >= t ? startOfUtcDay(t) + hour : startOfUtcDay(t) + DAY + hour;
  const first = Math.min(candidates.length ? readyAt(candidates[0]) : Infinity, ...open.map((po) => po.created));
  if (first === Infinity) return false;
  for (let slot = slotFrom(Math.max(first, floor + 1)); slot <= now;) {
    for (const po of open.splice(0)) {
      worked = advancePayout(ctx, po, slot, carry) || worked;
      if (po.status === 'pending' || po.status === 'in_transit') open.push(po);
    }
    while (next < candidates.length && readyAt(candidates[next]) <= slot) carry(candidates[next++]);
    for (const [currency, txns] of carried) {
      if (txns.reduce((s, t) => s + t.net, 0) <= 0) continue;
      open.push(ctx.store.withPinnedNow(slot, () => createPayout(ctx, currency, txns)));
      carried.delete(currency);
      worked = true;
    }
    const idle = !open.length && ![...carried.values()].some((l) => l.length);
    if (idle && next >= candidates.length) break;
    slot = idle ? Math.max(slot + DAY, slotFrom(readyAt(candidates[next]))) : slot + DAY;
  }
  for (const po of open) worked = advancePayout(ctx, po, now, () => undefined) || worked;
  return worked;
}

function createPayout(ctx: Ctx, currency: string, txns: Obj[]): Obj {
  const now = ctx.now();
  const amount = txns.reduce((s, t) => s + t.net, 0);
  const id = newId('po');
  const txn = createBalanceTransaction(ctx, {
    amount: -amount,
    fee: 0,
    currency,
    source: id,
    type: 'payout',
    category: 'payout',
    description: 'STRIPE PAYOUT',
  });
  for (const t of txns) t.__payout = id;
  const faults = moneySettings(ctx).payoutFailures;
  const po = ctx.store.put('payouts', {
    id,
    object: 'payout',
    amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: startOfUtcDay(now) + DAY,
    automatic: true,
    balance_transaction: txn.id,
    created: now,
    currency,
    description: 'STRIPE PAYOUT',
    destination: PAYOUT_DESTINATION,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    method: 'standard',
    original_payout: null,
    payout_method: null,
    reconciliation_status: 'in_progress',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: null,
    status: 'pending',
    trace_id: { status: 'pending', value: null },
    type: 'bank_account',
    ...(faults.count > 0 ? { __fail: faults.code } : {}),
  });
  if (faults.count > 0) faults.count -= 1;
  ctx.emit('payout.created', po);
  return po;
}

/** Moves a payout through the steps due by `until`, each stamped with its own time; a failure's returned funds go to `carry`. */
function advancePayout(ctx: Ctx, po: Obj, until: number, carry: (t: Obj) => void): boolean {
  let worked = false;
  ctx.request = { id: null, idempotency_key: null };
  if (po.status === 'pending' && po.created + HOUR <= until) {
    ctx.store.withPinnedNow(po.created + HOUR, () => {
      const before = publicCopy(po);
      Object.assign(po, { status: 'in_transit', reconciliation_status: 'completed' });
      ctx.store.changed();
      ctx.emitUpdated('payout.updated', po, before);
      ctx.emit('payout.reconciliation_completed', po);
    });
    worked = true;
  }
  if (po.status === 'in_transit' && po.arrival_date <= until) {
    ctx.store.withPinnedNow(po.arrival_date, () => {
      const before = publicCopy(po);
      if (po.__fail) {
        const returned = createBalanceTransaction(ctx, {
          amount: po.amount,
          fee: 0,
          currency: po.currency,
          source: po.id,
          type: 'payout_failure',
          category: 'payout_reversal',
          description: 'STRIPE PAYOUT FAILURE',
        });
        Object.assign(po, {
          status: 'failed',
          failure_code: po.__fail,
          failure_message: PAYOUT_FAILURES[po.__fail] ?? 'The payout failed.',
          failure_balance_transaction: returned.id,
          trace_id: { status: 'unsupported', value: null },
        });
        carry(returned);
      } else {
        Object.assign(po, {
          status: 'paid',
          trace_id: { status: 'supported', value: `0${randomText(14).replace(/\D/g, '7')}` },
        });
      }
      ctx.store.changed();
      ctx.emitUpdated('payout.updated', po, before);
      ctx.emit(po.status === 'paid' ? 'payout.paid' : 'payout.failed', po);
    });
    worked = true;
  }
  return worked;
}

clockTicks.push((ctx) => {
  const settled = settleBankPayments(ctx);
  return runPayouts(ctx) || settled;
});

export function getPayout(ctx: Ctx, id: string): Obj {
  const po = ctx.store.get('payouts', id);
  if (!po) throw missing('payout', id);
  return po;
}

export function listPayouts(ctx: Ctx, p: Params): Obj[] {
  const status = str(p, 'status'),
    destination = str(p, 'destination');
  return [...ctx.store.col('payouts').values()].filter(
    (po) =>
      (!status || po.status === status) &&
      (!destination || po.destination === destination) &&
      matchesRange(po.arrival_date, p, 'arrival_date'),
  );
}

/** `POST /_emulator/payouts/fail {count?, code?}`: the next automatic payouts fail at arrival with this code. */
export function failNextPayouts(ctx: Ctx, body: Obj): Obj {
  const count = body.count === undefined ? 1 : Number(body.count);
  const code = String(body.code ?? 'account_closed');
  if (!Number.isInteger(count) || count < 0) throw invalid('count must be a whole number', 'count');
  if (!PAYOUT_FAILURES[code]) throw invalid(`code must be one of ${Object.keys(PAYOUT_FAILURES).join(', ')}`, 'code');
  moneySettings(ctx).payoutFailures = { count, code };
  return { payoutFailures: moneySettings(ctx).payoutFailures };
}
