import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../components/ui/use-toast';
import { useCreateCustomer, type NewDonorInput } from '../../api/create-customer';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/field';

const EMPTY: NewDonorInput = { name: '', email: '', phone: '', address: '' };

/** Create New Donor: closes and resets on Cancel or success; submit disabled while name or email is empty. */
export function CreateDonorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<NewDonorInput>(EMPTY);
  const create = useCreateCustomer();
  const set = (key: keyof NewDonorInput) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const close = () => {
    setForm(EMPTY);
    onOpenChange(false);
  };

  const canSubmit = form.name.trim() !== '' && form.email.trim() !== '' && !create.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    create.mutate(
      { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), address: form.address.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Customer Created', description: 'New customer has been added successfully.' });
          close();
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to create customer'), variant: 'destructive' }),
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
        <TextField label="Name *" name="name" autoComplete="off" required value={form.name} onChange={set('name')} />
        <TextField label="Email *" name="email" type="email" autoComplete="off" required value={form.email} onChange={set('email')} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="off" value={form.phone} onChange={set('phone')} />
        <TextField label="Address" name="address" autoComplete="off" value={form.address} onChange={set('address')} />
        <div className="adm-dialog__footer">
          <Button variant="outline" onClick={close} disabled={create.isPending}>Cancel</Button>
          <Button type="submit" disabled={!canSubmit}>{create.isPending ? 'Creating...' : 'Create Donor'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
