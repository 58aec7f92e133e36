import { useLocation } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteDonor } from '../api/delete-donor';
import type { DonorDto } from '../../../lib/api-types';
import { Button } from '../../../components/ui/button';
import { Dialog, type DialogOpenProps } from '../../../components/ui/dialog';

export function DeleteDonorDialog({ donor, open, onOpenChange }: { donor: DonorDto } & DialogOpenProps) {
  const del = useDeleteDonor();
  const [, navigate] = useLocation();
  const who = donor.name || donor.email || 'this donor';

  const confirm = () =>
    del.mutate(donor.id, {
      onSuccess: () => {
        toast({
          title: 'Customer Deleted',
          description: 'The customer has been successfully removed from your Stripe account.',
        });
        onOpenChange(false);
        navigate('/stripe-data');
      },
      onError: (err) =>
        toast({
          title: 'Delete Failed',
          description: errorMessage(err, 'Failed to delete customer. Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={del.isPending}
      role="alertdialog"
      size="sm"
      title="Delete Donor"
      description={`Are you sure you want to delete ${who}? This permanently removes the donor from your Stripe account, including their payment methods and subscription data. This action cannot be undone.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={del.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={del.isPending}>
            {del.isPending ? 'Deleting...' : 'Delete Donor'}
          </Button>
        </>
      }
    />
  );
}
