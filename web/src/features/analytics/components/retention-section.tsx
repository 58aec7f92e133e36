import { useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/field';
import { DownloadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import type { RetentionDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { formatUnixDate } from '../../../lib/format';
import { useCsvExport } from '../../../lib/use-csv-export';
import { downloadLapsedCsv, useLapsed, useRetention, type LapsedKind, type RetentionYear } from '../api/get-retention';
import { yearLabel } from '../../../../../core/src/fiscal-year/fiscal-year';
import { fiscalCaption, parseYearValue, useFiscalYear, yearSelectOptions, yearValue } from '../../../lib/fiscal-year';
import { InsightCard, InsightRow } from './insight-card';
import { count } from './summary-cards';

const PAGE_SIZE = 25;
const KINDS: ReadonlyArray<{ value: LapsedKind; label: string }> = [
  { value: 'lybunt', label: 'LYBUNT' },
  { value: 'sybunt', label: 'SYBUNT' },
];

const percent = (p: number | null | undefined) =>
  p === null || p === undefined ? '–' : `${p.toLocaleString('en-US')}%`;

/** Each figure with the sentence that says what it counts, in the chosen year's words. */
/** A year's name, n years from the chosen one: '2025', or 'FY 2025' for fiscal years. */
type YearName = (n: number) => string;

function RetentionFigures({ r, name }: { r?: RetentionDto; name: YearName }) {
  const year = name(0);
  const ret = r?.retention;
  const first = r?.firstTime;
  const conv = r?.recurringConversion;
  return (
    <>
      <InsightRow
        label="Retention Rate"
        value={percent(ret?.percent)}
        note={`${count(ret?.part)} of the ${count(ret?.whole)} donors who gave in ${name(-1)} gave again in ${year}.`}
      />
      <InsightRow
        label="First-Time Donors"
        value={count(first?.whole)}
        note={`Donors whose first gift ever was made in ${year}.`}
      />
      <InsightRow
        label="Second-Gift Rate"
        value={percent(first?.percent)}
        note={`${count(first?.part)} of ${year}'s first-time donors have given a second gift since.`}
      />
      <InsightRow
        label="LYBUNT"
        value={count(r?.lybunt)}
        note={`Donors who gave in ${name(-1)} but not in ${year} (Last Year But Unfortunately Not This year).`}
      />
      <InsightRow
        label="SYBUNT"
        value={count(r?.sybunt)}
        note={`Donors who gave in ${name(-2)} or before, but neither in ${name(-1)} nor in ${year} (Some Year But Unfortunately Not This year).`}
      />
      <InsightRow
        label="Recurring Conversion"
        value={percent(conv?.percent)}
        note={`${count(conv?.part)} of ${count(conv?.whole)} donors whose first gift was a one-time gift later started a recurring plan (all years).`}
      />
    </>
  );
}

function LapsedDonors({ period, name }: { period: RetentionYear; name: YearName }) {
  const year = name(0);
  const [kind, setKind] = useState<LapsedKind>('lybunt');
  const [page, setPage] = useState(1);
  const csv = useCsvExport('Lapsed donors', 'Failed to export lapsed donors');
  const lapsed = useLapsed(kind, period, page);
  const data = lapsed.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const exportCsv = () => csv.run(() => downloadLapsedCsv(kind, period));
  return (
    <Card>
      <CardHeader
        title="Lapsed Donors"
        titleAs="h3"
        description={
          kind === 'lybunt'
            ? `Gave in ${name(-1)}, not in ${year}; most recent last gift first. Lifetime totals are net of refunds.`
            : `Gave in ${name(-2)} or before, neither in ${name(-1)} nor in ${year}; most recent last gift first. Lifetime totals are net of refunds.`
        }
        actions={
          <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={csv.exporting || total === 0}>
            <DownloadIcon /> {csv.exporting ? 'Exporting...' : 'Download CSV'}
          </Button>
        }
      />
      <CardContent>
        <div className="adm-toolbar">
          <SelectField
            label="List"
            className="adm-filter"
            value={kind}
            options={[...KINDS]}
            onValueChange={(v) => {
              setKind(v as LapsedKind);
              setPage(1);
            }}
          />
        </div>
        <p className="adm-ledger-total" aria-live="polite">
          {data ? `${count(total)} donor${total === 1 ? '' : 's'}` : ''}
        </p>
        {lapsed.isError && <Alert variant="destructive">{lapsed.error.message}</Alert>}
        {lapsed.isPending ? (
          <Spinner label="Loading lapsed donors" />
        ) : data && data.data.length === 0 ? (
          <p className="adm-empty">No donor is on this list for {year}.</p>
        ) : (
          data && (
            <div
              className="adm-table-wrap"
              tabIndex={0}
              role="region"
              aria-label={`${kind.toUpperCase()} donors for ${year}`}
              aria-busy={lapsed.isFetching}
            >
              <table className="adm-table adm-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Donor</th>
                    <th scope="col">Last Gift</th>
                    <th scope="col" className="adm-num">
                      Last Gift Amount
                    </th>
                    <th scope="col" className="adm-num">
                      Lifetime Total
                    </th>
                    <th scope="col" className="adm-num">
                      Gifts
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((d) => (
                    <tr key={d.id}>
                      <td data-label="Donor">
                        <div>
                          <Link href={`/stripe-data/customer/${d.id}`}>{d.name || 'No name provided'}</Link>
                          {d.email && <span className="adm-cell-sub">{d.email}</span>}
                        </div>
                      </td>
                      <td data-label="Last Gift" className="adm-nowrap">
                        {formatUnixDate(d.lastGiftAt)}
                      </td>
                      <td data-label="Last Gift Amount" className="adm-num">
                        {d.lastGiftCents === null ? '–' : formatUsd(d.lastGiftCents)}
                      </td>
                      <td data-label="Lifetime Total" className="adm-num adm-cell-strong">
                        {formatUsd(d.lifetimeCents)}
                      </td>
                      <td data-label="Gifts" className="adm-num">
                        {count(d.gifts)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        )}
        {data && total > PAGE_SIZE && (
          <Pagination label="Lapsed donor pages" page={page} pages={pages} onPageChange={setPage} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Donor retention by calendar or fiscal year, from the read model (GET /api/stripe/retention). A donor is a
 * donor of the Donors tab: someone with a completed card or manual gift.
 */
export function RetentionSection() {
  const fy = useFiscalYear();
  const [choice, setChoice] = useState<RetentionYear | null>(null);
  const startMonth = fy.data?.startMonth ?? 1;
  // The current fiscal year when fiscal years are not calendar years, else this calendar year.
  const period: RetentionYear = choice ?? parseYearValue(yearSelectOptions(fy.data, 0)[0].value)!;
  const retention = useRetention(period);
  const name: YearName = (n) => yearLabel(period.year + n, period.basis, startMonth);
  const caption = fiscalCaption(fy.data);
  return (
    <div className="adm-grid">
      {retention.isError && <Alert variant="destructive">{retention.error.message}</Alert>}
      <InsightCard
        title="Retention by Year"
        description={`${period.basis === 'fiscal' && startMonth !== 1 ? 'Fiscal years' : 'Calendar years'}. A donor is anyone on the Donors tab: a completed card or manual gift.${caption ? ` ${caption}` : ''}`}
        actions={
          <SelectField
            label="Year"
            className="adm-filter"
            value={yearValue(period)}
            options={yearSelectOptions(fy.data)}
            onValueChange={(v) => setChoice(parseYearValue(v))}
          />
        }
      >
        <RetentionFigures r={retention.data} name={name} />
      </InsightCard>
      <LapsedDonors period={period} name={name} />
    </div>
  );
}
