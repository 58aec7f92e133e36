/** Small readers for Stripe objects as webhooks deliver them (expandable fields may be ids or objects). */

export function idOf(ref: unknown): string | null {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && typeof (ref as { id?: unknown }).id === 'string') return (ref as { id: string }).id;
  return null;
}

export function toDate(unixSeconds: number | null | undefined): Date | null {
  return typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null;
}

export function metadataOf(o: { metadata?: Record<string, string> | null } | null | undefined): Record<string, string> {
  return o?.metadata && typeof o.metadata === 'object' ? { ...o.metadata } : {};
}

export const FREQUENCIES = ['one-time', 'monthly', 'quarterly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export function validFrequency(value: unknown): Frequency | null {
  return typeof value === 'string' && (FREQUENCIES as readonly string[]).includes(value) ? (value as Frequency) : null;
}

/** A recurring price's cadence as the spec's frequency: month/1 monthly, month/3 quarterly, year/1 annual. */
export function frequencyFromInterval(interval: string | null | undefined, count: number | null | undefined): Frequency | null {
  const n = count ?? 1;
  if (interval === 'year') return 'annual';
  if (interval === 'month') return n === 3 ? 'quarterly' : n === 12 ? 'annual' : 'monthly';
  if (interval === 'week' || interval === 'day') return 'monthly';
  return null;
}
