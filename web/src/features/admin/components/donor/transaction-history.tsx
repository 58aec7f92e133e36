import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { toast } from '../../../../components/ui/use-toast';
import { useDownloadYearEnd } from '../../api/download-year-end';
import { TIME_FILTERS, useCustomerTransactions, type TimeFilter, type TransactionFilter } from '../../api/get-customer-transactions';
import type { Donor, Transaction } from '../../api/types';
import { saveBlob } from '../../lib/download';
import { centsToDollars, DATE_TIME_FORMAT, formatCurrency, formatUnixDate, paymentMethodLabel } from '../../lib/format';
import { transactionsCsvFilename, transactionsToCsv } from '../../lib/transactions-csv';
import { DeleteManualDonationDialog } from '../transactions/delete-manual-donation-dialog';
import { DeleteManualAction, ReceiptCell, StatusBadge } from '../transactions/transaction-cells';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardHeader } from '../ui/card';
import { DownloadIcon, FileIcon, PlusIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { AddDonationDialog } from './add-donation-dialog';
import { CustomDateRangeDialog } from './custom-date-range-dialog';

const rangeLabel = (d: string) => format(parseISO(d), 'MMM dd, yyyy');

export function TransactionHistory({ donor }: { donor: Donor }) {
  const [filter, setFilter] = useState<TransactionFilter>({ timeframe: 'all' });
  const [choosingRange, setChoosingRange] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const transactions = useCustomerTransactions(donor.id, filter, true);
  const yearEnd = useDownloadYearEnd();
  const list = transactions.data ?? [];

  const onFilterChange = (value: TimeFilter) => {
    if (value === 'custom') setChoosingRange(true);
    // Any other choice clears the custom dates.
    else setFilter({ timeframe: value });
  };

  const exportCsv = () => {
    if (list.length === 0) {
      toast({ title: 'No Data', description: 'No transactions available to download.', variant: 'destructive' });
      return;
    }
    const filename = transactionsCsvFilename(donor.name, filter.timeframe);
    saveBlob(new Blob([transactionsToCsv(list, donor)], { type: 'text/csv;charset=utf-8' }), filename);
    toast({ title: 'Download Started', description: `Transaction data exported to ${filename}` });
  };

  return (
    <Card>
      <CardHeader title="Transaction History" description="Card and manual donations from this donor" />
      <div className="adm-toolbar adm-toolbar--wrap">
        <div className="adm-field adm-filter">
          <label className="adm-label" htmlFor="time-filter">Time period</label>
          <select
            id="time-filter"
            className="adm-input adm-select"
            value={choosingRange ? 'custom' : filter.timeframe}
            onChange={(e) => onFilterChange(e.target.value as TimeFilter)}
          >
            {TIME_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>{f.label}</option>
            ))}
          </select>
        </div>
        {filter.timeframe === 'custom' && filter.startDate && filter.endDate && (
          <p className="adm-range">
            {rangeLabel(filter.startDate)} – {rangeLabel(filter.endDate)}{' '}
            <button type="button" className="adm-link-button" onClick={() => setChoosingRange(true)}>Change dates</button>
          </p>
        )}
        <div className="adm-toolbar__actions">
          <Button variant="outline" onClick={exportCsv}><DownloadIcon /> Export CSV</Button>
          <Button
            variant="outline"
            onClick={() => yearEnd.mutate({ customerId: donor.id, donorName: donor.name })}
            disabled={yearEnd.isPending}
          >
            <FileIcon /> {yearEnd.isPending ? 'Generating...' : 'Year-End Statement'}
          </Button>
          <Button onClick={() => setAdding(true)}><PlusIcon /> Add Donation</Button>
        </div>
      </div>

      {transactions.isError && <Alert>{transactions.error.message}</Alert>}
      {transactions.isPending ? (
        <Spinner label="Loading transactions" />
      ) : list.length === 0 ? (
        <p className="adm-empty">No transactions found for the selected timeframe.</p>
      ) : (
        <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="donor-tx-caption" aria-busy={transactions.isFetching}>
          <table className="adm-table">
            <caption id="donor-tx-caption" className="adm-sr-only">Transaction History</caption>
            <thead>
              <tr>
                <th scope="col">Date &amp; Time</th>
                <th scope="col" className="adm-num">Amount</th>
                <th scope="col">Card</th>
                <th scope="col">Status</th>
                <th scope="col">Receipt</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((tx) => (
                <tr key={tx.id}>
                  <td className="adm-nowrap">{formatUnixDate(tx.created, DATE_TIME_FORMAT)}</td>
                  <td className="adm-num adm-cell-strong">{formatCurrency(centsToDollars(tx.amount))}</td>
                  <td className="adm-nowrap">{paymentMethodLabel(tx)}</td>
                  <td><StatusBadge status={tx.status} /></td>
                  <td><ReceiptCell tx={tx} /></td>
                  <td><DeleteManualAction tx={tx} onDelete={setDeleting} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <CustomDateRangeDialog
        open={choosingRange}
        initialStart={filter.startDate}
        initialEnd={filter.endDate}
        onCancel={() => setChoosingRange(false)}
        onApply={(startDate, endDate) => {
          setFilter({ timeframe: 'custom', startDate, endDate });
          setChoosingRange(false);
        }}
      />
      <AddDonationDialog donor={donor} open={adding} onOpenChange={setAdding} />
      <DeleteManualDonationDialog tx={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
