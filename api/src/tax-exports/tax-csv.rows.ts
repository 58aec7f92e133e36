import { neutraliseCsvRow } from '../http/csv-cell.js';
import { chargeDisplayStatus, giftMethodLabel, giftTypeLabel } from '../../../core/src/gifts/gift-labels.js';
import { needsIrsReceipt } from '../../../core/src/gifts/net-amount.js';
import { formatCents } from '../../../core/src/gifts/money.js';
import type { TaxGiftRow } from './tax-exports.repository.js';

/** The columns both tax CSVs start with (giftColumns below). */
const GIFT_HEADERS = ['Date', 'Donor Name', 'Email', 'Address', 'Amount', 'Type', 'Method'];

/** Columns of tax-report-{year}.csv: one row per gift. Amount is the gift as given; Net Amount after refunds. */
export const BULK_HEADERS = [
  ...GIFT_HEADERS,
  'Status',
  'Refunded',
  'Receipt Required',
  'Net Amount',
  'Transaction ID',
  'Appeal',
];

/** Columns of irs-receipts-required-{year}.csv: gifts of $250 or more (net) that need a written acknowledgment. */
export const IRS_HEADERS = [...GIFT_HEADERS, 'Goods or Services Provided', 'Transaction ID', 'Appeal'];

function status(g: TaxGiftRow): string {
  if (g.source === 'manual') return 'succeeded';
  return chargeDisplayStatus({
    status: g.status,
    amount: Number(g.amount),
    amount_refunded: Number(g.amount_refunded),
    disputed: g.disputed,
    dispute_status: g.dispute_status,
  });
}

/** Date, donor, an amount, Type and Method: the columns both tax CSVs start with. */
function giftColumns(g: TaxGiftRow, amountCents: number): Array<string | null> {
  const method = giftMethodLabel(g.source, g.gift_type, g.brand, g.last4);
  return [g.day, g.name, g.email, g.address, formatCents(amountCents), giftTypeLabel(g.source, g.gift_type), method];
}

export function bulkRow(g: TaxGiftRow): string[] {
  const net = Number(g.net);
  return neutraliseCsvRow([
    ...giftColumns(g, Number(g.amount)),
    status(g),
    formatCents(Number(g.amount_refunded)),
    needsIrsReceipt(net) ? 'Yes' : 'No',
    formatCents(net),
    g.id,
    g.appeal,
  ]);
}

export function irsRow(g: TaxGiftRow): string[] {
  return neutraliseCsvRow([...giftColumns(g, Number(g.net)), 'No', g.id, g.appeal]);
}
