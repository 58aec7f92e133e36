import type Stripe from 'stripe';
import { subscriptionRank } from './ordering-guard.js';
import { frequencyFromInterval, validFrequency } from '../gifts/frequencies.js';
import { idOf, metadataOf, toDate } from './stripe-object.js';
import { attributionFromMetadata } from '../appeals/appeal-attribution.js';

function planAppeal(meta: Record<string, string>) {
  const a = attributionFromMetadata(meta);
  return { appeal_id: a.appealId, utm_source: a.utmSource, utm_campaign: a.utmCampaign };
}

/** The columns of a subscriptions row that come from the Stripe object. */
export interface SubscriptionCore {
  id: string;
  customer_id: string | null;
  status: string;
  interval: string | null;
  interval_count: number | null;
  frequency: string | null;
  amount: number | null;
  currency: string | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  /** When the plan began (Stripe's start_date), ended (ended_at) or is set to end (cancel_at). */
  start_date: Date | null;
  ended_at: Date | null;
  cancel_at: Date | null;
  /** Stripe's pause_collection ({behavior, resumes_at}) while collection is paused, else null. */
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  default_payment_method: string | null;
  metadata: Record<string, string>;
  created: Date;
  state_rank: number;
  /** The appeal the plan was started through, and its tracked link (from the metadata our server wrote). */
  appeal_id: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
}

/** A whole subscriptions row: the object's columns and the guard's version. */
export interface SubscriptionRow extends SubscriptionCore {
  last_event_created: number;
}

export const SUBSCRIPTION_CONTENT = [
  'customer_id',
  'status',
  'interval',
  'interval_count',
  'frequency',
  'amount',
  'currency',
  'current_period_start',
  'current_period_end',
  'cancel_at_period_end',
  'canceled_at',
  'start_date',
  'ended_at',
  'cancel_at',
  'pause_collection',
  'default_payment_method',
  'metadata',
] as const;

/**
 * Stripe subscription -> subscriptions row. On API 2026-10-28 the billing period lives on the items, not on
 * the subscription; a donation subscription has one item. Frequency: the `frequency` the donation endpoint
 * put in the metadata, else the price's cadence.
 */
export function toSubscriptionRow(s: Stripe.Subscription): SubscriptionCore {
  const item = s.items?.data?.[0];
  const recurring = item?.price?.recurring ?? null;
  const legacy = s as { current_period_start?: number; current_period_end?: number };
  const meta = metadataOf(s);
  const unit = item?.price?.unit_amount ?? null;
  return {
    id: s.id,
    customer_id: idOf(s.customer),
    status: s.status,
    interval: recurring?.interval ?? null,
    interval_count: recurring?.interval_count ?? null,
    frequency: validFrequency(meta.frequency) ?? frequencyFromInterval(recurring?.interval, recurring?.interval_count),
    amount: unit === null ? null : unit * (item?.quantity ?? 1),
    currency: s.currency ?? item?.price?.currency ?? null,
    current_period_start: toDate(item?.current_period_start ?? legacy.current_period_start),
    current_period_end: toDate(item?.current_period_end ?? legacy.current_period_end),
    cancel_at_period_end: !!s.cancel_at_period_end,
    canceled_at: toDate(s.canceled_at),
    start_date: toDate(s.start_date),
    ended_at: toDate(s.ended_at),
    cancel_at: toDate(s.cancel_at),
    pause_collection: s.pause_collection
      ? { behavior: s.pause_collection.behavior, resumes_at: s.pause_collection.resumes_at ?? null }
      : null,
    default_payment_method: idOf(s.default_payment_method),
    metadata: meta,
    created: toDate(s.created) ?? new Date(0),
    state_rank: subscriptionRank(s.status),
    ...planAppeal(meta),
  };
}
