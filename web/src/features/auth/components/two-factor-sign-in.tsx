import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import type { EnrolResponseDto, LoginResponseDto } from '../../../lib/api-types';
import { completeSignIn } from '../api/login';
import { finishSignInEnrolment, startSignInEnrolment, submitSignInCode } from '../api/two-factor-sign-in';
import { AuthForm } from './auth-card';
import { CodeField } from './code-field';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** The step after a right password: the code of an enrolled admin, or enrolment for one who must have it. */
export function TwoFactorSignIn({
  step,
  onExpired,
  onSignedIn,
}: {
  step: Required<Pick<LoginResponseDto, 'next' | 'challengeToken'>>;
  onExpired: (message: string) => void;
  /** After the session is stored (the invitation page goes on to the dashboard). */
  onSignedIn?: () => void;
}) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (step.next === 'enrol-two-factor') {
    return (
      <TwoFactorEnrolment<EnrolResponseDto>
        start={() => startSignInEnrolment(step.challengeToken)}
        confirm={(c) => finishSignInEnrolment(step.challengeToken, c)}
        onDone={(result) => {
          completeSignIn(queryClient, result);
          onSignedIn?.();
        }}
        doneLabel="Continue to the Dashboard"
      />
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError('Please enter the code from your authenticator app');
    setBusy(true);
    setError(null);
    try {
      completeSignIn(queryClient, await submitSignInCode(step.challengeToken, code.trim()));
      onSignedIn?.();
    } catch (err) {
      const message = errorMessage(err, 'That code did not work. Please try again.');
      if (/expired/.test(message)) onExpired(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthForm
      error={error}
      submitLabel="Verify"
      pendingLabel="Verifying..."
      pending={busy}
      onSubmit={(e) => void onSubmit(e)}
    >
      <p className="adm-muted">Two-factor sign-in is on for this account.</p>
      <CodeField value={code} onChange={setCode} allowRecovery />
    </AuthForm>
  );
}
