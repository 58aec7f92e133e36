import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LockIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { useLogin } from '../api/login';
import { looksLikeEmail, NOT_AN_EMAIL } from '../../../../../core/src/people/email-shape';
import { AuthCard, AuthForm } from './auth-card';
import { ResetRequestForm } from './reset-request-form';
import { TwoFactorSignIn } from './two-factor-sign-in';
import type { LoginResponseDto } from '../../../lib/api-types';

/** SPEC section 2, Admin login ('Admin Access'). */
export function AdminLogin({ sessionError }: { sessionError?: string | null }) {
  const form = useFormFields({ email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [showReset, setShowReset] = useState(false);
  const [secondStep, setSecondStep] = useState<Required<Pick<LoginResponseDto, 'next' | 'challengeToken'>> | null>(
    null,
  );
  const login = useLogin();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { email, password } = form.values;
    if (!email.trim() || !password) {
      setError('Please enter both email and password');
      return;
    }
    if (!looksLikeEmail(email)) {
      setError(NOT_AN_EMAIL);
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (data) => {
          if (!data.success && data.next && data.challengeToken)
            setSecondStep({ next: data.next, challengeToken: data.challengeToken });
        },
        onError: (err) => setError(errorMessage(err, 'Login failed')),
      },
    );
  };

  const shownError = error ?? sessionError ?? null;

  return (
    <AuthCard
      icon={<LockIcon width={24} height={24} />}
      title="Admin Access"
      subtitle="Sign in to access Stripe data dashboard"
      note="This area is restricted to authorized staff. All access attempts are logged."
    >
      {secondStep ? (
        <TwoFactorSignIn
          step={secondStep}
          onExpired={(message) => {
            setSecondStep(null);
            setError(message);
          }}
        />
      ) : showReset ? (
        <ResetRequestForm defaultEmail={form.values.email} onDone={() => setShowReset(false)} />
      ) : (
        <>
          <AuthForm
            error={shownError}
            submitLabel="Sign In"
            pendingLabel="Signing in..."
            pending={login.isPending}
            onSubmit={onSubmit}
          >
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              aria-required="true"
              {...form.field('email')}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              aria-required="true"
              {...form.field('password')}
            />
          </AuthForm>
          <Button variant="link" onClick={() => setShowReset(true)}>
            Forgot your password?
          </Button>
        </>
      )}
    </AuthCard>
  );
}
