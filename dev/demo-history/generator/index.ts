/**
 * A realistic, seeded giving history for a small school: donors with US names and addresses, card gifts
 * skewed to $25-$100 with a long tail, about a fifth of donors giving monthly/quarterly/annually (one charge
 * per period), a December peak and a Giving Tuesday spike, declined cards, full and partial refunds, a dispute,
 * and offline cash/check/stock/in-kind gifts. Same seed and options, same history, byte for byte.
 *
 * Each donor's story comes from its own random stream (seed + donor index), so any slice of donors can be
 * generated alone: the bulk loader streams a million charges in slices without holding them all.
 */
import { FREQUENCY_INTERVALS } from '../../../core/src/gifts/frequencies.js';
import { addMonths, atLocalTime, buildCalendar, sampleDay, type GivingCalendar } from './calendar.js';
import {
  manualAmountCents,
  manualNotes,
  oneTimeAmountCents,
  recurringAmountCents,
  type Frequency,
  type ManualType,
} from './amounts.js';
import { deriveSeed, Rng } from './prng.js';
import { makeName, makePerson } from './us-data.js';

export type { Frequency, ManualType } from './amounts.js';
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

export interface HistoryOptions {
  seed: number;
  donors: number;
  /** Length of the history, ending at endDate. */
  months: number;
  /** Exclusive end: every generated time is before it. */
  endDate: Date;
  /** Offline gifts per succeeded card gift (default 0.04). */
  manualShare?: number;
  /** Share of donors with a recurring plan (default 0.2). */
  recurringShare?: number;
  /** Mean one-time card gifts per one-time donor over the whole span (default 1.3 a year, at least 1). */
  oneTimeGiftsPerDonor?: number;
  /** Share of one-time attempts that are declined first (default 0.03). */
  declineRate?: number;
  /** Share of succeeded one-time gifts later refunded (default 0.012). */
  refundRate?: number;
  /** Share of succeeded one-time gifts disputed (default 1 in 4,000; donor 0 always has one). */
  disputeRate?: number;
}

export interface GeneratedDonor {
  key: string;
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; state: string; postal_code: string };
  createdAt: Date;
}

export interface CardGift {
  key: string;
  donorKey: string;
  at: Date;
  amountCents: number;
  frequency: Frequency;
  brand: CardBrand;
  last4: string;
  outcome: 'succeeded' | 'declined';
  refundCents?: number;
  disputed?: boolean;
  /** When a refund was made or a dispute opened: 1 to 20 days after the gift, never after the end. */
  laterAt?: Date;
  /** Set on the first charge and the renewals of a recurring plan. */
  subscriptionKey?: string;
}

export interface GeneratedSubscription {
  key: string;
  donorKey: string;
  frequency: Exclude<Frequency, 'one-time'>;
  amountCents: number;
  brand: CardBrand;
  last4: string;
  startAt: Date;
  canceledAt?: Date;
  /** Charges made, the first included. */
  charges: number;
}

export interface ManualGift {
  key: string;
  donorKey?: string;
  donorName: string;
  amountCents: number;
  type: ManualType;
  at: Date;
  notes: string;
}

export interface History {
  donors: GeneratedDonor[];
  cardGifts: CardGift[];
  subscriptions: GeneratedSubscription[];
  manualGifts: ManualGift[];
}

/** Stripe's test cards: the last four digits the emulator reports for pm_card_<brand>. */
export const TEST_CARD_LAST4: Record<CardBrand | 'declined', string> = {
  visa: '4242',
  mastercard: '4444',
  amex: '8431',
  discover: '1117',
  declined: '0002',
};
const BRANDS: readonly (readonly [CardBrand, number])[] = [
  ['visa', 55],
  ['mastercard', 25],
  ['amex', 12],
  ['discover', 8],
];
const CANCEL_PER_RENEWAL = { monthly: 0.025, quarterly: 0.05, annual: 0.12 } as const;
const RECURRING_MIX: readonly (readonly [keyof typeof FREQUENCY_INTERVALS, number])[] = [
  ['monthly', 65],
  ['quarterly', 15],
  ['annual', 20],
];
const MANUAL_MIX: readonly (readonly [ManualType, number])[] = [
  ['check', 45],
  ['cash', 28],
  ['item', 12],
  ['stock', 7],
  ['other', 5],
  ['crypto', 3],
];

