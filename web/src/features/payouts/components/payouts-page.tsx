import { Fragment, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { DollarIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { downloadServerNamedFile } from '../../../lib/download';
import { SelectField } from '../../../components/ui/field';
import { fiscalCaption, useFiscalYear, yearSelectOptions } from '../../../lib/fiscal-year';
import { formatCalendarDay } from '../../../lib/format';
import { usePayouts } from '../api/get-payouts';
import { PayoutLines } from './payout-lines';
import { MoneyIdentity } from './money-identity';

const STATUS: Record<string, { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' }> = {
  paid: { label: 'Paid', variant: 'success' },
  in_transit: { label: 'In transit', variant: 'secondary' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'destructive' },
};

/** The Payouts view: money movement totals, then each deposit to the bank; opened, what it carried. */
export function PayoutsPage() {
  const [page, setPage] = useState(1);
  const [year, setYear] = useState('all');
  const [open, setOpen] = useState<string | null>(null);
  const payouts = usePayouts(page, year);
  const fy = useFiscalYear();
  const caption = fiscalCaption(fy.data);
  const period = payouts.data?.period;
  const captionId = useId();
  const t = payouts.data?.totals;
  // The file is saved under the name the server gives it, so its day is the rows' day (the payout's arrival day).
  const exportCsv = (id: string) =>
    downloadServerNamedFile(`/api/admin/payouts/${encodeURIComponent(id)}/export`).catch((err) =>
      toast({
        title: 'Export Failed',
        description: errorMessage(err, 'The export could not be made'),
        variant: 'destructive',
      }),
    );

  return (
    <>
      <div className="adm-grid adm-grid--4">
        <StatCard
          title="Gross Gifts"
          icon={<DollarIcon />}
          value={formatUsd(t?.grossCents ?? 0)}
          note="Every card and bank gift Stripe took, before fees and refunds. All time."
        />
        <StatCard
          title="Received"
          icon={<DollarIcon />}
          value={formatUsd(t?.receivedCents ?? 0)}
          note={`After refunds (${formatUsd(t?.refundCents ?? 0)}) and disputes (${formatUsd(t?.disputeCents ?? 0)}). All time.`}
        />
        <StatCard
          title="After Stripe Fees"
          icon={<DollarIcon />}
          value={formatUsd(t?.netCents ?? 0)}
          note={`Received less Stripe's fees (${formatUsd(t?.feeCents ?? 0)}). All time.`}
        />
        <StatCard
          title="Waiting in Stripe"
          icon={<DollarIcon />}
          value={formatUsd(t?.pendingCents ?? 0)}
          note={`Not yet paid out; ${formatUsd(t?.depositedCents ?? 0)} deposited, ${formatUsd(t?.inTransitCents ?? 0)} in transit.`}
        />
      </div>
      {t && <MoneyIdentity t={t} />}
      <Card as="section" aria-labelledby="payouts-title">
        <CardHeader
          title="Payouts"
          titleId="payouts-title"
          description="Each deposit Stripe sends to the school's bank, newest first. Open one to see the gifts, refunds and fees it adds up to."
        />
        <CardContent className="adm-form">
          <div className="adm-toolbar">
            <SelectField
              label="Arriving in"
              className="adm-period-field"
              value={year}
              onValueChange={(v) => {
                setYear(v);
                setPage(1);
              }}
              options={[{ value: 'all', label: 'All Time' }, ...yearSelectOptions(fy.data)]}
              hint={`The figures above are always all time.${caption ? ` ${caption}` : ''}`}
            />
          </div>
          {period && (
            <p className="adm-ledger-total" aria-live="polite">
              {`${period.payouts.toLocaleString('en-US')} payout${period.payouts === 1 ? '' : 's'} arriving in ${period.label} took ${formatUsd(period.paidOutCents)} to the bank.`}
            </p>
          )}
          {payouts.isError && (
            <Alert variant="destructive">{errorMessage(payouts.error, 'Failed to load the payouts')}</Alert>
          )}
          {payouts.isPending ? (
            <Spinner label="Loading payouts" />
          ) : (
            payouts.data &&
            (payouts.data.payouts.length === 0 ? (
              <p className="adm-empty">
                No payouts yet. Stripe pays out daily once gifts have cleared (about two days).
              </p>
            ) : (
              <div
                className="adm-table-wrap"
                tabIndex={0}
                role="region"
                aria-labelledby={captionId}
                aria-busy={payouts.isFetching}
              >
                <table className="adm-table adm-table--stack">
                  <caption id={captionId} className="sr-only">
                    Payouts to the bank, newest first
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Arrives</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {payouts.data.payouts.map((p) => {
                      const status = STATUS[p.status] ?? { label: p.status, variant: 'secondary' as const };
                      const isOpen = open === p.id;
                      return (
                        <Fragment key={p.id}>
                          <tr>
                            <td className="adm-nowrap" data-label="Arrives">
                              {formatCalendarDay(p.arrivalDay)}
                            </td>
                            <td data-label="Amount">{formatUsd(p.amountCents)}</td>
                            <td data-label="Status">
                              <Badge variant={status.variant}>{status.label}</Badge>
                              {p.failureMessage && <span className="adm-cell-sub">{p.failureMessage}</span>}
                            </td>
                            <td data-label="Actions">
                              <span className="adm-nowrap">
                                <Button
                                  variant="outline"
                                  size="sm"
                                  aria-expanded={isOpen}
                                  aria-controls={`lines-${p.id}`}
                                  onClick={() => setOpen(isOpen ? null : p.id)}
                                >
                                  {isOpen ? 'Hide' : 'Show'} lines
                                  <span className="sr-only">
                                    {' '}
                                    of the payout of {formatUsd(p.amountCents)} arriving{' '}
                                    {formatCalendarDay(p.arrivalDay)}
                                  </span>
                                </Button>{' '}
                                <Button
                                  variant="outline"
                                  size="sm"
                                  onClick={() => void exportCsv(p.id)}
                                  disabled={!p.linesKnown}
                                >
                                  CSV
                                  <span className="sr-only">
                                    {' '}
                                    of the payout of {formatUsd(p.amountCents)} arriving{' '}
                                    {formatCalendarDay(p.arrivalDay)}
                                  </span>
                                </Button>
                              </span>
                            </td>
                          </tr>
                          {isOpen && (
                            <tr id={`lines-${p.id}`}>
                              <td colSpan={4} className="adm-stack-full">
                                <PayoutLines payoutId={p.id} />
                              </td>
                            </tr>
                          )}
                        </Fragment>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            ))
          )}
          <div className="adm-pager">
            <Button variant="outline" size="sm" onClick={() => setPage((n) => n - 1)} disabled={page <= 1}>
              Newer
            </Button>
            <span className="adm-muted">Page {page}</span>
            <Button variant="outline" size="sm" onClick={() => setPage((n) => n + 1)} disabled={!payouts.data?.hasMore}>
              Older
            </Button>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
