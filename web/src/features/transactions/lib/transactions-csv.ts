import type { TransactionDto } from '../../../lib/api-types';
import { formatCents } from '../../../../../core/src/gifts/money';
import { brandLabel, fromUnix } from '../../../lib/format';
import { formatInSchoolZone, schoolToday } from '../../../lib/school-dates';
import { cardOf, donationTypeLabel } from './transaction-labels';

export const CSV_COLUMNS = [
  'Transaction ID',
  'Date',
  'Time',
  'Amount',
  'Currency',
  'Status',
  'Card Brand',
  'Card Last 4',
  'Customer Name',
  'Customer Email',
  'Receipt URL',
  'Method',
  'Note',
  'Appeal',
] as const;

/**
 * One CSV cell. Missing values become 'N/A'. A cell a spreadsheet would read as a formula (leading = + - @,
 * tab or carriage return) gets a leading apostrophe so opening the export cannot run it; cells with a comma,
 * quote or line break are quoted with inner quotes doubled.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined || value === '' ? 'N/A' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  if (/[",\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

/** The Method column: the card's brand, or a manual gift's type (Check, Cash, ...), which is what bookkeepers sort by. */
function csvMethod(tx: TransactionDto): string | null {
  if (tx.type === 'manual') return donationTypeLabel(tx.donation_type);
  const card = cardOf(tx);
  return card ? brandLabel(card.brand) : null;
}

export function transactionsToCsv(
  transactions: TransactionDto[],
  donor: { name?: string | null; email?: string | null },
): string {
  const rows = transactions.map((tx) => {
    const at = fromUnix(tx.created);
    const card = cardOf(tx);
    return [
      tx.id,
      formatInSchoolZone(at, 'yyyy-MM-dd'),
      formatInSchoolZone(at, 'HH:mm:ss'),
      formatCents(tx.amount),
      'USD',
      tx.status,
      card?.brand,
      card?.last4,
      tx.billing_details?.name || donor.name,
      tx.billing_details?.email || donor.email,
      tx.receipt_url,
      csvMethod(tx),
      tx.notes,
      tx.appeal?.name,
    ]
      .map(csvCell)
      .join(',');
  });
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** {donor name sanitized}_transactions_{timeframe or all-time}_{yyyy-MM-dd}.csv */
export function transactionsCsvFilename(
  donorName: string | null | undefined,
  timeframe: string,
  now = new Date(),
): string {
  const name =
    (donorName || 'donor')
      .trim()
      .replace(/[^a-zA-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'donor';
  const frame = !timeframe || timeframe === 'all' ? 'all-time' : timeframe;
  return `${name}_transactions_${frame}_${schoolToday(now)}.csv`;
}
