import type { AnalyticsDto, DonorListDto } from '../../../lib/api-types';
import { formatDollars } from '../../../lib/currency';
import { DollarIcon, HeartIcon, PeopleIcon, TrendIcon } from '../../../components/ui/icons';
import { StatCard as SummaryCard } from '../../../components/ui/stat-card';

export function formatGrowth(growth: number | null | undefined): string {
  const g = Number(growth ?? 0);
  const safe = Number.isFinite(g) ? g : 0;
  return `${safe >= 0 ? '+' : ''}${safe.toFixed(1)}%`;
}

export const count = (n: number | null | undefined) => Number(n ?? 0).toLocaleString('en-US');

/** Bank debits still processing: shown apart, since no total above counts them until the money arrives. */
function PendingNote({ overview }: { overview?: AnalyticsDto['overview'] }) {
  const n = Number(overview?.pendingDonations ?? 0);
  if (!n) return null;
  return (
    <p className="adm-pending-note" role="status">
      <strong>Pending:</strong> {count(n)} bank {n === 1 ? 'payment' : 'payments'} of{' '}
      {formatDollars(overview?.pendingAmount ?? 0)} still processing, not counted in these totals until the money
      arrives.
    </p>
  );
}

/**
 * Total Revenue, Total Donations, Average Donation, Active Donors; below them what Stripe made of the card and
 * bank gifts: gross, received (after refunds and disputes, each on its own day) and after Stripe's fees; then any
 * gifts still on their way. `label` names the period when it is not all time.
 */
export function SummaryCards({
  overview,
  summary,
  label,
}: {
  overview?: AnalyticsDto['overview'];
  summary?: DonorListDto['summary'];
  label?: string;
}) {
  const o = overview;
  const inPeriod = label ? ` in ${label}` : '';
  return (
    <>
      <div className="adm-grid adm-grid--4">
        <SummaryCard
          title="Total Revenue"
          icon={<DollarIcon />}
          value={formatDollars(overview?.totalAmount ?? 0)}
          note={`${formatGrowth(overview?.monthlyGrowth)} from last month`}
        />
        <SummaryCard
          title="Total Donations"
          icon={<HeartIcon />}
          value={count(overview?.totalDonations)}
          note={`successful transactions${inPeriod} (failed and pending left out)`}
        />
        <SummaryCard
          title="Average Donation"
          icon={<TrendIcon />}
          value={formatDollars(overview?.averageDonation ?? 0)}
          note="per transaction"
        />
        <SummaryCard
          title="Active Donors"
          icon={<PeopleIcon />}
          value={count(summary?.activeCustomers)}
          note={`of ${count(summary?.totalCustomers)} total donors (last 12 months, whatever the period)`}
        />
      </div>
      <div className="adm-grid adm-grid--3 adm-money-cards">
        <SummaryCard
          title="Gross Card Gifts"
          icon={<DollarIcon />}
          value={formatDollars(o?.grossAmount ?? 0)}
          note={`Card and bank gifts Stripe took${inPeriod}, before fees and refunds.`}
        />
        <SummaryCard
          title="Received"
          icon={<DollarIcon />}
          value={formatDollars(o?.receivedAmount ?? 0)}
          note={`After refunds (${formatDollars(o?.refunds ?? 0)}) and disputes (${formatDollars(o?.disputes ?? 0)}) made${inPeriod}, each on its own day.`}
        />
        <SummaryCard
          title="After Stripe Fees"
          icon={<DollarIcon />}
          value={formatDollars(o?.netAfterFees ?? 0)}
          note={`Received less ${formatDollars(o?.stripeFees ?? 0)} Stripe fees${o?.grossAmount ? ` (${((o.stripeFees / o.grossAmount) * 100).toFixed(1)}% of gross)` : ''}: what Stripe pays to the bank.`}
        />
      </div>
      <PendingNote overview={overview} />
    </>
  );
}
