import type Stripe from 'stripe';
import type { RefundFact } from './aggregates.js';
import { chargeStateRank } from './ordering-guard.js';
import { disputeReinstated, isInquiry } from '../gifts/net-amount.js';
import { idOf, metadataOf, toDate } from './stripe-object.js';

/** The columns of a charges row that come from the charge object itself. */
export interface ChargeCore {
  id: string;
  payment_intent_id: string | null;
  customer_id: string | null;
  amount: number;
  amount_refunded: number;
  currency: string;
  status: string;
  paid: boolean;
  refunded: boolean;
  disputed: boolean;
  failure_message: string | null;
  brand: string | null;
  last4: string | null;
  billing_name: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  receipt_url: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: Date;
  state_rank: number;
  /** The refunds Stripe listed on the charge (each counts on its own day in the totals). */
  refunds: RefundFact[];
}

/** A whole charges row: the core plus links, donation facts, the dispute and the guard columns. */
export interface ChargeRow extends ChargeCore {
  invoice_id: string | null;
  subscription_id: string | null;
  frequency: string;
  donation_type: string | null;
  source: string | null;
  dispute_id: string | null;
  dispute_status: string | null;
  /** When the dispute was opened (Stripe's dispute.created): what it holds counts on that day. */
  disputed_at: Date | null;
  /** When a won dispute's funds were reinstated: what it withdrew comes back on that day. */
  dispute_reinstated_at: Date | null;
  dispute_event_created: number;
  dispute_rank: number;
  last_event_created: number;
  /** The appeal credited (core/src/appeals/appeal-attribution.ts), the tracked link, "show my name". */
  appeal_id?: string | null;
  utm_source?: string | null;
  utm_campaign?: string | null;
  show_name?: boolean;
  appeal_plan_start?: boolean;
  /** Staff moved the gift to its appeal: later events keep it (PATCH /api/admin/transactions/:id/appeal). */
  appeal_moved?: boolean;
}

export const CHARGE_CONTENT = [
  'payment_intent_id',
  'customer_id',
  'amount',
  'amount_refunded',
  'currency',
  'status',
  'paid',
  'refunded',
  'disputed',
  'failure_message',
  'brand',
  'last4',
  'billing_name',
  'billing_email',
  'billing_phone',
  'receipt_url',
  'description',
  'metadata',
] as const;

/**
 * Stripe charge -> the charge's own columns. Billing name and e-mail fall back to the donor's form data that
 * the donation endpoint puts in the payment intent's metadata (Stripe copies it onto the charge).
 * `brand` is the card's; a US bank account debit has none, and `last4` is then the account's (the ledger's
 * "Bank (ACH)" method is exactly the charges without a brand, see isBankDebit).
 */
export function toChargeCore(ch: Stripe.Charge): ChargeCore {
  const meta = metadataOf(ch);
  const card = ch.payment_method_details?.card ?? null;
  const bd = ch.billing_details ?? null;
  return {
    id: ch.id,
    payment_intent_id: idOf(ch.payment_intent),
    customer_id: idOf(ch.customer),
    amount: ch.amount,
    amount_refunded: ch.amount_refunded ?? 0,
    currency: ch.currency,
    status: ch.status,
    paid: !!ch.paid,
    refunded: !!ch.refunded,
    disputed: !!ch.disputed,
    failure_message: ch.failure_message ?? null,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? ch.payment_method_details?.us_bank_account?.last4 ?? null,
    billing_name: bd?.name ?? meta.donor_name ?? null,
    billing_email: bd?.email ?? ch.receipt_email ?? meta.donor_email ?? null,
    billing_phone: bd?.phone ?? null,
    receipt_url: ch.receipt_url ?? null,
    description: ch.description ?? null,
    metadata: meta,
    created: toDate(ch.created) ?? new Date(0),
    state_rank: chargeStateRank(ch.status),
    refunds: mergeRefunds([], ch.refunds?.data ?? []),
  };
}

/** Refunds that gave nothing back (failed, canceled) are left out. */
const VOID_REFUND = ['failed', 'canceled'];

/**
 * The refunds a row keeps after news of some refunds (a charge's list, a refund event): by id, the news wins,
 * a failed or canceled one goes; ordered by time, then id, so the same refunds are always stored the same way.
 */
