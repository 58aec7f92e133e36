import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { DollarIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { downloadFile } from '../../../lib/download';
import { periodSelectGroups, useFiscalYear } from '../../../lib/fiscal-year';
import { useMonthEnd } from '../api/get-month-end';
import { FiguresTable } from './figures-table';

const STATUS: Record<string, string> = {
  paid: 'Deposited',
  in_transit: 'In transit',
  pending: 'Pending',
  failed: 'Failed',
  canceled: 'Canceled',
};

/**
 * The Month-end view: a month's gross, refunds, disputes, fees, received and after fees (card and bank as
 * Stripe counted them, each line on its own day; manual gifts on their date), by method and by fund, and the
 * payouts arriving in the month; downloadable as CSV and as a one-page PDF for the board.
 */
export function MonthEndPage() {
  const fy = useFiscalYear();
  const months = periodSelectGroups(fy.data).find((g) => g.label === 'Months')?.options ?? [];
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useMonthEnd(month);
  const m = q.data;
  const payoutsId = useId();
  const download = (kind: 'export' | 'pdf', ext: string) =>
    m &&
    downloadFile(`/api/stripe/month-end/${kind}?month=${m.month}`, `month-end_${m.month}.${ext}`).catch((err) =>
      toast({
        title: 'Download Failed',
        description: errorMessage(err, 'The file could not be made'),
        variant: 'destructive',
      }),
    );

  return (
    <>
      <div className="adm-toolbar">
        <SelectField
          label="Month"
          className="adm-period-field"
          value={m?.month ?? ''}
          onValueChange={setMonth}
          options={months.map((o) => ({ value: o.value.replace('month:', ''), label: o.label }))}
          hint="Refunds and disputes count in the month they happened; manual gifts on their date; payouts in the month they arrive."
        />
        <span className="adm-nowrap">
          <Button variant="outline" onClick={() => void download('export', 'csv')} disabled={!m}>
            Download CSV<span className="sr-only"> of {m?.label}</span>
          </Button>{' '}
          <Button variant="outline" onClick={() => void download('pdf', 'pdf')} disabled={!m}>
            Download PDF<span className="sr-only"> of {m?.label}</span>
          </Button>
        </span>
      </div>
      {q.isError && <Alert variant="destructive">{errorMessage(q.error, 'Failed to load the month')}</Alert>}
      {q.isPending ? (
        <Spinner label="Loading the month" />
      ) : (
        m && (
          <>
            <div className="adm-grid adm-grid--4" aria-busy={q.isFetching}>
              <StatCard
                title="Gross"
                icon={<DollarIcon />}
                value={formatUsd(m.total.grossCents)}
                note={`Every gift of ${m.label}, before refunds and fees (${formatUsd(m.stripe.grossCents)} by card and bank).`}
              />
              <StatCard
                title="Refunds and Disputes"
                icon={<DollarIcon />}
                value={formatUsd(m.total.refundCents + m.total.disputeCents)}
                note={`${formatUsd(m.total.refundCents)} refunded and ${formatUsd(m.total.disputeCents)} disputed in ${m.label}.`}
              />
              <StatCard
                title="Stripe Fees"
                icon={<DollarIcon />}
                value={formatUsd(m.total.feeCents)}
                note="Processing and dispute fees Stripe kept."
              />
              <StatCard
                title="Received"
                icon={<DollarIcon />}
                value={formatUsd(m.total.receivedCents)}
                note={`After refunds and disputes; ${formatUsd(m.total.afterFeesCents)} after Stripe fees.`}
              />
            </div>
            <div className="adm-grid adm-grid--3">
              <StatCard
                title="Deposited"
                icon={<DollarIcon />}
                value={formatUsd(m.depositedCents)}
                note={`Payouts that reached the bank in ${m.label}.`}
              />
              <StatCard
                title="In Transit"
                icon={<DollarIcon />}
                value={formatUsd(m.inTransitCents)}
                note={`Payouts of ${m.label} still on their way to the bank.`}
              />
              <StatCard
                title="After Stripe Fees"
                icon={<DollarIcon />}
                value={formatUsd(m.stripe.afterFeesCents)}
                note="Card and bank money received less fees: what Stripe owes the bank for the month."
              />
            </div>
            <Card as="section" aria-labelledby="month-method">
              <CardHeader
                title="By method"
                titleId="month-method"
                description="Card and bank gifts as Stripe counted them; manual gifts as recorded."
              />
              <CardContent>
                <FiguresTable caption={`${m.label} by method`} rowHeader="Method" rows={[...m.byMethod, m.total]} />
              </CardContent>
            </Card>
            <Card as="section" aria-labelledby="month-fund">
              <CardHeader
                title="By fund"
                titleId="month-fund"
                description="Where donors designated their gifts (General unless they chose)."
              />
              <CardContent>
                <FiguresTable caption={`${m.label} by fund`} rowHeader="Fund" rows={m.byFund} />
              </CardContent>
            </Card>
            <Card as="section" aria-labelledby={payoutsId}>
              <CardHeader
                title="Payouts of the month"
                titleId={payoutsId}
                description={`The deposits arriving in ${m.label}, oldest first.`}
              />
              <CardContent>
                {m.payouts.length === 0 ? (
                  <p className="adm-empty">No payouts arrive in {m.label}.</p>
                ) : (
                  <ul aria-labelledby={payoutsId}>
                    {m.payouts.map((p) => (
                      <li key={p.id}>
                        {p.arrivalDay}: {formatUsd(p.amountCents)}{' '}
                        <Badge
                          variant={
                            p.status === 'paid'
                              ? 'success'
                              : p.status === 'failed' || p.status === 'canceled'
                                ? 'destructive'
                                : 'secondary'
                          }
                        >
                          {STATUS[p.status] ?? p.status}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )
      )}
    </>
  );
}
