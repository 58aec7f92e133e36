/**
 * Gift sizes. Most online gifts are the form's presets ($25, $50, $100); typed-in amounts follow a log-normal
 * around $60 whose long right tail gives the occasional $250+ gift (the IRS acknowledgment threshold) and a
 * rare major gift. Recurring pledges are smaller per charge; offline gifts depend on their kind.
 */
import type { Frequency } from '../../../core/src/gifts/frequencies.js';
import type { ManualDonationType } from '../../../core/src/gifts/gift-labels.js';
import type { Rng } from './prng.js';

export type { Frequency };
export type ManualType = ManualDonationType;

const clampDollars = (d: number, min: number, max: number) => Math.min(max, Math.max(min, d));

/** Whole dollars, rounded to $5 above $50 the way people type amounts. */
function roundLikeAPerson(d: number): number {
  if (d < 50) return Math.round(d);
  if (d < 1000) return Math.round(d / 5) * 5;
  return Math.round(d / 50) * 50;
}

export function oneTimeAmountCents(rng: Rng): number {
  const preset = rng.weighted<number | null>([
    [25, 26],
    [50, 27],
    [100, 19],
    [null, 28],
  ]);
  if (preset !== null) return preset * 100;
  return roundLikeAPerson(clampDollars(rng.logNormal(60, 1.05), 5, 25_000)) * 100;
}

export function recurringAmountCents(rng: Rng, frequency: Frequency): number {
  switch (frequency) {
    case 'monthly':
      return (
        rng.weighted([
          [10, 15],
          [20, 20],
          [25, 30],
          [50, 22],
          [100, 10],
          [250, 3],
        ]) * 100
      );
    case 'quarterly':
      return (
        rng.weighted([
          [50, 30],
          [75, 15],
          [100, 35],
          [250, 15],
          [500, 5],
        ]) * 100
      );
    default:
      return (
        rng.weighted([
          [100, 30],
          [250, 30],
          [500, 20],
          [1000, 15],
          [2500, 5],
        ]) * 100
      );
  }
}

export function manualAmountCents(rng: Rng, type: ManualType): number {
  const median = { cash: 40, check: 150, stock: 2500, item: 300, crypto: 500, other: 100 }[type];
  const sigma = type === 'cash' ? 0.7 : 0.9;
  return roundLikeAPerson(clampDollars(rng.logNormal(median, sigma), 5, 250_000)) * 100;
}

const ITEMS = [
  'classroom supplies',
  'a laptop',
  'art supplies',
  'kitchen equipment',
  'a wheelchair ramp',
  'garden tools',
  'books for the library',
];
const EVENTS = ['spring fundraiser', 'fall festival', 'pancake breakfast', 'open house', 'Christmas program'];

export function manualNotes(rng: Rng, type: ManualType): string {
  switch (type) {
    case 'check':
      return `Check #${rng.int(1001, 9999)}`;
    case 'cash':
      return `Cash at the ${rng.pick(EVENTS)}`;
    case 'stock':
      return `${rng.int(5, 200)} shares transferred to the school's brokerage account`;
    case 'item':
      return `In-kind: ${rng.pick(ITEMS)} (donor's estimate of fair value)`;
    case 'crypto':
      return 'Cryptocurrency gift, converted at receipt';
    default:
      return 'Memorial gift';
  }
}
