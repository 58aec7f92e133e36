import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/field';
import { KeyIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { usePasswordResetConfirm } from '../api/password-reset-confirm';
import { checkNewPassword, MIN_PASSWORD_LENGTH } from '../lib/password-rules';
import { AuthCard, AuthForm } from './auth-card';

/** SPEC section 9: the success message stays this long before the login form. */
export const REDIRECT_AFTER_RESET_MS = 3000;

/** /reset-password?token=...: form, error, or success and then the login form (SPEC section 4). */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const form = useFormFields({ newPassword: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = usePasswordResetConfirm();

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate('/stripe-data'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(t);
  }, [done, navigate]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { newPassword, confirmPassword } = form.values;
    const problem = checkNewPassword(newPassword, confirmPassword, token);
    setError(problem);
    if (problem || !token) return;
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: 'Password Reset Successful', description: 'Your password has been updated.' });
        },
        onError: (err) => setError(errorMessage(err, 'Password reset failed')),
      },
    );
  };

  return (
    <AuthCard
      icon={<KeyIcon width={24} height={24} />}
      title="Reset Your Password"
      subtitle={!done && token ? `Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
      note={<Link href="/stripe-data">Back to login</Link>}
    >
      {done ? (
        <Alert variant="success">
          <AlertTitle>Password Reset Successful</AlertTitle>
          <AlertDescription>Your password has been updated. Redirecting to login...</AlertDescription>
        </Alert>
      ) : !token ? (
        <Alert variant="destructive">Invalid reset link. Please request a new password reset.</Alert>
      ) : (
        <AuthForm
          error={error}
          submitLabel="Reset Password"
          pendingLabel="Resetting Password..."
          pending={reset.isPending}
          onSubmit={onSubmit}
        >
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            aria-required="true"
            {...form.field('newPassword')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            aria-required="true"
            {...form.field('confirmPassword')}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
