import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AdminDto } from '../../../lib/api-types';
import { useFormFields } from '../../../lib/use-form-fields';
import { useChangePassword } from '../api/change-password';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { checkNewPassword } from '../lib/password-rules';

/**
 * The signed-in admin's account: change the password (every other session ends; this browser keeps working
 * with a new token) and sign out everywhere (every session, this one included).
 */
export function AccountDialog({
  admin,
  open,
  onOpenChange,
}: {
  admin: AdminDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useFormFields({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword(admin);
  const everywhere = useLogoutEverywhere();
  const busy = change.isPending || everywhere.isPending;

  const close = () => {
    form.reset();
    setError(null);
    onOpenChange(false);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = form.values;
    const problem = !currentPassword
      ? 'Please enter your current password'
      : checkNewPassword(newPassword, confirmPassword, 'present');
    setError(problem);
    if (problem) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (data) => {
          toast({ title: 'Password Changed', description: data.message });
          close();
        },
        onError: (err) => setError(errorMessage(err, 'Failed to change the password')),
      },
    );
  };

  const signOutEverywhere = () =>
    everywhere.mutate(undefined, {
      onError: (err) =>
        toast({
          title: 'Error',
          description: errorMessage(err, 'Failed to sign out everywhere'),
          variant: 'destructive',
        }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Your Account"
      description={`Signed in as ${admin.email}`}
    >
      <form className="adm-form" onSubmit={onSubmit} noValidate aria-labelledby="account-password-title">
        <h3 id="account-password-title" className="adm-form__title">
          Change Password
        </h3>
        {error && <Alert variant="destructive">{error}</Alert>}
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
          aria-required="true"
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
          aria-required="true"
          hint="At least 8 characters; a few uncommon words with a number work well."
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
          aria-required="true"
        />
        <p className="adm-muted">Changing the password signs out every other session.</p>
        <div className="dialog__footer">
          <Button type="submit" disabled={busy}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
      <hr className="adm-divider" />
      <section className="adm-form" aria-labelledby="account-sessions-title">
        <h3 id="account-sessions-title" className="adm-form__title">
          Sessions
        </h3>
        <p className="adm-muted">Signs out every browser and device where you are signed in, this one included.</p>
        <div className="dialog__footer">
          <Button variant="destructive" onClick={signOutEverywhere} disabled={busy}>
            {everywhere.isPending ? 'Signing out...' : 'Sign Out Everywhere'}
          </Button>
        </div>
      </section>
    </Dialog>
  );
}
