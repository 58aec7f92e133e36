import { addMoney, manualMoney, moneyFigures, whereTheMoneyIs } from './money-lines.js';

describe('money lines: one definition of each figure', () => {
  it('makes gross, refunds, disputes, fees, received and after fees of balance transactions, payouts left out', () => {
    const f = moneyFigures([
      { type: 'charge', amount: 10000, fee: 250, net: 9750 },
      { type: 'payment', amount: '5000', fee: '40', net: '4960' },
      { type: 'refund', amount: -2000, fee: 0, net: -2000 },
      { type: 'adjustment', amount: -5000, fee: 1500, net: -6500 },
      { type: 'adjustment', amount: 1000, fee: 0, net: 1000 },
      { type: 'payout', amount: -3000, fee: 0, net: -3000 },
      { type: 'payout_failure', amount: 3000, fee: 0, net: 3000 },
    ]);
    expect(f).toEqual({ gross: 15000, refunds: 2000, disputes: 4000, fees: 1790, received: 9000, afterFees: 7210 });
    expect(f.gross - f.refunds - f.disputes).toBe(f.received);
    expect(f.received - f.fees).toBe(f.afterFees);
    expect(addMoney(f, manualMoney(500))).toMatchObject({ gross: 15500, received: 9500, afterFees: 7710, fees: 1790 });
  });

  it('never shows a negative wait: a balance below zero is owed to Stripe', () => {
    expect(whereTheMoneyIs(10000, 6000, 1000)).toEqual({ deposited: 6000, inTransit: 1000, available: 3000, owed: 0 });
    const owing = whereTheMoneyIs(9000, 8000, 1130);
    expect(owing).toEqual({ deposited: 8000, inTransit: 1130, available: 0, owed: 130 });
    expect(9000 + owing.owed).toBe(owing.deposited + owing.inTransit + owing.available);
  });
});
