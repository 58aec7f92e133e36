import { format, parseISO } from 'date-fns';
import type { AnalyticsDto } from '../../../lib/api-types';
import { brandLabel } from '../../../lib/format';
import { ChartCard } from './chart-card';
import { barOption, donutOption, lineOption } from './chart-options';

function dayLabel(date: string): string {
  const d = parseISO(date);
  return Number.isNaN(d.getTime()) ? date : format(d, 'MMM dd');
}

/** The Analytics tab: four charts, every amount shown as currency. Loaded on demand with ECharts. */
export default function AnalyticsTab({ charts }: { charts: AnalyticsDto['charts'] | undefined }) {
  const monthly = (charts?.monthlyTrends ?? []).map((m) => ({ label: m.month, value: Number(m.amount) || 0 }));
  const daily = (charts?.dailyTrends ?? []).map((d) => ({ label: dayLabel(d.date), value: Number(d.amount) || 0 }));
  const frequency = (charts?.frequencyBreakdown ?? []).map((f) => ({ label: f.name, value: Number(f.value) || 0 }));
  const methods = (charts?.paymentMethods ?? []).map((p) => ({ label: brandLabel(p.name), value: Number(p.value) || 0 }));

  const cards = [
    { title: 'Monthly Donation Trends', description: 'Donation revenue by month', labelHeader: 'Month', rows: monthly, option: lineOption(monthly, 'Revenue', 0) },
    { title: 'Daily Donation Trends', description: 'Donation revenue over the last 30 days', labelHeader: 'Day', rows: daily, option: lineOption(daily, 'Revenue', 1) },
    { title: 'Donation Frequency', description: 'Revenue by donation type', labelHeader: 'Donation type', rows: frequency, option: donutOption(frequency) },
    { title: 'Payment Methods', description: 'Revenue by card brand', labelHeader: 'Card brand', rows: methods, option: barOption(methods) },
  ];

  return (
    <div className="adm-grid adm-grid--2">
      {cards.map((card) => (
        <ChartCard key={card.title} {...card} />
      ))}
    </div>
  );
}
