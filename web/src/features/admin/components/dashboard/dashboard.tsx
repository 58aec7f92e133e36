import { lazy, Suspense, useState } from 'react';
import { useAnalytics } from '../../api/get-analytics';
import { useCustomers } from '../../api/get-customers';
import { usePaymentIntents } from '../../api/get-payment-intents';
import type { Admin } from '../../api/types';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { Tabs } from '../ui/tabs';
import { DashboardHeader } from './dashboard-header';
import { DonorsTab } from './donors-tab';
import { InsightsTab } from './insights-tab';
import { SummaryCards } from './summary-cards';
import { TaxExportsTab } from './tax-exports-tab';
import { TransactionsTab } from './transactions-tab';

// ECharts is the heaviest part of the admin area: it loads with the Analytics tab, not with the login form.
const AnalyticsTab = lazy(() => import('./analytics-tab'));

const TABS = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'donors', label: 'Donors' },
  { value: 'transactions', label: 'Transactions' },
  { value: 'insights', label: 'Insights' },
  { value: 'tax-exports', label: 'Tax Exports' },
];

export function Dashboard({ admin }: { admin: Admin }) {
  const [tab, setTab] = useState('analytics');
  const analytics = useAnalytics(true);
  // First page of the donor list: its summary feeds the Active Donors card and the Insights tab.
  const customers = useCustomers({ page: 1, q: '' }, true);
  usePaymentIntents(true);

  const overview = analytics.data?.overview;
  const summary = customers.data?.summary;

  return (
    <div className="adm-page">
      <DashboardHeader admin={admin} />
      {analytics.isError && <Alert>{analytics.error.message}</Alert>}
      {customers.isError && tab !== 'donors' && <Alert>{customers.error.message}</Alert>}
      <SummaryCards overview={overview} summary={summary} />
      <Tabs label="Dashboard sections" items={TABS} value={tab} onChange={setTab}>
        {tab === 'analytics' &&
          (analytics.isPending ? (
            <Spinner label="Loading analytics" />
          ) : (
            <Suspense fallback={<Spinner label="Loading charts" />}>
              <AnalyticsTab charts={analytics.data?.charts} />
            </Suspense>
          ))}
        {tab === 'donors' && <DonorsTab enabled />}
        {tab === 'transactions' && (analytics.isPending ? <Spinner label="Loading transactions" /> : <TransactionsTab transactions={analytics.data?.recentTransactions ?? []} />)}
        {tab === 'insights' && <InsightsTab overview={overview} summary={summary} />}
        {tab === 'tax-exports' && <TaxExportsTab />}
      </Tabs>
    </div>
  );
}