interface Resolved extends Required<HistoryOptions> {
  cal: GivingCalendar;
}

function resolve(o: HistoryOptions): Resolved {
  return {
    manualShare: 0.04,
    recurringShare: 0.2,
    declineRate: 0.03,
    refundRate: 0.012,
    disputeRate: 1 / 4000,
    oneTimeGiftsPerDonor: Math.max(1, (o.months / 12) * 1.3),
    ...o,
    cal: buildCalendar(o.endDate, o.months),
  };
}

const before = (o: Resolved, at: Date) => (at < o.endDate ? at : new Date(o.endDate.getTime() - 60_000));

/** One donor's whole story. Donors 0-2 are one-time donors carrying the guaranteed dispute and refunds. */
function generateDonor(o: Resolved, i: number, out: History): void {
  const rng = new Rng(deriveSeed(o.seed, i));
  const key = `d${String(i + 1).padStart(6, '0')}`;
  const person = makePerson(rng, i + 1);
  const cards: CardBrand[] = [rng.weighted(BRANDS)];
  if (rng.chance(0.1)) cards.push(rng.weighted(BRANDS));
  const gifts: CardGift[] = [];
  const card = (brand: CardBrand) => ({ brand, last4: TEST_CARD_LAST4[brand] });
  let oneTimeMean = o.oneTimeGiftsPerDonor;

  if (i > 2 && (rng.chance(o.recurringShare) || (i === 3 && o.recurringShare > 0))) {
    const frequency = rng.weighted(RECURRING_MIX);
    const amountCents = recurringAmountCents(rng, frequency);
    const startAt = before(o, atLocalTime(rng, sampleDay(rng, o.cal)));
    const sub: GeneratedSubscription = {
      key: `${key}-s1`,
      donorKey: key,
      frequency,
      amountCents,
      ...card(cards[0]),
      startAt,
      charges: 0,
    };
    for (let k = 0; ; k++) {
      const at = addMonths(startAt, k * FREQUENCY_INTERVALS[frequency].months);
      if (at >= o.endDate) break;
      if (k > 0 && rng.chance(CANCEL_PER_RENEWAL[frequency])) {
        sub.canceledAt = new Date(at.getTime() - rng.int(1, 20) * 86_400_000);
        break;
      }
      gifts.push({
        key: '',
        donorKey: key,
        at,
        amountCents,
        frequency,
        ...card(cards[0]),
        outcome: 'succeeded',
        subscriptionKey: sub.key,
      });
      sub.charges++;
    }
    out.subscriptions.push(sub);
    oneTimeMean *= 0.3;
  }

  const oneTime =
    gifts.length === 0 ? 1 + rng.poisson(Math.max(0, oneTimeMean - 1) * rng.exponential(1)) : rng.poisson(oneTimeMean);
  for (let g = 0; g < oneTime; g++) {
    const at = before(o, atLocalTime(rng, sampleDay(rng, o.cal)));
    const amountCents = oneTimeAmountCents(rng);
    const brand = cards.length > 1 && rng.chance(0.3) ? cards[1] : cards[0];
    if (rng.chance(o.declineRate)) {
      const tried = new Date(at.getTime() - rng.int(60, 1200) * 1000);
      gifts.push({
        key: '',
        donorKey: key,
        at: tried,
        amountCents,
        frequency: 'one-time',
        brand: 'visa',
        last4: TEST_CARD_LAST4.declined,
        outcome: 'declined',
      });
      if (rng.chance(0.25)) continue; // gave up after the decline
    }
    const gift: CardGift = {
      key: '',
      donorKey: key,
      at,
      amountCents,
      frequency: 'one-time',
      ...card(brand),
      outcome: 'succeeded',
    };
    const forced = g === 0 && i <= 2;
    if ((forced && i === 1) || (!forced && rng.chance(o.refundRate * 0.65))) gift.refundCents = amountCents;
    else if ((forced && i === 2) || (!forced && rng.chance(o.refundRate * 0.35)))
      gift.refundCents = Math.max(100, Math.round((amountCents * rng.int(2, 8)) / 1000) * 100);
    else if ((forced && i === 0) || (!forced && rng.chance(o.disputeRate))) gift.disputed = true;
    // From the amount, not the random stream, so the rest of the history stays as it was.
    if (gift.refundCents || gift.disputed)
      gift.laterAt = before(o, new Date(at.getTime() + (1 + (Math.floor(amountCents / 100) % 20)) * 86_400_000));
    gifts.push(gift);
  }

  gifts.sort((a, b) => a.at.getTime() - b.at.getTime());
  gifts.forEach((g, j) => (g.key = `${key}-g${j + 1}`));
  const createdAt = new Date(gifts[0].at.getTime() - rng.int(5, 600) * 1000);
  out.donors.push({ key, ...person, createdAt });
  out.cardGifts.push(...gifts);

  const succeeded = gifts.filter((g) => g.outcome === 'succeeded').length;
  const manualCount = rng.poisson(o.manualShare * succeeded);
  for (let m = 0; m < manualCount; m++) {
    const type = rng.weighted(MANUAL_MIX);
    const linked = rng.chance(0.75);
    const at = before(o, atLocalTime(rng, sampleDay(rng, o.cal)));
    out.manualGifts.push({
      key: `${key}-m${m + 1}`,
      ...(linked ? { donorKey: key } : {}),
      donorName: linked ? person.name : makeName(rng),
      amountCents: manualAmountCents(rng, type),
      type,
      at: at < createdAt && linked ? before(o, new Date(createdAt.getTime() + 3_600_000)) : at,
      notes: manualNotes(rng, type),
    });
  }
}

