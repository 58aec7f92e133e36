import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteManualDonation } from '../api/delete-manual-donation';
import type { TransactionDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Confirmation for deleting a manual row; `tx` null means closed. */
export function DeleteManualDonationDialog({ tx, onClose }: { tx: TransactionDto | null; onClose: () => void }) {
  const del = useDeleteManualDonation();
  const amount = tx ? formatUsd(tx.amount) : '';

  // mutateAsync, not mutate's callbacks: deleting a donor's last gift unmounts the table (and this dialog) when
  // the refreshed list comes back empty, and mutate's per-call callbacks never run after an unmount.
  const confirm = async () => {
    if (!tx?.manual_donation_id) return;
    try {
      await del.mutateAsync(tx.manual_donation_id);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to delete manual donation'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Manual Donation Deleted', description: 'The manual donation has been successfully deleted.' });
    onClose();
  };

  return (
    <Dialog
      open={!!tx}
      onOpenChange={(open) => !open && onClose()}
      busy={del.isPending}
      role="alertdialog"
      size="sm"
      title="Delete Manual Donation"
      description={`Are you sure you want to delete this manual donation of ${amount}? This action cannot be undone.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={del.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={del.isPending}>
            {del.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    />
  );
}
