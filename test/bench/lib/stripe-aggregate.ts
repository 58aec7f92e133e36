/**
 * The dashboard's analytics computed the way a dashboard without a read model must: page through every
 * charge with the Stripe SDK (`limit=100`, cursor pagination, necessarily sequential) and aggregate in memory.
 */
import type Stripe from 'stripe';
import { netCents } from '../../../core/src/gifts/net-amount.js';

export interface LiveAnswer {
  totalCents: number;
  count: number;
  months: Map<string, number>;
  frequency: Map<string, number>;
  brands: Map<string, number>;
  pages: number;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export async function analyticsFromStripe(stripe: Stripe): Promise<LiveAnswer> {
  const a: LiveAnswer = {
    totalCents: 0,
    count: 0,
    months: new Map(),
    frequency: new Map(),
    brands: new Map(),
    pages: 0,
  };
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripe.charges.list({ limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) });
    a.pages++;
    for (const ch of page.data) {
      if (ch.status !== 'succeeded') continue;
      const net = netCents({ ...ch, dispute_status: (ch as { dispute_status?: string }).dispute_status ?? null });
      a.totalCents += net;
      a.count++;
      const month = dayFormat.format(new Date(ch.created * 1000)).slice(0, 7);
      a.months.set(month, (a.months.get(month) ?? 0) + net);
      const freq = ch.metadata?.frequency || 'one-time';
      a.frequency.set(freq, (a.frequency.get(freq) ?? 0) + net);
      const brand = ch.payment_method_details?.card?.brand ?? 'unknown';
      a.brands.set(brand, (a.brands.get(brand) ?? 0) + net);
    }
    if (!page.has_more || !page.data.length) return a;
    startingAfter = page.data[page.data.length - 1].id;
  }
}
