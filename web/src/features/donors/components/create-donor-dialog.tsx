import { type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { CreateDonorDto } from '../../../lib/api-types';
import { useFormFields } from '../../../lib/use-form-fields';
import { useCreateDonor } from '../api/create-donor';

const EMPTY: Required<CreateDonorDto> = { name: '', email: '', phone: '', address: '' };

/** Create New Donor: closes and resets on Cancel or success; submit disabled while name or email is empty. */
export function CreateDonorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useFormFields(EMPTY);
  const create = useCreateDonor();
  const { name, email, phone, address } = form.values;

  const close = () => {
    form.reset();
    onOpenChange(false);
  };

  const canSubmit = name.trim() !== '' && email.trim() !== '' && !create.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    create.mutate(
      { name: name.trim(), email: email.trim(), phone: phone.trim(), address: address.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Customer Created', description: 'New customer has been added successfully.' });
          close();
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, 'Failed to create customer'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Create New Donor"
      description="Add a donor to your Stripe account."
    >
      <form className="adm-form" onSubmit={onSubmit}>
        <TextField label="Name *" autoComplete="off" required {...form.field('name')} />
        <TextField label="Email *" type="email" autoComplete="off" required {...form.field('email')} />
        <TextField label="Phone" type="tel" autoComplete="off" {...form.field('phone')} />
        <TextField label="Address" autoComplete="off" {...form.field('address')} />
        <div className="dialog__footer">
          <Button variant="outline" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {create.isPending ? 'Creating...' : 'Create Donor'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
