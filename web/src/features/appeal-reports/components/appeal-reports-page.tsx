import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { formatUsd } from '../../../../../core/src/gifts/money';
import type { AppealReportListDto, AppealReportRowDto } from '../../../lib/api-types';
import { useAppealReport, useAppealReports } from '../api/get-appeal-reports';
import { AppealFiguresTable, goalLabel } from './appeal-figures-table';
import { AppealSharePanel } from './appeal-share-panel';

/** ECharts loads with the chart, not with the route: the app's entry must not list it among any route's files. */
const AppealDaysChart = lazy(() => import('./appeal-days-chart').then((m) => ({ default: m.AppealDaysChart })));

/** This year's year-end appeal beside last year's: the same figures, side by side. */
function YearEndComparison({ yearEnd }: { yearEnd: AppealReportListDto['yearEnd'] }) {
  const [now, last] = yearEnd;
  const cell = (a: AppealReportRowDto | null, f: (a: AppealReportRowDto) => string) => (a ? f(a) : 'None');
  const rows: Array<[string, (a: AppealReportRowDto) => string]> = [
    ['Appeal', (a) => a.name],
    ['Raised', (a) => formatUsd(a.raisedCents)],
    ['Goal', goalLabel],
    ['Percent of goal', (a) => `${a.percentOfGoal}%`],
    ['Donors', (a) => String(a.donorCount)],
    ['New donors', (a) => String(a.newDonorCount)],
    ['Average gift', (a) => formatUsd(a.averageGiftCents)],
    ['Monthly started', (a) => String(a.recurringStarted)],
  ];
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Year-end appeals compared">
      <table className="adm-table">
        <caption className="sr-only">
          The {now.year} year-end appeal compared with the {last.year} one
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{now.year}</th>
            <th scope="col">{last.year}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, f]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{cell(now.appeal, f)}</td>
              <td>{cell(last.appeal, f)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One appeal: its days (chart and table), the board PDF, and what staff hand out to share it. */
function AppealDetail({ id }: { id: string }) {
  const q = useAppealReport(id);
  const r = q.data;
  if (q.isPending) return <Spinner label="Loading the appeal" />;
  if (q.isError || !r) return <Alert variant="destructive">{errorMessage(q.error, 'Failed to load the appeal')}</Alert>;
  const a = r.appeal;
  const pdf = () =>
    downloadFile(`/api/admin/appeal-reports/${a.id}/pdf`, `appeal_${a.slug}.pdf`).catch((err) =>
      toast({
        title: 'Download Failed',
        description: errorMessage(err, 'The PDF could not be made'),
        variant: 'destructive',
      }),
    );
  return (
    <>
      <Card as="section" aria-labelledby="appeal-days-title">
        <CardHeader
          title={<span id="appeal-days-title">{a.name}: by day</span>}
          description={`${formatUsd(a.raisedCents)} raised from ${a.giftCount} gifts, ${a.startsOn} to ${a.endsOn}.`}
          actions={
            <span className="adm-nowrap">
              <Button variant="outline" onClick={() => void pdf()}>
                Board PDF<span className="sr-only"> of {a.name}</span>
              </Button>{' '}
              <a className={buttonClass({ variant: 'outline' })} href={`/stripe-data?tab=transactions&appeal=${a.id}`}>
                Its gifts in the ledger
              </a>
            </span>
          }
        />
        <CardContent>
          <Suspense fallback={<Spinner label="Loading the chart" />}>
            <AppealDaysChart name={a.name} days={r.byDay} />
          </Suspense>
        </CardContent>
      </Card>
      <Card as="section" aria-labelledby="appeal-share-title">
        <CardHeader title={<span id="appeal-share-title">Share {a.name}</span>} />
        <CardContent>
          <AppealSharePanel appeal={a} />
        </CardContent>
      </Card>
    </>
  );
}

/**
 * The Appeals report: every appeal's raised, goal, percent, donors, new donors, average gift and monthly plans
 * started (the figures the appeal page's bar shows), this year's year-end appeal against last year's, and one
 * appeal's days, board PDF and share kit.
 */
export function AppealReportsPage() {
  const q = useAppealReports();
  const [selected, setSelected] = useState<string | null>(null);
  const list = q.data;
  const current = selected ?? list?.appeals[0]?.id ?? null;
  if (q.isPending) return <Spinner label="Loading the appeals" />;
  if (q.isError || !list)
    return <Alert variant="destructive">{errorMessage(q.error, 'Failed to load the appeals')}</Alert>;
  return (
    <>
      <Card as="section" aria-labelledby="appeals-all-title">
        <CardHeader
          title={<span id="appeals-all-title">Appeals</span>}
          description="Raised is net of refunds and of disputes not won; card, bank and recorded gifts together. Choose an appeal to see its days."
        />
        <CardContent>
          {list.appeals.length ? (
            <AppealFiguresTable
              appeals={list.appeals}
              selected={current}
              onSelect={setSelected}
              caption="Every appeal's figures"
            />
          ) : (
            <p>No appeal has been published yet.</p>
          )}
        </CardContent>
      </Card>
      <Card as="section" aria-labelledby="appeals-year-end-title">
        <CardHeader
          title={<span id="appeals-year-end-title">Year-end appeals</span>}
          description="Each year's appeal whose last day falls in December (the one that raised most when there are several)."
        />
        <CardContent>
          <YearEndComparison yearEnd={list.yearEnd} />
        </CardContent>
      </Card>
      {current && <AppealDetail key={current} id={current} />}
    </>
  );
}
