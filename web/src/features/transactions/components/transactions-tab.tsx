import { format, parseISO, subDays } from 'date-fns';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField, TextField } from '../../../components/ui/field';
import { DownloadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { formatUsd } from '../../../../../core/src/gifts/money';
import type { FiscalYearDto } from '../../../lib/api-types';
import { fiscalCaption, parseYearValue, useFiscalYear, yearDays, yearSelectOptions } from '../../../lib/fiscal-year';
import { DATE_FORMAT } from '../../../lib/format';
import { useCsvExport } from '../../../lib/use-csv-export';
import { schoolToday } from '../../../lib/school-dates';
import { useDebounced } from '../../../lib/use-debounced';
import { useFunds } from '../../../lib/funds';
import { AppealFilter } from '../../../components/appeal-filter';
import {
  downloadLedgerCsv,
  LEDGER_METHODS,
  LEDGER_PAGE_SIZE,
  LEDGER_STATUSES,
  useLedger,
  type LedgerFilter,
  type LedgerMethod,
  type LedgerStatus,
} from '../api/get-ledger';
import { CustomDateRangeDialog } from './custom-date-range-dialog';
import { TransactionsTable } from './transactions-table';

/** All Time, Last 30 Days, Custom Range, or a year: 'calendar:2026' / 'fiscal:2026' (lib/fiscal-year). */
type RangeChoice = string;

/** A preset as an inclusive range of days, today being the school's (the server counts days in the school's zone). */
function presetDays(
  range: RangeChoice,
  fy: FiscalYearDto | undefined,
  now = new Date(),
): { startDate: string; endDate: string } {
  const year = parseYearValue(range);
  if (year) return yearDays(year, fy);
  if (range === 'last-30-days') {
    const today = schoolToday(now);
    return { startDate: format(subDays(parseISO(today), 29), 'yyyy-MM-dd'), endDate: today };
  }
  return { startDate: '', endDate: '' };
}

const rangeLabel = (d: string) => format(parseISO(d), DATE_FORMAT);

/**
 * The dashboard's Transactions tab: the whole ledger from the read model, a page at a time. The date range,
 * search, status and method filters drive the page, the total of everything they match, and the CSV.
 */
export function TransactionsTab() {
  const fy = useFiscalYear();
  const fiscalNote = fiscalCaption(fy.data);
  const ranges = [
    { value: 'all', label: 'All Time' },
    { value: 'last-30-days', label: 'Last 30 Days' },
    ...yearSelectOptions(fy.data),
    { value: 'custom', label: 'Custom Range' },
  ];
  const [range, setRange] = useState<RangeChoice>('all');
  const [days, setDays] = useState({ startDate: '', endDate: '' });
  const [choosingRange, setChoosingRange] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LedgerStatus | ''>('');
  const [method, setMethod] = useState<LedgerMethod | ''>('');
  const [fund, setFund] = useState('');
  const funds = useFunds().data ?? [];
  const [appeal, setAppeal] = useState(() => new URLSearchParams(window.location.search).get('appeal') ?? '');
  const [page, setPage] = useState(1);
  const csv = useCsvExport('Transaction data', 'Failed to export transactions');
  const q = useDebounced(search, 300);
  const filter: LedgerFilter = { ...days, q, status, method, fund, appeal };
  useEffect(() => setPage(1), [days.startDate, days.endDate, q, status, method, fund, appeal]);

  const ledger = useLedger(filter, page);
  const data = ledger.data;
  const count = data?.totals.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / LEDGER_PAGE_SIZE));
  const first = count === 0 ? 0 : (page - 1) * LEDGER_PAGE_SIZE + 1;
  const last = Math.min(count, page * LEDGER_PAGE_SIZE);

  const onRangeChange = (value: RangeChoice) => {
    if (value === 'custom') return setChoosingRange(true);
    setRange(value);
    setDays(presetDays(value, fy.data));
  };

  const exportCsv = async () => {
    if (count === 0) {
      toast({ title: 'No Data', description: 'No transactions available to download.', variant: 'destructive' });
      return;
    }
    await csv.run(() => downloadLedgerCsv(filter));
  };

  return (
    <Card>
      <CardHeader
        title="Recent Transactions"
        description="Every card and manual donation, newest first. Filter, then export exactly what is shown."
      />
      <CardContent>
        <div className="adm-toolbar adm-ledger-filters">
          <SelectField
            label="Date range"
            className="adm-filter"
            value={choosingRange ? 'custom' : range}
            onValueChange={onRangeChange}
            options={ranges}
          />
          <TextField
            label="Search"
            className="adm-search"
            type="search"
            placeholder="Donor name, email or amount"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            label="Status"
            className="adm-filter"
            value={status}
            onValueChange={(v) => setStatus(v as LedgerStatus | '')}
            options={[...LEDGER_STATUSES]}
          />
          <SelectField
            label="Method"
            className="adm-filter"
            value={method}
            onValueChange={(v) => setMethod(v as LedgerMethod | '')}
            options={[...LEDGER_METHODS]}
          />
          {funds.length > 1 && (
            <SelectField
              label="Fund"
              className="adm-filter"
              value={fund}
              onValueChange={setFund}
              options={[
                { value: '', label: 'Any fund' },
                ...funds.map((f) => ({ value: String(f.id), label: f.archived ? `${f.name} (archived)` : f.name })),
              ]}
            />
          )}
          <AppealFilter value={appeal} onValueChange={setAppeal} />
          <div className="adm-toolbar__actions">
            <Button variant="outline" onClick={() => void exportCsv()} disabled={csv.exporting}>
              <DownloadIcon /> {csv.exporting ? 'Exporting...' : 'Export CSV'}
            </Button>
          </div>
        </div>
        {fiscalNote && <p className="adm-muted adm-range">{fiscalNote}</p>}
        {range === 'custom' && days.startDate && days.endDate && (
          <p className="adm-range">
            {rangeLabel(days.startDate)} – {rangeLabel(days.endDate)}{' '}
            <Button variant="link" size="sm" onClick={() => setChoosingRange(true)}>
              Change dates
            </Button>
          </p>
        )}

        <p className="adm-ledger-total" aria-live="polite">
          {data
            ? `${count.toLocaleString('en-US')} transaction${count === 1 ? '' : 's'} · ${formatUsd(data.totals.netCents)} net received (after refunds and lost disputes)` +
              (data.totals.feeCoverageCents > 0
                ? `: ${formatUsd(data.totals.netCents - data.totals.feeCoverageCents)} to the ${fund ? 'fund' : 'funds'} plus ${formatUsd(data.totals.feeCoverageCents)} fee coverage`
                : '')
            : ''}
        </p>

        {ledger.isError && <Alert variant="destructive">{ledger.error.message}</Alert>}
        {ledger.isPending ? (
          <Spinner label="Loading transactions" />
        ) : data && data.data.length === 0 ? (
          <p className="adm-empty">No transactions match these filters.</p>
        ) : (
          data && <TransactionsTable variant="recent" transactions={data.data} busy={ledger.isFetching} />
        )}

        {data && count > 0 && (
          <Pagination
            label="Transaction pages"
            page={page}
            pages={pages}
            onPageChange={setPage}
            before={`${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} · `}
          />
        )}

        <CustomDateRangeDialog
          open={choosingRange}
          initialStart={days.startDate || undefined}
          initialEnd={days.endDate || undefined}
          onCancel={() => setChoosingRange(false)}
          onApply={(startDate, endDate) => {
            setRange('custom');
            setDays({ startDate, endDate });
            setChoosingRange(false);
          }}
        />
      </CardContent>
    </Card>
  );
}
