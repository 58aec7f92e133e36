import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TrashIcon } from '../../../components/ui/icons';
import type { TransactionDto } from '../../../lib/api-types';
import { useAppeals } from '../../../lib/appeals';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatUnixDate } from '../../../lib/format';
import { isEstimate, paymentMethodLabel } from '../lib/transaction-labels';
import { ChangeAppealDialog } from './change-appeal-dialog';
import { DeleteManualDonationDialog } from './delete-manual-donation-dialog';

/** Fund 1, General: not named on each row (it is every gift's fund unless another was chosen). */
const GENERAL_FUND_ID = 1;

/** SPEC section 2: the Transactions tab lists every donor's gifts, a donor's profile only theirs (no Donor column). */
const VARIANTS = {
  recent: {
    caption: 'Recent Transactions',
    date: 'Date',
    dateFormat: DATE_FORMAT,
    method: 'Payment Method',
    donor: true,
  },
  donor: {
    caption: 'Transaction History',
    date: 'Date & Time',
    dateFormat: DATE_TIME_FORMAT,
    method: 'Card',
    donor: false,
  },
} as const;

/** 'succeeded' is green; any other status is a neutral badge. */
function StatusBadge({ status }: { status: string }) {
  return <Badge variant={status === 'succeeded' ? 'success' : 'secondary'}>{status}</Badge>;
}

/** IRS badge for manual gifts that need one, else the provider's receipt link (new tab), else N/A. */
function ReceiptCell({ tx }: { tx: TransactionDto }) {
  if (tx.type === 'manual' && tx.requires_irs_receipt) return <Badge variant="warning">IRS Receipt Required</Badge>;
  if (tx.receipt_url) {
    return (
      <a href={tx.receipt_url} target="_blank" rel="noopener noreferrer">
        View Receipt<span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span className="adm-muted">N/A</span>;
}

function DonorCell({ tx }: { tx: TransactionDto }) {
  const name = tx.billing_details?.name;
  const email = tx.billing_details?.email;
  if (!name && !email) return <span className="adm-muted">N/A</span>;
  return (
    <div>
      <span className="adm-cell-strong">{name || email}</span>
      {name && email && <span className="adm-cell-sub">{email}</span>}
    </div>
  );
}

/** Only manual rows can be deleted. */
function DeleteManualAction({ tx, onDelete }: { tx: TransactionDto; onDelete: (tx: TransactionDto) => void }) {
  if (tx.type !== 'manual' || !tx.manual_donation_id) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="adm-danger-text"
      aria-label={`Delete manual donation of ${formatUsd(tx.amount)}`}
      onClick={() => onDelete(tx)}
    >
      <TrashIcon width={16} height={16} /> Delete
    </Button>
  );
}

/** Any gift that went through (a failed charge is no gift) can be credited to another appeal, or to none. */
function ChangeAppealAction({ tx, onChange }: { tx: TransactionDto; onChange: (tx: TransactionDto) => void }) {
  if (tx.status === 'failed') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Change appeal of the gift of ${formatUsd(tx.amount)}`}
      onClick={() => onChange(tx)}
    >
      Change Appeal
    </Button>
  );
}

/**
 * The gifts table of the Transactions tab and of a donor's profile: a scrollable, labelled region around a
 * table with a caption, the confirmation dialog for deleting a manual row, and the Change Appeal dialog. Below 640 px each row becomes a
 * card whose cells carry their column name (data-label), so Status, Receipt and Delete stay reachable on a phone.
 */
export function TransactionsTable({
  transactions,
  variant,
  busy,
}: {
  transactions: TransactionDto[];
  variant: keyof typeof VARIANTS;
  busy?: boolean;
}) {
  const v = VARIANTS[variant];
  const captionId = useId();
  const [deleting, setDeleting] = useState<TransactionDto | null>(null);
  const [moving, setMoving] = useState<TransactionDto | null>(null);
  // Change Appeal is offered once the school has appeals (the same cached list the Appeal filter reads).
  const hasAppeals = (useAppeals().data?.length ?? 0) > 0;
  return (
    <>
      <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId} aria-busy={busy}>
        <table className="adm-table adm-table--stack">
          <caption id={captionId} className="sr-only">
            {v.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{v.date}</th>
              <th scope="col" className="adm-num">
                Amount
              </th>
              {v.donor && <th scope="col">Donor</th>}
              <th scope="col">{v.method}</th>
              <th scope="col">Status</th>
              <th scope="col">Receipt</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((tx) => (
              <tr key={tx.id}>
                <td data-label={v.date} className="adm-nowrap">
                  {formatUnixDate(tx.created, v.dateFormat)}
                </td>
                <td data-label="Amount" className="adm-num">
                  <div>
                    <span className="adm-cell-strong">{formatUsd(tx.amount)}</span>
                    {tx.fee_coverage > 0 && (
                      <span className="adm-cell-sub">
                        {formatUsd(tx.amount - tx.fee_coverage)} + {formatUsd(tx.fee_coverage)} fees
                      </span>
                    )}
                    {isEstimate(tx) && <span className="adm-cell-sub">School's estimate</span>}
                  </div>
                </td>
                {v.donor && (
                  <td data-label="Donor">
                    <DonorCell tx={tx} />
                  </td>
                )}
                <td data-label={v.method}>
                  <div>
                    <span className="adm-nowrap">{paymentMethodLabel(tx)}</span>
                    {tx.notes && <span className="adm-cell-sub">Note: {tx.notes}</span>}
                    {tx.fund.id !== GENERAL_FUND_ID && <span className="adm-cell-sub">Fund: {tx.fund.name}</span>}
                    {tx.appeal && <span className="adm-cell-sub">Appeal: {tx.appeal.name}</span>}
                    {tx.tribute && <span className="adm-cell-sub">{tx.tribute}</span>}
                    {tx.tribute_mail_to && <span className="adm-cell-sub">Mail a card to: {tx.tribute_mail_to}</span>}
                  </div>
                </td>
                <td data-label="Status">
                  <StatusBadge status={tx.status} />
                </td>
                <td data-label="Receipt">
                  <ReceiptCell tx={tx} />
                </td>
                <td data-label="Actions">
                  <div className="adm-actions">
                    {hasAppeals && <ChangeAppealAction tx={tx} onChange={setMoving} />}
                    <DeleteManualAction tx={tx} onDelete={setDeleting} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeleteManualDonationDialog tx={deleting} onClose={() => setDeleting(null)} />
      <ChangeAppealDialog tx={moving} onClose={() => setMoving(null)} />
    </>
  );
}
