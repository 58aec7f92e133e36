import type { ReactNode } from 'react';
import type { AnalyticsDto, DonorListDto } from '../../../lib/api-types';
import { donorStatDollars } from '../../../lib/format';
import { formatCurrency } from '../../../lib/currency';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { count, formatGrowth } from './summary-cards';

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="adm-insight">
      <dt>{label}</dt>
      <dd>
        <span className="adm-insight__value">{value}</span>
        {note && <span className="adm-insight__note">{note}</span>}
      </dd>
    </div>
  );
}

function InsightCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent>
        <dl className="adm-insights">{children}</dl>
      </CardContent>
    </Card>
  );
}

/** Active Donor Rate: rounded percent of active donors, 0 with no donors. */
export function activeDonorRate(active: number, total: number): number {
  return total > 0 ? Math.round((active / total) * 100) : 0;
}

export function InsightsTab({ overview, summary }: { overview?: AnalyticsDto['overview']; summary?: DonorListDto['summary'] }) {
  const active = Number(summary?.activeCustomers ?? 0);
  const total = Number(summary?.totalCustomers ?? 0);
  return (
    <div className="adm-grid adm-grid--2">
      <InsightCard title="Key Insights" description="How giving is trending">
        <Row label="Revenue Growth" value={formatGrowth(overview?.monthlyGrowth)} note="compared with last month" />
        <Row label="Donor Retention" value={`${count(active)} of ${count(total)}`} note="active donors vs total donors" />
        <Row label="Average Transaction" value={formatCurrency(overview?.averageDonation ?? 0)} note="per successful donation" />
      </InsightCard>
      <InsightCard title="Export & Reports" description="Totals across all donors">
        <Row label="Total Lifetime Value" value={formatCurrency(donorStatDollars(summary?.totalLifetimeValue))} />
        <Row label="Active Donor Rate" value={`${activeDonorRate(active, total)}%`} />
        <Row label="Transaction Success Rate" value="100%" />
      </InsightCard>
    </div>
  );
}
