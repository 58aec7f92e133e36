import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { useCreateManualDonation } from '../api/create-manual-donation';
import type { DonorDto } from '../../../lib/api-types';
import { joinParts } from '../../../lib/format';
import { formatCurrency } from '../../../lib/currency';
import { Dialog } from '../../../components/ui/dialog';
import { ManualDonationForm, toPayload } from './manual-donation-form';

export function AddDonationDialog({ donor, open, onOpenChange }: { donor: DonorDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateManualDonation();
  const a = donor.address;
  const displayName = donor.name || donor.email || donor.id;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      size="lg"
      title={`Add Manual Donation for ${displayName}`}
      description="Record a cash, check, stock, in-kind or other offline gift."
    >
      <ManualDonationForm
        initial={{
          donorName: donor.name ?? '',
          donorEmail: donor.email ?? '',
          donorPhone: donor.phone ?? '',
          donorAddress: joinParts([a?.line1, a?.line2, a?.city, a?.state, a?.postal_code]),
        }}
        pending={create.isPending}
        onCancel={() => onOpenChange(false)}
        onSubmit={(values) => {
          const payload = toPayload(values, donor.id);
          create.mutate(payload, {
            onSuccess: () => {
              toast({ title: 'Donation Added Successfully', description: `Manual donation of ${formatCurrency(payload.amount)} has been recorded.` });
              onOpenChange(false);
            },
            onError: (err) => toast({ title: 'Error Adding Donation', description: errorMessage(err, 'Failed to add donation'), variant: 'destructive' }),
          });
        }}
      />
    </Dialog>
  );
}
