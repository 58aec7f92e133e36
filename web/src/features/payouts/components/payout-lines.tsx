import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { formatDateTime } from '../../../lib/format';
import { usePayout } from '../api/get-payout';

const KIND_LABELS: Record<string, string> = {
  gift: 'Gift',
  refund: 'Refund',
  dispute: 'Dispute',
  'returned payout': 'Returned payout',
  other: 'Adjustment',
};

/** What one payout carried: each gift, refund and dispute with Stripe's fee, and the totals that make the deposit. */
export function PayoutLines({ payoutId }: { payoutId: string }) {
  const detail = usePayout(payoutId);
  const captionId = useId();
  if (detail.isPending) return <Spinner label="Loading the payout's lines" />;
  if (detail.isError)
    return <Alert variant="destructive">{errorMessage(detail.error, 'Failed to load the payout')}</Alert>;
  const d = detail.data;
  if (!d.payout.linesKnown)
    return (
      <p className="adm-empty">
        Stripe has not reconciled this payout yet; its gifts show here once it has (within the hour).
      </p>
    );
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="adm-table adm-table--stack">
        <caption id={captionId} className="sr-only">
          Gifts, refunds and fees in the payout of {formatUsd(d.payout.amountCents)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Donor</th>
            <th scope="col">Gross</th>
            <th scope="col">Fee</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l) => (
            <tr key={l.id}>
              <td className="adm-nowrap" data-label="Date">
                {formatDateTime(l.created)}
              </td>
              <td data-label="Type">{KIND_LABELS[l.kind] ?? l.kind}</td>
              <td data-label="Donor">{l.payee ?? (l.chargeId ? 'Anonymous donor' : 'Stripe')}</td>
              <td data-label="Gross">{formatUsd(l.grossCents)}</td>
              <td data-label="Fee">{formatUsd(-l.feeCents)}</td>
              <td data-label="Net">{formatUsd(l.netCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total ({d.lines.length} {d.lines.length === 1 ? 'line' : 'lines'})
            </th>
            <td data-label="Gross">{formatUsd(d.grossCents)}</td>
            <td data-label="Fee">{formatUsd(-d.feeCents)}</td>
            <td data-label="Net">
              <strong>{formatUsd(d.netCents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
