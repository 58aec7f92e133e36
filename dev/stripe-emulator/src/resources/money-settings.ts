import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import type { Obj, Store } from '../core/store.js';

/**
 * What Stripe charges a US non-profit: the discounted card rate (2.2% + 30 cents by default; 2.9% + 30 is
 * Stripe's standard rate), ACH Direct Debit at 0.8% capped at $5.00, and a $15.00 fee per dispute.
 */
export interface FeeSchedule {
  cardPercent: number;
  cardFixed: number;
  bankPercent: number;
  bankCap: number;
  disputeFee: number;
}

export interface MoneySettings {
  fees: FeeSchedule;
  /** Days from a charge's day (UTC) until its funds are available (Stripe's rolling schedule). */
  availableDelayDays: number;
  /**
   * Count those days as business days, Monday to Friday (UTC), as Stripe's US schedule does: a Friday's gifts are
   * available, and paid out, on Tuesday, and no payout is made on a weekend. Off by default (calendar days, so a
   * test's "two days later" never depends on the weekday it runs); demo mode turns it on.
   */
  businessDays: boolean;
  /** The UTC hour at which the daily automatic payout sweeps the available balance. */
  payoutHour: number;
  /** Days a US bank account payment stays `processing` before it succeeds or fails. */
  bankSettlementDays: number;
  /** The next `count` automatic payouts fail at their arrival date with this code (a test fault). */
  payoutFailures: { count: number; code: string };
}

export const DEFAULT_FEES: FeeSchedule = {
  cardPercent: 2.2,
  cardFixed: 30,
  bankPercent: 0.8,
  bankCap: 500,
  disputeFee: 1500,
};

/** Per emulator (keyed by its store), so several emulators in one process keep their own settings. */
const SETTINGS = new WeakMap<Store, MoneySettings>();

export function moneySettings(ctx: Ctx): MoneySettings {
  let s = SETTINGS.get(ctx.store);
  if (!s) {
    s = {
      fees: { ...DEFAULT_FEES },
      availableDelayDays: 2,
      businessDays: false,
      payoutHour: 0,
      bankSettlementDays: 4,
      payoutFailures: { count: 0, code: 'account_closed' },
    };
    SETTINGS.set(ctx.store, s);
  }
  return s;
}

export type MoneyOptions = Partial<Omit<MoneySettings, 'fees' | 'payoutFailures'>> & { fees?: Partial<FeeSchedule> };

/** Applies emulator options or an admin request; refuses values Stripe could not have (negative fees, hour 24). */
export function configureMoney(ctx: Ctx, o: MoneyOptions | Obj): MoneySettings {
  const s = moneySettings(ctx);
  const fees = { ...s.fees };
  for (const [k, v] of Object.entries((o.fees ?? {}) as Obj)) {
    if (!(k in DEFAULT_FEES)) throw invalid(`Unknown fee setting: ${k}`, `fees[${k}]`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      throw invalid(`fees.${k} must be a non-negative number`, `fees[${k}]`);
    fees[k as keyof FeeSchedule] = v;
  }
  const whole = (key: 'availableDelayDays' | 'payoutHour' | 'bankSettlementDays', max: number) => {
    const v = (o as Obj)[key];
    if (v === undefined) return s[key];
    if (!Number.isInteger(v) || v < 0 || v > max) throw invalid(`${key} must be a whole number from 0 to ${max}`, key);
    return v as number;
  };
  Object.assign(s, {
    availableDelayDays: whole('availableDelayDays', 30),
    payoutHour: whole('payoutHour', 23),
    bankSettlementDays: whole('bankSettlementDays', 30),
  });
  const businessDays = (o as Obj).businessDays;
  if (businessDays !== undefined && typeof businessDays !== 'boolean')
    throw invalid('businessDays must be true or false', 'businessDays');
  if (businessDays !== undefined) s.businessDays = businessDays;
  s.fees = fees;
  return s;
}

const DAY = 86400;

/** When funds taken on the UTC day starting at `dayStart` become available: the delay in calendar or business days. */
export function availableOnFrom(ctx: Ctx, dayStart: number): number {
  const s = moneySettings(ctx);
  if (!s.businessDays) return dayStart + s.availableDelayDays * DAY;
  let t = dayStart;
  for (let left = s.availableDelayDays; left > 0;) {
    t += DAY;
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return t;
}

/**
 * Stripe's fee for a payment of `amount` cents: percentage rounded to the nearest cent (half up) plus the
 * fixed part for cards; for US bank accounts the percentage alone, capped.
 */
export function processingFee(ctx: Ctx, pmType: string, amount: number): number {
  const f = moneySettings(ctx).fees;
  // In basis points, so amount x rate is an exact integer and a half cent really rounds up (no 0.4999...).
  const share = (percent: number) => Math.round((amount * Math.round(percent * 100)) / 10000);
  if (pmType === 'us_bank_account') return Math.min(share(f.bankPercent), f.bankCap);
  return share(f.cardPercent) + f.cardFixed;
}
