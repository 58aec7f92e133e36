import { lazy, Suspense, useState } from 'react';
import { Redirect } from 'wouter';
import { AdminPageHeader } from '../../../components/layout/admin-page-header';
import { Alert } from '../../../components/ui/alert';
import { ShieldIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useAnalytics, type PeriodChoice } from '../../../features/analytics/api/get-analytics';
import { PeriodPicker } from '../../../features/analytics/components/period-picker';
import { InsightsTab } from '../../../features/analytics/components/insights-tab';
import { SummaryCards } from '../../../features/analytics/components/summary-cards';
import { AdminNav } from '../../../components/layout/admin-nav';
import { AccountActions } from '../../../features/auth/components/account-actions';
import { AdminGate } from '../../../features/auth/components/admin-gate';
import { DonorMailSettings } from '../../../features/donor-mail/components/donor-mail-settings';
import { useDonors } from '../../../features/donors/api/get-donors';
import { PastDueBanner } from '../../../features/recurring/components/past-due-banner';
import { DonorsTab } from '../../../features/donors/components/donors-tab';
import { TaxExportsTab } from '../../../features/tax-exports/components/tax-exports-tab';
import { usePaymentIntents } from '../../../features/transactions/api/get-payment-intents';
import { TransactionsTab } from '../../../features/transactions/components/transactions-tab';
import type { AdminDto } from '../../../lib/api-types';
import { AdminArea } from './admin-area';

// ECharts is the heaviest part of the admin area: it loads with the Analytics tab, not with the login form.
const AnalyticsTab = lazy(() => import('../../../features/analytics/components/analytics-tab'));

const TABS = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'donors', label: 'Donors' },
  { value: 'transactions', label: 'Transactions' },
  { value: 'insights', label: 'Insights' },
  { value: 'tax-exports', label: 'Tax Exports' },
];

/**
 * The dashboard composes the features: summary cards and Insights (analytics, with the donor list's summary),
 * Donors, Transactions (the whole ledger, paged by the server) and Tax Exports (with donor e-mail's settings);
 * above them, recurring gifts that are past due (recurring).
 */
function Dashboard({ admin }: { admin: AdminDto }) {
  // ?tab=transactions opens a tab directly (the Appeals report links to an appeal's gifts in the ledger).
  const [tab, setTab] = useState(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    return TABS.some((t) => t.value === asked) ? asked! : 'analytics';
  });
  const [period, setPeriod] = useState<PeriodChoice>(null);
  const analytics = useAnalytics(true, period);
  // First page of the donor list: its summary feeds the Active Donors card and the Insights tab.
  const customers = useDonors({ page: 1, q: '' }, true);
  usePaymentIntents(true);

  const overview = analytics.data?.overview;
  const summary = customers.data?.summary;

  return (
    <div className="adm-page">
      <AdminPageHeader
        eyebrow={
          <>
            <ShieldIcon width={16} height={16} /> Admin Access
          </>
        }
        title="Financial Analytics Dashboard"
        subtitle={<p className="adm-muted">Welcome back, {admin.name}</p>}
        actions={<AccountActions admin={admin} />}
      />
      <AdminNav role={admin.role} />
      {analytics.isError && <Alert variant="destructive">{analytics.error.message}</Alert>}
      {customers.isError && tab !== 'donors' && <Alert variant="destructive">{customers.error.message}</Alert>}
      <PastDueBanner />
      <PeriodPicker value={period} onChange={setPeriod} />
      <SummaryCards overview={overview} summary={summary} label={period ? analytics.data?.period.label : undefined} />
      <Tabs label="Dashboard sections" items={TABS} value={tab} onChange={setTab}>
        {tab === 'analytics' &&
          (analytics.isPending ? (
            <Spinner label="Loading analytics" />
          ) : (
            <Suspense fallback={<Spinner label="Loading charts" />}>
              <AnalyticsTab charts={analytics.data?.charts} periodLabel={analytics.data?.period.label} />
            </Suspense>
          ))}
        {tab === 'donors' && <DonorsTab enabled />}
        {tab === 'transactions' && <TransactionsTab />}
        {tab === 'insights' && (
          <InsightsTab overview={overview} summary={summary} periodLabel={analytics.data?.period.label ?? 'All Time'} />
        )}
        {tab === 'tax-exports' && (
          <TaxExportsTab>
            <DonorMailSettings canChange={admin.role === 'owner'} />
          </TaxExportsTab>
        )}
      </Tabs>
    </div>
  );
}

/**
 * /stripe-data: the login form when signed out, a spinner while the session loads, else the dashboard; an editor
 * (no money data) lands on the Website section instead.
 */
export default function DashboardRoute() {
  return (
    <AdminArea>
      <AdminGate>
        {(admin) => (admin.role === 'editor' ? <Redirect to="/admin/website" replace /> : <Dashboard admin={admin} />)}
      </AdminGate>
    </AdminArea>
  );
}
