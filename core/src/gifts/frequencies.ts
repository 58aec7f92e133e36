/**
 * How often a card gift repeats (SPEC section 3: one-time, monthly, quarterly, annual): the one list the donation
 * form's validation, the projections, the analytics and the exports all read.
 */
export const FREQUENCIES = ['one-time', 'monthly', 'quarterly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type RecurringFrequency = Exclude<Frequency, 'one-time'>;
/** The frequencies a recurring plan can have: every one but one-time. */
export const RECURRING_FREQUENCIES = FREQUENCIES.filter((f): f is RecurringFrequency => f !== 'one-time');

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  'one-time': 'One-time',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annual',
};

/** Each recurring frequency as a Stripe price's `recurring` interval and count. */
export const FREQUENCY_INTERVALS: Record<
  RecurringFrequency,
  { interval: 'month' | 'year'; interval_count: number; months: number }
> = {
  monthly: { interval: 'month', interval_count: 1, months: 1 },
  quarterly: { interval: 'month', interval_count: 3, months: 3 },
  annual: { interval: 'year', interval_count: 1, months: 12 },
};

export function validFrequency(value: unknown): Frequency | null {
  return typeof value === 'string' && (FREQUENCIES as readonly string[]).includes(value) ? (value as Frequency) : null;
}

/**
 * A recurring price's cadence as a frequency, for prices this product did not make (Stripe's dashboard): month/1
 * monthly, month/3 quarterly, year/1 or month/12 annual; weekly and daily count as monthly.
 */
export function frequencyFromInterval(
  interval: string | null | undefined,
  count: number | null | undefined,
): Frequency | null {
  const n = count ?? 1;
  if (interval === 'year') return 'annual';
  if (interval === 'month') return n === 3 ? 'quarterly' : n === 12 ? 'annual' : 'monthly';
  if (interval === 'week' || interval === 'day') return 'monthly';
  return null;
}
