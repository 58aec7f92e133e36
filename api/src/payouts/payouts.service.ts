import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { yearLabel, yearRange } from '../../../core/src/fiscal-year/fiscal-year.js';
import { fiscalYearStartMonth } from '../../../core/src/fiscal-year/fiscal-year-setting.js';
import type { YearPeriodDto } from '../http/year-period.dto.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { notFound } from '../../../core/src/http/errors.js';
import { payoutArrivalDay } from '../../../core/src/gifts/calendar.js';
import { moneyFigures, whereTheMoneyIs } from '../../../core/src/read-model/money-lines.js';
import type { CsvExport } from '../http/csv-response.js';
import { localDateTime } from '../transactions/ledger-csv.rows.js';
import { PAYOUT_CSV_HEADERS, payoutCsvRows } from './payout-csv.rows.js';
import type { PayoutDetailDto, PayoutDto, PayoutLineDto, PayoutsPageDto } from './payouts.dto.js';
import { PayoutsRepository, type PayoutLineRow, type PayoutListRow } from './payouts.repository.js';

function payout(r: PayoutListRow): PayoutDto {
  return {
    id: r.id,
    amountCents: Number(r.amount),
    currency: r.currency,
    status: r.status,
    arrivalDay: payoutArrivalDay(r.arrival_date),
    arrivalDate: r.arrival_date.toISOString(),
    created: r.created.toISOString(),
    failureMessage: r.failure_message,
    linesKnown: r.lines_synced,
  };
}

function kindOf(type: string, category: string): string {
  if (type === 'charge' || type === 'payment') return 'gift';
  if (type === 'refund' || type === 'payment_refund') return 'refund';
  if (type === 'payout_failure' || type === 'payout_cancel') return 'returned payout';
  if (category === 'dispute' || category === 'dispute_reversal' || type === 'adjustment') return 'dispute';
  return 'other';
}

function line(r: PayoutLineRow): PayoutLineDto {
  return {
    id: r.id,
    kind: kindOf(r.type, r.reporting_category),
    created: r.created.toISOString(),
    chargeId: r.charge_id,
    payee: r.payee,
    grossCents: Number(r.amount),
    feeCents: Number(r.fee),
    netCents: Number(r.net),
  };
}

/** The Payouts view: deposits to the bank, what each carried, and the totals of money movement (all from the read model). */
@Injectable()
export class PayoutsService {
  constructor(
    @Inject(PayoutsRepository) private readonly repo: PayoutsRepository,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  /** A page of payouts, all or those arriving in a calendar or fiscal year; the totals are always all time. */
  async page(page: number, pageSize: number, q: YearPeriodDto = {}): Promise<PayoutsPageDto> {
    const basis = q.basis ?? 'calendar';
    const startMonth = q.year !== undefined && basis === 'fiscal' ? await fiscalYearStartMonth(this.ds) : 1;
    const days = q.year !== undefined ? yearRange(q.year, basis, startMonth) : null;
    const [rows, lines, sums, arrived] = await Promise.all([
      this.repo.page(pageSize + 1, (page - 1) * pageSize, days),
      this.repo.linesByType(),
      this.repo.payoutSums(),
      days ? this.repo.arrivedIn(days) : null,
    ]);
    const m = moneyFigures(lines);
    const where = whereTheMoneyIs(m.afterFees, Number(sums.deposited), Number(sums.in_transit));
    const period =
      q.year !== undefined && arrived
        ? {
            label: basis === 'fiscal' ? yearLabel(q.year, basis, startMonth) : `Calendar ${q.year}`,
            payouts: arrived.count,
            paidOutCents: Number(arrived.amount),
          }
        : null;
    return {
      period,
      payouts: rows.slice(0, pageSize).map(payout),
      page,
      pageSize,
      hasMore: rows.length > pageSize,
      totals: {
        grossCents: m.gross,
        feeCents: m.fees,
        refundCents: m.refunds,
        disputeCents: m.disputes,
        receivedCents: m.received,
        netCents: m.afterFees,
        paidOutCents: where.deposited + where.inTransit,
        depositedCents: where.deposited,
        inTransitCents: where.inTransit,
        pendingCents: where.available,
        owedCents: where.owed,
      },
    };
  }

  async detail(id: string): Promise<PayoutDetailDto> {
    const found = await this.repo.find(id);
    if (!found) throw notFound('No payout with this id.');
    const lines = (await this.repo.lines(id)).map(line);
    const sum = (k: 'grossCents' | 'feeCents' | 'netCents') => lines.reduce((s, l) => s + l[k], 0);
    return {
      payout: payout(found),
      lines,
      grossCents: sum('grossCents'),
      feeCents: sum('feeCents'),
      netCents: sum('netCents'),
    };
  }

  async csv(id: string): Promise<CsvExport> {
    const d = await this.detail(id);
    const at = localDateTime(this.env.TIME_ZONE);
    const localDay = (iso: string) => at(Date.parse(iso) / 1000)[0];
    // The file's name and its Date column: the payout's arrival day (core's rule), not its instant in TIME_ZONE.
    const day = d.payout.arrivalDay;
    async function* batches() {
      yield payoutCsvRows(day, id, d.lines, localDay);
    }
    return { filename: `payout_${day}_${id}.csv`, headers: PAYOUT_CSV_HEADERS, batches: batches() };
  }
}
