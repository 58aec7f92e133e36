import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../components/ui/use-toast';
import { usePasswordResetConfirm } from '../../api/password-reset-confirm';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { KeyIcon } from '../ui/icons';

export const MIN_PASSWORD_LENGTH = 8;
export const REDIRECT_AFTER_RESET_MS = 3000;

/** SPEC section 5: checked in this order. */
export function checkNewPassword(password: string, confirm: string, token: string | null): string | null {
  if (!password || !confirm) return 'Please fill in all fields';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 8 characters long';
  if (password !== confirm) return 'Passwords do not match';
  if (!token) return 'Invalid reset token';
  return null;
}

export function ResetPasswordPage() {
  const search = useSearch();
  const token = new URLSearchParams(search).get('token');
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
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
    const problem = checkNewPassword(password, confirm, token);
    setError(problem);
    if (problem || !token) return;
    reset.mutate(
      { token, newPassword: password },
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
    <div className="adm-root">
      <div className="adm-login">
        <section className="adm-card adm-login__card" aria-labelledby="reset-title">
          <div className="adm-login__header">
            <span className="adm-login__icon"><KeyIcon width={24} height={24} /></span>
            <h1 id="reset-title" className="adm-login__title">Reset Your Password</h1>
            {!done && token && <p className="adm-login__subtitle">Choose a new password of at least 8 characters.</p>}
          </div>
          {done ? (
            <div role="status" className="adm-success">
              <p className="adm-success__title">Password Reset Successful</p>
              <p>Your password has been updated. Redirecting to login...</p>
            </div>
          ) : !token ? (
            <Alert>Invalid reset link. Please request a new password reset.</Alert>
          ) : (
            <form className="adm-form" onSubmit={onSubmit} noValidate>
              {error && <Alert>{error}</Alert>}
              <TextField label="New Password" type="password" name="newPassword" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-required="true" />
              <TextField label="Confirm Password" type="password" name="confirmPassword" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} aria-required="true" />
              <Button type="submit" className="adm-btn--block" disabled={reset.isPending}>
                {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
              </Button>
            </form>
          )}
          <p className="adm-login__note">
            <Link href="/stripe-data" className="adm-link">Back to login</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
