import type { Analytics, CustomersResponse } from '../../api/types';
import { donorStatDollars, formatCurrency } from '../../lib/format';
import { Card, CardHeader } from '../ui/card';
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

/** Active Donor Rate: rounded percent of active donors, 0 with no donors. */
export function activeDonorRate(active: number, total: number): number {
  return total > 0 ? Math.round((active / total) * 100) : 0;
}

export function InsightsTab({ overview, summary }: { overview?: Analytics['overview']; summary?: CustomersResponse['summary'] }) {
  const active = Number(summary?.activeCustomers ?? 0);
  const total = Number(summary?.totalCustomers ?? 0);
  return (
    <div className="adm-grid adm-grid--2">
      <Card>
        <CardHeader title="Key Insights" description="How giving is trending" />
        <dl className="adm-insights">
          <Row label="Revenue Growth" value={formatGrowth(overview?.monthlyGrowth)} note="compared with last month" />
          <Row label="Donor Retention" value={`${count(active)} of ${count(total)}`} note="active donors vs total donors" />
          <Row label="Average Transaction" value={formatCurrency(overview?.averageDonation ?? 0)} note="per successful donation" />
        </dl>
      </Card>
      <Card>
        <CardHeader title="Export & Reports" description="Totals across all donors" />
        <dl className="adm-insights">
          <Row label="Total Lifetime Value" value={formatCurrency(donorStatDollars(summary?.totalLifetimeValue))} />
          <Row label="Active Donor Rate" value={`${activeDonorRate(active, total)}%`} />
          <Row label="Transaction Success Rate" value="100%" />
        </dl>
      </Card>
    </div>
  );
}
