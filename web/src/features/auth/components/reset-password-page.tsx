import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { KeyIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { usePasswordResetConfirm } from '../api/password-reset-confirm';
import { MIN_PASSWORD_LENGTH } from '../lib/password-rules';
import { AuthCard } from './auth-card';
import { NewPasswordForm, useNewPasswordFields } from './new-password-form';

/** SPEC section 9: the success message stays this long before the login form. */
export const REDIRECT_AFTER_RESET_MS = 3000;

/** /reset-password?token=...: form, error, or success and then the login form (SPEC section 4). */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const form = useNewPasswordFields();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = usePasswordResetConfirm();

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate('/stripe-data'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(t);
  }, [done, navigate]);

  const save = (token: string, newPassword: string) =>
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
        <NewPasswordForm
          form={form}
          token={token}
          error={error}
          onError={setError}
          onSave={save}
          submitLabel="Reset Password"
          pendingLabel="Resetting Password..."
          pending={reset.isPending}
        />
      )}
    </AuthCard>
  );
}