const byTime = (a: { at: Date; key: string }, b: { at: Date; key: string }) =>
  a.at.getTime() - b.at.getTime() || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Donors [from, to) only, each list sorted by time: the unit the bulk loader streams. */
export function generateSlice(options: HistoryOptions, from: number, to: number, resolved?: Resolved): History {
  const o = resolved ?? resolve(options);
  const out: History = { donors: [], cardGifts: [], subscriptions: [], manualGifts: [] };
  for (let i = from; i < Math.min(to, o.donors); i++) generateDonor(o, i, out);
  out.cardGifts.sort(byTime);
  out.manualGifts.sort(byTime);
  out.subscriptions.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  return out;
}

export function generateHistory(options: HistoryOptions): History {
  return generateSlice(options, 0, options.donors);
}

/** Yields the history in slices of `sliceDonors` donors (each slice sorted by time on its own). */
export function* generateHistorySlices(options: HistoryOptions, sliceDonors = 5000): Generator<History> {
  const o = resolve(options);
  for (let from = 0; from < o.donors; from += sliceDonors) yield generateSlice(options, from, from + sliceDonors, o);
}

/**
 * The one-time gift rate that makes about `targetCardGifts` card charges (declines included) over the span:
 * benchmarks ask for 10k / 100k / 1M charges and let the generator fill in the rest.
 */
export function oneTimeRateFor(target: {
  donors: number;
  months: number;
  targetCardGifts: number;
  recurringShare?: number;
}): number {
  const r = target.recurringShare ?? 0.2;
  let perRecurring = 0;
  for (const [freq, weight] of RECURRING_MIX) {
    const p = FREQUENCY_INTERVALS[freq].months;
    const c = CANCEL_PER_RENEWAL[freq];
    let sum = 0;
    const steps = 200;
    for (let s = 0; s < steps; s++) {
      const n = Math.floor(((1 - (s + 0.5) / steps) * target.months) / p) + 1;
      sum += (1 - Math.pow(1 - c, n)) / c;
    }
    perRecurring += (weight / 100) * (sum / steps);
  }
  const recurringCharges = target.donors * r * perRecurring;
  const perOneTimeUnit = target.donors * (1 - r + r * 0.3) * (1 + 0.03 - 0.03 * 0.25);
  return Math.max(1, (target.targetCardGifts - recurringCharges) / perOneTimeUnit);
}
