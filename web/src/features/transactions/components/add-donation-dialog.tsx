import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { useCreateManualDonation } from '../api/create-manual-donation';
import type { DonorDto } from '../../../lib/api-types';
import { joinParts } from '../../../lib/format';
import { formatUsd, parseDollars } from '../../../../../core/src/gifts/money';
import { Dialog, type DialogOpenProps } from '../../../components/ui/dialog';
import { ManualDonationForm } from './manual-donation-form';
import { toPayload } from '../lib/manual-donation-rules';

export function AddDonationDialog({ donor, open, onOpenChange }: { donor: DonorDto } & DialogOpenProps) {
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
        onSubmit={(values, appealName) => {
          const payload = toPayload(values, donor.id);
          create.mutate(payload, {
            onSuccess: () => {
              // SPEC's sentence, then the appeal it was credited to when one was picked.
              const credited = appealName ? ` It is credited to the appeal ${appealName}.` : '';
              toast({
                title: 'Donation Added Successfully',
                description: `Manual donation of ${formatUsd(parseDollars(payload.amount) ?? 0)} has been recorded.${credited}`,
              });
              onOpenChange(false);
            },
            onError: (err) =>
              toast({
                title: 'Error Adding Donation',
                description: errorMessage(err, 'Failed to add donation'),
                variant: 'destructive',
              }),
          });
        }}
      />
    </Dialog>
  );
}
