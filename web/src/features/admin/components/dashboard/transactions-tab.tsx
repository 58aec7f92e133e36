import { useState } from 'react';
import type { Transaction } from '../../api/types';
import { centsToDollars, formatCurrency, formatUnixDate, paymentMethodLabel } from '../../lib/format';
import { DeleteManualAction, ReceiptCell, StatusBadge } from '../transactions/transaction-cells';
import { DeleteManualDonationDialog } from '../transactions/delete-manual-donation-dialog';
import { Card, CardHeader } from '../ui/card';

function donorCell(tx: Transaction) {
  const name = tx.billing_details?.name;
  const email = tx.billing_details?.email;
  if (!name && !email) return <span className="adm-muted">N/A</span>;
  return (
    <>
      <span className="adm-cell-strong">{name || email}</span>
      {name && email && <span className="adm-cell-sub">{email}</span>}
    </>
  );
}

export function TransactionsTab({ transactions }: { transactions: Transaction[] }) {
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  return (
    <Card>
      <CardHeader title="Recent Transactions" description="The latest card and manual donations" />
      {transactions.length === 0 ? (
        <p className="adm-empty">No transactions yet.</p>
      ) : (
        <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="recent-tx-caption">
          <table className="adm-table">
            <caption id="recent-tx-caption" className="adm-sr-only">Recent Transactions</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="adm-num">Amount</th>
                <th scope="col">Donor</th>
                <th scope="col">Payment Method</th>
                <th scope="col">Status</th>
                <th scope="col">Receipt</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((tx) => (
                <tr key={tx.id}>
                  <td className="adm-nowrap">{formatUnixDate(tx.created)}</td>
                  <td className="adm-num adm-cell-strong">{formatCurrency(centsToDollars(tx.amount))}</td>
                  <td>{donorCell(tx)}</td>
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
      <DeleteManualDonationDialog tx={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
