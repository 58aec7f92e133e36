import { type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { usePasswordResetRequest } from '../api/password-reset-request';
import { looksLikeEmail, NOT_AN_EMAIL } from '../../../../../core/src/people/email-shape';

/** The 'Forgot your password?' sub-form of the login card. */
export function ResetRequestForm({ defaultEmail, onDone }: { defaultEmail: string; onDone: () => void }) {
  const form = useFormFields({ email: defaultEmail });
  const request = usePasswordResetRequest();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const email = form.values.email.trim();
    if (!email) {
      toast({ title: 'Error', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    if (!looksLikeEmail(email)) {
      toast({ title: 'Error', description: NOT_AN_EMAIL, variant: 'destructive' });
      return;
    }
    request.mutate(email, {
      onSuccess: (data) => {
        toast({ title: 'Password Reset Sent', description: data.message });
        onDone();
      },
      onError: (err) =>
        toast({ title: 'Error', description: errorMessage(err, 'Password reset failed'), variant: 'destructive' }),
    });
  };

  return (
    <form className="adm-form" onSubmit={onSubmit} noValidate aria-labelledby="reset-request-title">
      <h2 id="reset-request-title" className="adm-form__title">
        Reset Password
      </h2>
      <p className="adm-muted">Enter your admin e-mail address and we will send you a link to set a new password.</p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        aria-required="true"
        autoFocus
        {...form.field('email')}
        name="reset-email"
      />
      <div className="adm-form__row">
        <Button variant="outline" onClick={onDone} disabled={request.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </div>
    </form>
  );
}
