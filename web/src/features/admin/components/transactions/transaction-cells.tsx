import type { Transaction } from '../../api/types';
import { centsToDollars, formatCurrency } from '../../lib/format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { TrashIcon } from '../ui/icons';

/** 'succeeded' is green; any other status is a neutral badge. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={status === 'succeeded' ? 'success' : 'secondary'}>{status}</Badge>;
}

/** IRS badge for manual gifts that need one, else the provider's receipt link (new tab), else N/A. */
export function ReceiptCell({ tx }: { tx: Transaction }) {
  if (tx.type === 'manual' && tx.requires_irs_receipt) return <Badge variant="warning">IRS Receipt Required</Badge>;
  if (tx.receipt_url) {
    return (
      <a className="adm-link" href={tx.receipt_url} target="_blank" rel="noopener noreferrer">
        View Receipt<span className="adm-sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span className="adm-muted">N/A</span>;
}

/** Only manual rows can be deleted. */
export function DeleteManualAction({ tx, onDelete }: { tx: Transaction; onDelete: (tx: Transaction) => void }) {
  if (tx.type !== 'manual' || !tx.manual_donation_id) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="adm-btn--danger-text"
      aria-label={`Delete manual donation of ${formatCurrency(centsToDollars(tx.amount))}`}
      onClick={() => onDelete(tx)}
    >
      <TrashIcon width={16} height={16} /> Delete
    </Button>
  );
}
