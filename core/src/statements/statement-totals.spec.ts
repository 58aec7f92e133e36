import type { TaxGiftRow } from './statement-gifts.js';
import { statementTotals } from './year-end-statement.pdf.js';

const gift = (id: string, source: 'card' | 'manual', type: string | null, net: number): TaxGiftRow => ({
  source,
  id,
  day: '2026-03-01',
  day_label: 'Mar 01, 2026',
  amount: String(net),
  amount_refunded: '0',
  net: String(net),
  status: 'succeeded',
  disputed: false,
  dispute_status: null,
  gift_type: type,
  brand: null,
  last4: null,
  name: null,
  email: null,
  address: null,
  tribute: null,
  fund: null,
  appeal: null,
  description: source === 'manual' && !['cash', 'check'].includes(type ?? '') ? `gift ${id}` : null,
});

describe('statementTotals (IRS Pub. 1771)', () => {
  it('totals gifts of money only (card, bank, cash, check) and lists gifts of property apart, leaving out refunded gifts', () => {
    const t = statementTotals([
      gift('ch_1', 'card', 'one-time', 5000),
      gift('m1', 'manual', 'cash', 2000),
      gift('m2', 'manual', 'check', 15000),
      gift('m3', 'manual', 'stock', 845000),
      gift('m4', 'manual', 'item', 72000),
      gift('m5', 'manual', 'crypto', 1000),
      gift('m6', 'manual', 'other', 500),
      gift('ch_2', 'card', 'monthly', 0),
    ]);
    expect(t.totalCents).toBe(22000);
    expect(t.gifts.map((g) => g.id)).toEqual(['ch_1', 'm1', 'm2']);
    expect(t.property.map((g) => g.id)).toEqual(['m3', 'm4', 'm5', 'm6']);
  });
});