export function mergeRefunds(
  kept: readonly RefundFact[] | null | undefined,
  news: ReadonlyArray<Pick<Stripe.Refund, 'id' | 'amount' | 'created' | 'status'>>,
): RefundFact[] {
  const byId = new Map((kept ?? []).map((r) => [r.id, r]));
  for (const r of news) {
    if (VOID_REFUND.includes(r.status ?? '')) byId.delete(r.id);
    else byId.set(r.id, { id: r.id, amount: r.amount, created: r.created });
  }
  return [...byId.values()].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
}

/** The invoice a charge names itself, on API versions that still carry `charge.invoice`. */
export function chargeInvoiceHint(ch: Stripe.Charge): string | null {
  return idOf((ch as { invoice?: unknown }).invoice);
}

/**
 * A placeholder for a charge known only from its dispute (the dispute event arrived first). It counts for
 * nothing (status pending) and its version is 0, so the charge's own first event replaces every column.
 */
export function chargeStubFromDispute(d: Stripe.Dispute): ChargeRow {
  return {
    id: idOf(d.charge)!,
    payment_intent_id: idOf(d.payment_intent),
    customer_id: null,
    amount: d.amount,
    amount_refunded: 0,
    currency: d.currency,
    status: 'pending',
    paid: false,
    refunded: false,
    disputed: true,
    failure_message: null,
    brand: null,
    last4: null,
    billing_name: null,
    billing_email: null,
    billing_phone: null,
    receipt_url: null,
    description: null,
    metadata: {},
    created: toDate(d.created) ?? new Date(0),
    state_rank: 0,
    refunds: [],
    invoice_id: null,
    subscription_id: null,
    frequency: 'one-time',
    donation_type: null,
    source: null,
    dispute_id: null,
    dispute_status: null,
    disputed_at: null,
    dispute_reinstated_at: null,
    dispute_event_created: 0,
    dispute_rank: 0,
    last_event_created: 0,
  };
}

/**
 * A dispute event's columns of its charge row (event time `at`, epoch seconds). A won dispute's funds come back
 * on the day of its reversal (the balance transaction Stripe adds when reinstating them, reporting category
 * dispute_reversal); an event that does not carry it keeps the day already known, else the event's own time.
 */
export function disputeColumns(
  d: Stripe.Dispute,
  at: number,
  before: Pick<ChargeRow, 'dispute_id' | 'dispute_status' | 'disputed_at' | 'dispute_reinstated_at'> | null,
) {
  const reversal = lineOf(d, 'dispute_reversal');
  const reinstatedAt = !disputeReinstated({ disputed: true, dispute_status: d.status })
    ? null
    : reversal
      ? toDate(reversal.created)
      : (before?.dispute_reinstated_at ?? toDate(at));
  return {
    disputed: true,
    dispute_id: d.id,
    dispute_status: d.status,
    disputed_at: withdrawnAt(d, at, before),
    dispute_reinstated_at: reinstatedAt ?? null,
  };
}

/**
 * disputed_at: when the dispute withdrew the funds, the day the totals take the gift out. A dispute opened as
 * such withdraws when it is created. An inquiry withdraws nothing (its created time is kept, for display only);
 * escalated to a real dispute, the same dispute object (its `created` still the inquiry's) withdraws then: the
 * day of its withdrawal line (reporting category dispute) when the event carries it, else the time of the event
 * in which the projection first saw it escalated (a warning_* status before, a real one now), which is as close
 * as the read model can tell. Later events keep the day already known.
 */
function withdrawnAt(
  d: Stripe.Dispute,
  at: number,
  before: Pick<ChargeRow, 'dispute_id' | 'dispute_status' | 'disputed_at'> | null,
): Date | null {
  if (isInquiry(d.status)) return toDate(d.created);
  const line = lineOf(d, 'dispute');
  if (line) return toDate(line.created);
  const same = before?.dispute_id === d.id;
  if (same && isInquiry(before.dispute_status)) return toDate(at);
  if (same && before.disputed_at) return before.disputed_at;
  return toDate(d.created);
}

const lineOf = (d: Stripe.Dispute, category: string) =>
  (d.balance_transactions ?? []).find((t) => typeof t === 'object' && t.reporting_category === category);

/** A charge row paid from a US bank account: no card brand, the account's last four digits. */
export function isBankDebit(c: { brand: string | null; last4: string | null }): boolean {
  return !c.brand && !!c.last4;
}
