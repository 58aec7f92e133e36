import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import type { InviteAdminDto } from '../../../lib/api-types';
import { useInviteAdmin } from '../api/admins';
import { ROLE_HINT, ROLE_OPTIONS } from './roles';

/** Invite by e-mail: the person gets a link (7 days, once) to choose a password and set up two-factor sign-in. */
export function InviteAdminForm() {
  const form = useFormFields({ email: '', name: '', role: 'bookkeeper' });
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteAdmin();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { email, name, role } = form.values;
    if (!email.trim() || !name.trim()) return setError('Please enter a name and an e-mail address');
    setError(null);
    invite.mutate(
      { email: email.trim(), name: name.trim(), role: role as InviteAdminDto['role'] },
      {
        onSuccess: (a) => {
          toast({
            title: 'Invitation Sent',
            description: `${a.name} will get an e-mail with a link to set up their account.`,
          });
          form.reset();
        },
        onError: (err) => setError(errorMessage(err, 'The invitation could not be sent')),
      },
    );
  };
  return (
    <form className="adm-form" onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title" className="adm-form__title">
        Invite an Admin
      </h2>
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="adm-form__grid">
        <TextField label="Name" autoComplete="off" aria-required="true" {...form.field('name')} />
        <TextField label="Email" type="email" autoComplete="off" aria-required="true" {...form.field('email')} />
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          value={form.values.role}
          onValueChange={(v) => form.field('role').onChange({ target: { value: v } })}
          name="role"
        />
      </div>
      <p className="adm-muted">{ROLE_HINT}</p>
      <div className="adm-form__row">
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </div>
    </form>
  );
}
