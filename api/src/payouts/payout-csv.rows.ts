import { formatCents } from '../../../core/src/gifts/money.js';
import { neutraliseCsvCell } from '../http/csv-cell.js';
import type { PayoutLineDto } from './payouts.dto.js';

/** Columns most accounting software maps on import (QuickBooks, Xero): one deposit, split by line. */
export const PAYOUT_CSV_HEADERS = ['Date', 'Payee', 'Memo', 'Gross', 'Fee', 'Net', 'Account'];

/** The chart-of-accounts name each kind of line is booked to. */
export const PAYOUT_ACCOUNTS: Record<string, string> = {
  gift: 'Donations',
  refund: 'Donation refunds',
  dispute: 'Disputed donations',
  'returned payout': 'Returned payouts',
  other: 'Stripe adjustments',
  fee: 'Payment processing fees',
};

/** Text cells are neutralised (a donor's name could start with =); amounts stay numbers, a minus sign included. */
const row = (day: string, payee: string, memo: string, gross: number, fee: number, account: string): string[] => [
  day,
  neutraliseCsvCell(payee),
  neutraliseCsvCell(memo),
  formatCents(gross),
  formatCents(fee),
  formatCents(gross + fee),
  account,
];

/**
 * One row per gift, refund or adjustment at its gross amount (fee 0), then one row for the Stripe fees the
 * payout kept, so the Net column adds up to exactly the amount the bank received.
 */
export function payoutCsvRows(
  day: string,
  payoutId: string,
  lines: PayoutLineDto[],
  localDay: (iso: string) => string,
): string[][] {
  const rows = lines.map((l) => {
    const memo =
      l.kind === 'returned payout'
        ? `Returned payout (${l.id})`
        : `${l.kind[0].toUpperCase()}${l.kind.slice(1)} ${l.chargeId ?? l.id} of ${localDay(l.created)}`;
    return row(
      day,
      l.payee ?? (l.kind === 'returned payout' ? 'Stripe' : 'Anonymous donor'),
      memo,
      l.grossCents,
      0,
      PAYOUT_ACCOUNTS[l.kind],
    );
  });
  const fees = lines.reduce((s, l) => s + l.feeCents, 0);
  if (fees !== 0) rows.push(row(day, 'Stripe', `Stripe fees in payout ${payoutId}`, 0, -fees, PAYOUT_ACCOUNTS.fee));
  return rows;
}
