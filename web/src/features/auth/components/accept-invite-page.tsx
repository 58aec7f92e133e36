import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { KeyIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import type { LoginResponseDto } from '../../../lib/api-types';
import { acceptInvite } from '../api/accept-invite';
import { completeSignIn } from '../api/login';
import { MIN_PASSWORD_LENGTH } from '../lib/password-rules';
import { AuthCard } from './auth-card';
import { NewPasswordForm, useNewPasswordFields } from './new-password-form';
import { TwoFactorSignIn } from './two-factor-sign-in';

/** /admin-invite?token=...: the invited admin chooses a password, then sets up two-factor sign-in. */
export function AcceptInvitePage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useNewPasswordFields();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState<Required<Pick<LoginResponseDto, 'next' | 'challengeToken'>> | null>(null);

  const save = async (token: string, newPassword: string) => {
    setBusy(true);
    try {
      const answer = await acceptInvite(token, newPassword);
      if (answer.success) {
        completeSignIn(queryClient, answer);
        navigate('/stripe-data');
      } else if (answer.next && answer.challengeToken)
        setNext({ next: answer.next, challengeToken: answer.challengeToken });
    } catch (err) {
      setError(errorMessage(err, 'The invitation could not be accepted'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      icon={<KeyIcon width={24} height={24} />}
      title="Welcome to the Admin Area"
      subtitle={
        next
          ? 'One more step: protect your account with your phone.'
          : `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`
      }
      note={<Link href="/stripe-data">Already set up? Sign in</Link>}
    >
      {!token ? (
        <Alert variant="destructive">Invalid invitation link. Ask an owner to send a new invitation.</Alert>
      ) : next ? (
        <TwoFactorSignIn
          step={next}
          onSignedIn={() => navigate('/stripe-data')}
          onExpired={(message) => {
            setNext(null);
            setError(message);
          }}
        />
      ) : (
        <NewPasswordForm
          form={form}
          token={token}
          error={error}
          onError={setError}
          onSave={(t, password) => void save(t, password)}
          hint="A few uncommon words with a number work well."
          submitLabel="Set Password"
          pendingLabel="Saving..."
          pending={busy}
        />
      )}
    </AuthCard>
  );
}
