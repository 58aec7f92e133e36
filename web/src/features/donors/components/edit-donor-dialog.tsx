import { type FormEvent, useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, type DialogOpenProps } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { DonorDto } from '../../../lib/api-types';
import { useFormFields } from '../../../lib/use-form-fields';
import { useUpdateDonor } from '../api/update-donor';

function detailsOf(donor: DonorDto) {
  const a = donor.address;
  return {
    name: donor.name ?? '',
    email: donor.email ?? '',
    phone: donor.phone ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postal_code: a?.postal_code ?? '',
  };
}

/** Edit Donor: the details as Stripe keeps them, prefilled; saved to Stripe, shown once its webhook is projected. */
export function EditDonorDialog({ donor, open, onOpenChange }: { donor: DonorDto } & DialogOpenProps) {
  const form = useFormFields(detailsOf(donor));
  const update = useUpdateDonor();
  const { reset } = form;
  // Each opening starts from the donor as shown then (a refresh while the dialog is open keeps what is typed).
  useEffect(() => {
    if (open) reset(detailsOf(donor));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, donor.id, reset]);
  const v = form.values;
  const canSubmit = v.name.trim() !== '' && v.email.trim() !== '' && !update.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    update.mutate(
      { id: donor.id, details: Object.fromEntries(Object.entries(v).map(([k, s]) => [k, s.trim()])) as typeof v },
      {
        onSuccess: () => {
          toast({ title: 'Donor Updated', description: 'The new details were saved in Stripe.' });
          onOpenChange(false);
        },
        onError: (err) =>
          toast({ title: 'Error', description: errorMessage(err, 'Failed to update donor'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Donor"
      description="Saved to the donor's Stripe customer; statements use the new address."
    >
      <form className="adm-form" onSubmit={onSubmit}>
        <TextField label="Name *" autoComplete="off" required {...form.field('name')} />
        <TextField label="Email *" type="email" autoComplete="off" required {...form.field('email')} />
        <TextField label="Phone" type="tel" autoComplete="off" {...form.field('phone')} />
        <TextField label="Address line 1" autoComplete="off" {...form.field('line1')} />
        <TextField label="Address line 2" autoComplete="off" {...form.field('line2')} />
        <TextField label="City" autoComplete="off" {...form.field('city')} />
        <TextField label="State" autoComplete="off" {...form.field('state')} />
        <TextField label="ZIP code" autoComplete="off" {...form.field('postal_code')} />
        <div className="dialog__footer">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
