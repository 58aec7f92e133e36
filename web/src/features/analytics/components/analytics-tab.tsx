import { format, parseISO } from 'date-fns';
import type { AnalyticsDto } from '../../../lib/api-types';
import { brandLabel } from '../../../lib/format';
import { ChartCard } from './chart-card';
import { FundTotalsCard } from './fund-totals-card';
import { barOption, DONUT_MAX_SLICES, donutOption, lineOption, linesOption } from './chart-options';

function dayLabel(date: string): string {
  const d = parseISO(date);
  return Number.isNaN(d.getTime()) ? date : format(d, 'MMM dd');
}

/** The Analytics tab: four charts, every amount shown as currency (loaded on demand with ECharts), and Gifts by Fund. */
export default function AnalyticsTab({
  charts,
  periodLabel,
}: {
  charts: AnalyticsDto['charts'] | undefined;
  periodLabel?: string;
}) {
  const trends = charts?.monthlyTrends ?? [];
  const monthly = trends.map((m) => ({
    label: m.month,
    value: Number(m.amount) || 0,
    more: [Number(m.gross) || 0, Number(m.fees) || 0, Number(m.net) || 0],
  }));
  const monthlyOption = linesOption(
    monthly.map((m) => m.label),
    [
      { name: 'All gifts', values: monthly.map((m) => m.value), colorIndex: 0 },
      { name: 'Stripe gross', values: monthly.map((m) => m.more[0]), colorIndex: 2, dashed: true },
      { name: 'After fees', values: monthly.map((m) => m.more[2]), colorIndex: 1 },
    ],
  );
  const months = periodLabel && periodLabel !== 'All Time' ? periodLabel : 'the last 12 months';
  const daily = (charts?.dailyTrends ?? []).map((d) => ({ label: dayLabel(d.date), value: Number(d.amount) || 0 }));
  const frequency = (charts?.frequencyBreakdown ?? []).map((f) => ({ label: f.name, value: Number(f.value) || 0 }));
  const methods = (charts?.paymentMethods ?? []).map((p) => ({
    label: brandLabel(p.name),
    value: Number(p.value) || 0,
  }));

  const cards = [
    {
      title: 'Monthly Donation Trends',
      description: `By month over ${months}: all gifts by the date of the gift (less their refunds, manual gifts included), and Stripe's gross card and bank gifts and what remained after refunds, disputes and fees, each on the day it happened.`,
      labelHeader: 'Month',
      valueHeader: 'All gifts',
      moreHeaders: ['Stripe gross', 'Stripe fees', 'After fees'],
      rows: monthly,
      option: monthlyOption,
    },
    {
      title: 'Daily Donation Trends',
      description: 'Donation revenue over the last 30 days',
      labelHeader: 'Day',
      rows: daily,
      option: lineOption(daily, 'Revenue', 1),
    },
    {
      title: 'Donation Frequency',
      labelHeader: 'Donation type',
      rows: frequency,
      option: donutOption(frequency),
      description:
        frequency.filter((f) => f.value > 0).length > DONUT_MAX_SLICES
          ? `Revenue by donation type: the ${DONUT_MAX_SLICES - 1} largest, the rest together as Other (the data table lists each)`
          : 'Revenue by donation type',
    },
    {
      title: 'Payment Methods',
      description: 'Revenue by card brand',
      labelHeader: 'Card brand',
      rows: methods,
      option: barOption(methods),
    },
  ];

  return (
    <div className="adm-stack">
      <div className="adm-grid adm-grid--2">
        {cards.map((card) => (
          <ChartCard key={card.title} {...card} />
        ))}
      </div>
      <FundTotalsCard />
    </div>
  );
}
