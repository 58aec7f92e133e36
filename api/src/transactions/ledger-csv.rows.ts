import { wallClock } from '../../../core/src/gifts/calendar.js';
import { chargeDisplayStatus, giftMethodLabel, giftTypeLabel } from '../../../core/src/gifts/gift-labels.js';
import { formatCents } from '../../../core/src/gifts/money.js';
import { netCents } from '../../../core/src/gifts/net-amount.js';
import { neutraliseCsvRow } from '../http/csv-cell.js';
import { rowTribute, type GiftRow } from './transaction.mapper.js';

/** Columns of the ledger CSV: one row per transaction, as the Transactions tab lists them. */
export const LEDGER_HEADERS = [
  'Date',
  'Time',
  'Transaction ID',
  'Donor Name',
  'Donor Email',
  'Amount',
  'Refunded',
  'Disputed',
  'Net Amount',
  'Fee',
  'After Fees',
  'Currency',
  'Status',
  'Type',
  'Method',
  'Note',
  'Receipt URL',
  'Fund',
  'Fee Coverage',
  'Tribute',
  'Appeal',
];

/** Local date and time ('yyyy-MM-dd', 'HH:mm:ss') of a unix-seconds instant in the time zone. */
export function localDateTime(timeZone: string): (unixSeconds: number) => [string, string] {
  return (s) => {
    const w = wallClock(new Date(s * 1000), timeZone);
    return [`${w.year}-${w.month}-${w.day}`, `${w.hour}:${w.minute}:${w.second}`];
  };
}

/**
 * A failed or pending charge kept nothing: its net is 0, as in the totals. A row reads Amount - Refunded -
 * Disputed = Net Amount (a dispute holding the funds takes what the refunds left), and Net Amount - Fee =
 * After Fees, the fee being Stripe's (processing and dispute fees) on the gift.
 */
export function ledgerRow(
  r: GiftRow & { stripe_fee?: string | number },
  at: (s: number) => [string, string],
): string[] {
  const amount = Number(r.amount);
  const refunded = Number(r.amount_refunded);
  const charge = {
    status: r.status,
    amount,
    amount_refunded: refunded,
    disputed: r.disputed,
    dispute_status: r.dispute_status,
  };
  const status = r.kind === 'manual' ? 'succeeded' : chargeDisplayStatus(charge);
  const settled = r.kind === 'manual' || r.status === 'succeeded';
  const net = r.kind === 'manual' ? amount : settled ? netCents(charge) : 0;
  const disputed = settled && r.kind === 'card' ? amount - refunded - net : 0;
  const fee = Number(r.stripe_fee ?? 0);
  const [date, time] = at(Number(r.created));
  return neutraliseCsvRow([
    date,
    time,
    r.id,
    r.name,
    r.email,
    formatCents(amount),
    formatCents(settled ? refunded : 0),
    formatCents(disputed),
    formatCents(net),
    formatCents(fee),
    formatCents(net - fee),
    r.currency.toUpperCase(),
    status,
    giftTypeLabel(r.kind, r.kind === 'manual' ? r.donation_type : r.frequency),
    giftMethodLabel(r.kind, r.donation_type, r.brand, r.last4),
    r.notes,
    r.receipt_url,
    r.fund_name ?? String(r.fund_id),
    formatCents(Number(r.fee_coverage ?? 0)),
    rowTribute(r),
    r.appeal_name ?? '',
  ]);
}
