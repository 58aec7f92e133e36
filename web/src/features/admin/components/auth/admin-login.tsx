import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useLogin } from '../../api/login';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { LockIcon } from '../ui/icons';
import { ResetRequestForm } from './reset-request-form';

/** SPEC section 2, Admin login ('Admin Access'). */
export function AdminLogin({ sessionError }: { sessionError?: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [showReset, setShowReset] = useState(false);
  const login = useLogin();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Please enter both email and password');
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      { onError: (err) => setError(errorMessage(err, 'Login failed')) },
    );
  };

  const shownError = error ?? sessionError ?? null;

  return (
    <div className="adm-login">
      <section className="adm-card adm-login__card" aria-labelledby="admin-login-title">
        <div className="adm-login__header">
          <span className="adm-login__icon"><LockIcon width={24} height={24} /></span>
          <h1 id="admin-login-title" className="adm-login__title">Admin Access</h1>
          <p className="adm-login__subtitle">Sign in to access Stripe data dashboard</p>
        </div>

        {showReset ? (
          <ResetRequestForm defaultEmail={email} onDone={() => setShowReset(false)} />
        ) : (
          <form className="adm-form" onSubmit={onSubmit} noValidate>
            {shownError && <Alert>{shownError}</Alert>}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-required="true"
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-required="true"
            />
            <Button type="submit" className="adm-btn--block" disabled={login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
            <button type="button" className="adm-link-button" onClick={() => setShowReset(true)}>
              Forgot your password?
            </button>
          </form>
        )}

        <p className="adm-login__note">This area is restricted to authorized staff. All access attempts are logged.</p>
      </section>
    </div>
  );
}
