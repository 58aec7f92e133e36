import { Inject, Injectable } from '@nestjs/common';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { ENV } from '../../../core/src/config/load-env.js';
import { periodDays, periodLabel, shiftMonth } from '../../../core/src/fiscal-year/periods.js';
import { payoutArrivalDay, todayIn } from '../../../core/src/gifts/calendar.js';
import { giftTypeLabel, MANUAL_DONATION_TYPES } from '../../../core/src/gifts/gift-labels.js';
import {
  addMoney,
  manualMoney,
  moneyFigures,
  NO_MONEY,
  type MoneyFigures,
} from '../../../core/src/read-model/money-lines.js';
import type { MonthEndDto, MonthEndFiguresDto } from './month-end.dto.js';
import { MonthEndRepository, type MonthDays } from './month-end.repository.js';

const METHOD_NAMES = { card: 'Card', bank: 'Bank (ACH)', other: 'Other Stripe lines' } as const;

function row(name: string, f: MoneyFigures): MonthEndFiguresDto {
  return {
    name,
    grossCents: f.gross,
    refundCents: f.refunds,
    disputeCents: f.disputes,
    feeCents: f.fees,
    receivedCents: f.received,
    afterFeesCents: f.afterFees,
  };
}

/** Adds figures under a name, keeping the order names were first seen. */
function tally(into: Map<string, MoneyFigures>, name: string, f: MoneyFigures): void {
  into.set(name, addMoney(into.get(name) ?? NO_MONEY, f));
}

/**
 * The Month-end view: the month's money from the read model, every figure by core's one definition
 * (core/src/read-model/money-lines.ts). Card and bank figures are the dashboard's for the same month; refunds
 * and disputes count on the day they happened; manual gifts count on their date; the payouts are those arriving
 * in the month.
 */
@Injectable()
export class MonthEndService {
  constructor(
    @Inject(MonthEndRepository) private readonly repo: MonthEndRepository,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  /** The month asked for, or the last month that has ended. */
  monthOf(month: string | undefined): string {
    return month ?? shiftMonth(todayIn(this.env.TIME_ZONE).slice(0, 7), -1);
  }

  async get(monthAsked?: string): Promise<MonthEndDto> {
    const month = this.monthOf(monthAsked);
    const period = { kind: 'month' as const, month };
    const days: MonthDays = { month, ...periodDays(period, 1), timeZone: this.env.TIME_ZONE };
    const [money, lines, manual, payouts] = await Promise.all([
      this.repo.money(days),
      this.repo.linesByMethodAndFund(days),
      this.repo.manualByTypeAndFund(days),
      this.repo.payouts(days),
    ]);
    const stripe = moneyFigures(money);
    const byMethod = new Map<string, MoneyFigures>();
    const byFund = new Map<string, MoneyFigures>();
    for (const method of ['card', 'bank', 'other'] as const) {
      const of = lines.filter((l) => l.method === method);
      if (of.length) tally(byMethod, METHOD_NAMES[method], moneyFigures(of));
    }
    for (const fund of new Set(lines.map((l) => l.fund)))
      tally(byFund, fund, moneyFigures(lines.filter((l) => l.fund === fund)));
    let total = stripe;
    const rank = (t: string) => (MANUAL_DONATION_TYPES as readonly string[]).indexOf(t);
    for (const m of [...manual].sort((a, b) => rank(a.donation_type) - rank(b.donation_type))) {
      const f = manualMoney(Number(m.amount));
      tally(byMethod, giftTypeLabel('manual', m.donation_type), f);
      tally(byFund, m.fund, f);
      total = addMoney(total, f);
    }
    const sum = (statuses: string[]) =>
      payouts.filter((p) => statuses.includes(p.status)).reduce((s, p) => s + Number(p.amount), 0);
    return {
      month,
      label: periodLabel(period, 1),
      fromDay: days.fromDay,
      toDay: days.toDay,
      total: row('All methods', total),
      stripe: row('Card and bank', stripe),
      depositedCents: sum(['paid']),
      inTransitCents: sum(['pending', 'in_transit']),
      byMethod: [...byMethod].map(([name, f]) => row(name, f)),
      byFund: [...byFund].sort((a, b) => a[0].localeCompare(b[0])).map(([name, f]) => row(name, f)),
      payouts: payouts.map((p) => ({
        id: p.id,
        amountCents: Number(p.amount),
        status: p.status,
        arrivalDay: payoutArrivalDay(p.arrival_date),
      })),
    };
  }
}
