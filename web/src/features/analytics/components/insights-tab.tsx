import type { AnalyticsDto, DonorListDto } from '../../../lib/api-types';
import { donorStatDollars } from '../../../lib/format';
import { formatDollars } from '../../../lib/currency';
import { InsightCard, InsightRow as Row } from './insight-card';
import { RetentionSection } from './retention-section';
import { count, formatGrowth } from './summary-cards';

/** Active Donor Rate: rounded percent of active donors, 0 with no donors. */
export function activeDonorRate(active: number, total: number): number {
  return total > 0 ? Math.round((active / total) * 100) : 0;
}

/**
 * Every figure carries its one-line definition and says its period: the period's figures are the summary
 * cards' (the same answer, so Average Donation is one number on both); donor figures say they are all time.
 */
export function InsightsTab({
  overview,
  summary,
  periodLabel,
}: {
  overview?: AnalyticsDto['overview'];
  summary?: DonorListDto['summary'];
  periodLabel: string;
}) {
  const active = Number(summary?.activeCustomers ?? 0);
  const total = Number(summary?.totalCustomers ?? 0);
  const failed = Number(overview?.failedCharges ?? 0);
  return (
    <div className="adm-grid">
      <div className="adm-grid adm-grid--2">
        <InsightCard title="Key Insights" description={`How giving is trending: ${periodLabel}`}>
          <Row
            label="Revenue Growth"
            value={formatGrowth(overview?.monthlyGrowth)}
            note="This calendar month's net gifts compared with last month's, whatever the period."
          />
          <Row
            label="Donor Retention"
            value={`${count(active)} of ${count(total)}`}
            note="All time: active donors (a completed gift in the last 12 months) of all donors with a completed gift."
          />
          <Row
            label="Average Transaction"
            value={formatDollars(overview?.averageDonation ?? 0)}
            note={`${periodLabel}: Total Revenue divided by Total Donations (refunds taken off), the Average Donation card above.`}
          />
        </InsightCard>
        <InsightCard title="Export & Reports" description="Totals across all donors">
          <Row
            label="Total Lifetime Value"
            value={formatDollars(donorStatDollars(summary?.totalLifetimeValue))}
            note="All time: net gifts of listed donors; all-time Total Revenue also counts gifts with no donor record (guest cards, walk-ins)."
          />
          <Row
            label="Active Donor Rate"
            value={`${activeDonorRate(active, total)}%`}
            note="All time: active donors as a share of all donors, rounded."
          />
          <Row
            label="Transaction Success Rate"
            value={`${overview?.transactionSuccessRate ?? 0}%`}
            note={`${periodLabel}: card charges that succeeded, of all card charges attempted (${count(failed)} failed).`}
          />
        </InsightCard>
      </div>
      <RetentionSection />
    </div>
  );
}
