import { format, parseISO } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { toast } from '../../../components/ui/use-toast';
import {
  TIME_FILTERS,
  useDonorTransactions,
  type TimeFilter,
  type TransactionFilter,
} from '../api/get-donor-transactions';
import type { DonorDto } from '../../../lib/api-types';
import { saveBlob } from '../../../lib/download';
import { AppealFilter } from '../../../components/appeal-filter';
import { parseYearValue, useFiscalYear, yearDays, yearSelectOptions } from '../../../lib/fiscal-year';
import { DATE_FORMAT } from '../../../lib/format';
import { transactionsCsvFilename, transactionsToCsv } from '../lib/transactions-csv';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { DownloadIcon, PlusIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { AddDonationDialog } from './add-donation-dialog';
import { CustomDateRangeDialog } from './custom-date-range-dialog';
import { TransactionsTable } from './transactions-table';

const rangeLabel = (d: string) => format(parseISO(d), DATE_FORMAT);

/** A donor's gifts with the time filter, CSV export and manual gifts; `actions` adds buttons (the year-end statement). */
export function TransactionHistory({ donor, actions }: { donor: DonorDto; actions?: ReactNode }) {
  const [filter, setFilter] = useState<TransactionFilter>({ timeframe: 'all' });
  // A calendar or fiscal year chosen from the list: a custom range of its days, named in the CSV's file name.
  const [yearChoice, setYearChoice] = useState<string | null>(null);
  const fy = useFiscalYear();
  const [choosingRange, setChoosingRange] = useState(false);
  const [adding, setAdding] = useState(false);
  const [appeal, setAppeal] = useState('');
  const transactions = useDonorTransactions(donor.id, { ...filter, appeal }, true);
  const list = transactions.data ?? [];

  const onFilterChange = (value: string) => {
    const year = parseYearValue(value);
    if (year) {
      setYearChoice(value);
      return setFilter({ timeframe: 'custom', ...yearDays(year, fy.data) });
    }
    if (value === 'custom') return setChoosingRange(true);
    // Any other choice clears the custom dates.
    setYearChoice(null);
    setFilter({ timeframe: value as TimeFilter });
  };

  const exportCsv = () => {
    if (list.length === 0) {
      toast({ title: 'No Data', description: 'No transactions available to download.', variant: 'destructive' });
      return;
    }
    const filename = transactionsCsvFilename(donor.name, yearChoice ? yearChoice.replace(':', '-') : filter.timeframe);
    saveBlob(new Blob([transactionsToCsv(list, donor)], { type: 'text/csv;charset=utf-8' }), filename);
    toast({ title: 'Download Started', description: `Transaction data exported to ${filename}` });
  };

  return (
    <Card>
      <CardHeader title="Transaction History" description="Card and manual donations from this donor" />
      <CardContent>
        <div className="adm-toolbar">
          <SelectField
            label="Time period"
            className="adm-filter"
            value={choosingRange ? 'custom' : (yearChoice ?? filter.timeframe)}
            onValueChange={onFilterChange}
            options={[
              ...TIME_FILTERS.filter((t) => t.value !== 'custom'),
              ...yearSelectOptions(fy.data),
              ...TIME_FILTERS.filter((t) => t.value === 'custom'),
            ]}
          />
          <AppealFilter value={appeal} onValueChange={setAppeal} />
          {filter.timeframe === 'custom' && !yearChoice && filter.startDate && filter.endDate && (
            <p className="adm-range">
              {rangeLabel(filter.startDate)} – {rangeLabel(filter.endDate)}{' '}
              <Button variant="link" size="sm" onClick={() => setChoosingRange(true)}>
                Change dates
              </Button>
            </p>
          )}
          <div className="adm-toolbar__actions">
            <Button variant="outline" onClick={exportCsv}>
              <DownloadIcon /> Export CSV
            </Button>
            {actions}
            <Button onClick={() => setAdding(true)}>
              <PlusIcon /> Add Donation
            </Button>
          </div>
        </div>

        {transactions.isError && <Alert variant="destructive">{transactions.error.message}</Alert>}
        {transactions.isPending ? (
          <Spinner label="Loading transactions" />
        ) : list.length === 0 ? (
          <p className="adm-empty">No transactions found for the selected timeframe.</p>
        ) : (
          <TransactionsTable variant="donor" transactions={list} busy={transactions.isFetching} />
        )}

        <CustomDateRangeDialog
          open={choosingRange}
          initialStart={filter.startDate}
          initialEnd={filter.endDate}
          onCancel={() => setChoosingRange(false)}
          onApply={(startDate, endDate) => {
            setFilter({ timeframe: 'custom', startDate, endDate });
            setYearChoice(null);
            setChoosingRange(false);
          }}
        />
        <AddDonationDialog donor={donor} open={adding} onOpenChange={setAdding} />
      </CardContent>
    </Card>
  );
}
