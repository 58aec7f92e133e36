import type { AnalyticsDto, DonorListDto } from '../../../lib/api-types';
import { formatCurrency } from '../../../lib/currency';
import { DollarIcon, HeartIcon, PeopleIcon, TrendIcon } from '../../../components/ui/icons';
import { StatCard as SummaryCard } from '../../../components/ui/stat-card';

export function formatGrowth(growth: number | null | undefined): string {
  const g = Number(growth ?? 0);
  const safe = Number.isFinite(g) ? g : 0;
  return `${safe >= 0 ? '+' : ''}${safe.toFixed(1)}%`;
}

export const count = (n: number | null | undefined) => Number(n ?? 0).toLocaleString('en-US');

/** Total Revenue, Total Donations, Average Donation, Active Donors. */
export function SummaryCards({ overview, summary }: { overview?: AnalyticsDto['overview']; summary?: DonorListDto['summary'] }) {
  return (
    <div className="adm-grid adm-grid--4">
      <SummaryCard title="Total Revenue" icon={<DollarIcon />} value={formatCurrency(overview?.totalAmount ?? 0)} note={`${formatGrowth(overview?.monthlyGrowth)} from last month`} />
      <SummaryCard title="Total Donations" icon={<HeartIcon />} value={count(overview?.totalDonations)} note="successful transactions" />
      <SummaryCard title="Average Donation" icon={<TrendIcon />} value={formatCurrency(overview?.averageDonation ?? 0)} note="per transaction" />
      <SummaryCard title="Active Donors" icon={<PeopleIcon />} value={count(summary?.activeCustomers)} note={`of ${count(summary?.totalCustomers)} total donors`} />
    </div>
  );
}

