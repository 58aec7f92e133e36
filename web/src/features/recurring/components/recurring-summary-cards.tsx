import { AlertIcon, DollarIcon, PeopleIcon, RepeatIcon } from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { formatDollars } from '../../../lib/currency';
import type { RecurringSummaryDto } from '../../../lib/api-types';

const count = (n: number | undefined) => Number(n ?? 0).toLocaleString('en-US');

/** The four figures of the Recurring view, each with the one line that says what it counts. */
export function RecurringSummaryCards({ summary }: { summary?: RecurringSummaryDto }) {
  return (
    <div className="adm-grid adm-grid--4">
      <StatCard
        title="Active Recurring Donors"
        icon={<PeopleIcon />}
        value={count(summary?.activeDonors)}
        note="Donors with at least one active plan; paused and past-due plans do not count."
      />
      <StatCard
        title="Monthly Recurring Revenue"
        icon={<DollarIcon />}
        value={formatDollars(summary?.monthlyRecurringRevenue ?? 0)}
        note="Active plans per month: monthly as is, quarterly ÷ 3, annual ÷ 12."
      />
      <StatCard
        title="Past-Due Plans"
        icon={<AlertIcon />}
        value={count(summary?.pastDue)}
        note="The latest renewal failed; Stripe is retrying the card."
      />
      <StatCard
        title="Canceled (30 Days)"
        icon={<RepeatIcon />}
        value={count(summary?.canceledLast30Days)}
        note="Plans that ended in the last 30 days, by donor, admin or failed retries."
      />
    </div>
  );
}
