/**
 * What a gift is worth to the school: a succeeded card charge counts its amount less refunds, and nothing while
 * a dispute holds the funds (any dispute not closed in our favour; an inquiry never does). A manual gift counts
 * its amount. The
 * dashboard's totals, the tax exports, the statements and the transaction statuses all apply this one rule;
 * where SQL needs it, netCentsSql writes it from the same list.
 */

/**
 * An inquiry's statuses (Stripe's warning_*): the issuer only asks questions, Stripe withdraws nothing (an inquiry
 * has no balance transaction), so the gift stays in every figure, as in Stripe's balance and payouts. Should the
 * issuer escalate it, the dispute moves to needs_response and only then withdraws the money.
 */
export const INQUIRY_STATUSES = ['warning_needs_response', 'warning_under_review', 'warning_closed'] as const;

/** Whether a dispute status is an inquiry's. */
export function isInquiry(status: string | null | undefined): boolean {
  return (INQUIRY_STATUSES as readonly string[]).includes(status ?? '');
}

/** Dispute statuses that leave the money with the school: a won dispute and an inquiry at any status. */
export const DISPUTE_STATUSES_KEEPING_FUNDS = ['won', ...INQUIRY_STATUSES] as const;

export interface ChargeAmounts {
  amount: number | string;
  amount_refunded: number | string;
  disputed: boolean;
  dispute_status: string | null;
}

/**
 * Dispute outcomes where Stripe gave the withdrawn money back (charge.dispute.funds_reinstated): Stripe's balance
 * shows the withdrawal on the day the dispute opened and the reversal on the day it was won, so the totals do too.
 */
export const DISPUTE_STATUSES_REINSTATED = ['won'] as const;

/** Whether the dispute's money was withdrawn and then given back (a won dispute). */
export function disputeReinstated(c: Pick<ChargeAmounts, 'disputed' | 'dispute_status'>): boolean {
  return c.disputed && (DISPUTE_STATUSES_REINSTATED as readonly string[]).includes(c.dispute_status ?? '');
}

export function fundsHeldByDispute(c: Pick<ChargeAmounts, 'disputed' | 'dispute_status'>): boolean {
  return c.disputed && !(DISPUTE_STATUSES_KEEPING_FUNDS as readonly string[]).includes(c.dispute_status ?? '');
}

/** Cents the school keeps from a succeeded charge. */
export function netCents(c: ChargeAmounts): number {
  return fundsHeldByDispute(c) ? 0 : Number(c.amount) - Number(c.amount_refunded);
}

/** netCents as an SQL expression over the charges columns of `alias` ('' for unqualified columns). */
export function netCentsSql(alias = ''): string {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  const kept = DISPUTE_STATUSES_KEEPING_FUNDS.map((s) => `'${s}'`).join(', ');
  return `CASE WHEN ${col('disputed')} AND coalesce(${col('dispute_status')}, '') NOT IN (${kept}) THEN 0 ELSE ${col('amount')} - ${col('amount_refunded')} END`;
}

/**
 * Of a succeeded charge's net, the part that was fee coverage: what the donor added, capped at what the school
 * kept, so a full refund or a dispute holding the funds leaves no coverage to report.
 */
export function feeCoverageKeptSql(alias = ''): string {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  return `LEAST(${col('fee_coverage')}, ${netCentsSql(alias)})`;
}

/** Gifts of this many cents or more need a written acknowledgment (IRS Publication 1771): $250. */
export const IRS_RECEIPT_THRESHOLD_CENTS = 25_000;

/** Whether a gift of this net amount needs the written acknowledgment. */
export function needsIrsReceipt(net: number): boolean {
  return net >= IRS_RECEIPT_THRESHOLD_CENTS;
}
