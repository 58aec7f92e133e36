import { FREQUENCY_INTERVALS, type RecurringFrequency } from './frequencies.js';

/** The summed amounts (cents) of plans of one frequency. */
export interface FrequencySum {
  frequency: string | null;
  cents: number;
}

/**
 * Monthly recurring revenue in cents: each plan's amount spread over the months it pays for (monthly as is,
 * quarterly / 3, annual / 12). Summed in twelfths of a cent-month first and rounded once at the end, so a
 * thousand quarterly $10 plans make $3,333.33, not a thousand roundings of $3.33. A plan whose frequency is
 * unknown (a price of another cadence) counts as monthly, as frequencyFromInterval reads weekly and daily prices.
 */
export function monthlyRecurringCents(sums: readonly FrequencySum[]): number {
  let twelfths = 0;
  for (const s of sums) {
    const months = FREQUENCY_INTERVALS[s.frequency as RecurringFrequency]?.months ?? 1;
    twelfths += s.cents * (12 / months);
  }
  return Math.round(twelfths / 12);
}
