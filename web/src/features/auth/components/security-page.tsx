import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { confirmAccountEnrolment, useTwoFactorStatus } from '../api/account-two-factor';
import type { EnrolmentStartDto } from '../../../lib/api-types';
import { useMySessions, useRevokeMySession } from '../api/sessions';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { SessionsTable } from './sessions-table';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { TwoFactorProof } from './two-factor-proof';

function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const [started, setStarted] = useState<EnrolmentStartDto | null>(null);
  const s = status.data;
  return (
    <Card as="section" aria-labelledby="tf-title">
      <CardHeader
        title="Two-Factor Sign-In"
        titleId="tf-title"
        description="A code from an authenticator app on your phone, asked for after your password."
        actions={
          s &&
          !enrolling &&
          s.available && (
            <Button variant={s.enabled ? 'outline' : 'primary'} onClick={() => setEnrolling(true)}>
              {s.enabled ? 'Move to a New Phone' : 'Set Up Two-Factor'}
            </Button>
          )
        }
      />
      <CardContent>
        {status.isPending && <Spinner label="Loading two-factor status" />}
        {status.isError && <Alert variant="destructive">{status.error.message}</Alert>}
        {s && !enrolling && (
          <dl className="adm-info">
            <div className="adm-info-row">
              <dt>Status</dt>
              <dd>{s.enabled ? <Badge variant="success">On</Badge> : <Badge variant="warning">Off</Badge>}</dd>
            </div>
            {s.enabled && (
              <div className="adm-info-row">
                <dt>Recovery codes left</dt>
                <dd>{s.recoveryCodesLeft} of 10</dd>
              </div>
            )}
            <div className="adm-info-row">
              <dt>Required for every admin</dt>
              <dd>{s.required ? 'Yes' : 'No'}</dd>
            </div>
          </dl>
        )}
        {s && !s.available && (
          <Alert variant="warning">This server cannot set up two-factor sign-in yet (TWO_FACTOR_KEY is not set).</Alert>
        )}
        {enrolling && s && !started && (
          <TwoFactorProof enabled={s.enabled} onStarted={setStarted} onCancel={() => setEnrolling(false)} />
        )}
        {enrolling && started && (
          <TwoFactorEnrolment
            start={() => Promise.resolve(started)}
            confirm={confirmAccountEnrolment}
            doneLabel="Done"
            onDone={() => {
              setEnrolling(false);
              setStarted(null);
              toast({
                title: 'Two-Factor Sign-In On',
                description:
                  'From now on you will be asked for a code after your password. Your other sessions were signed out.',
              });
              void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
              void queryClient.invalidateQueries({ queryKey: queryKeys.mySessions });
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function MySessionsCard() {
  const sessions = useMySessions();
  const revoke = useRevokeMySession();
  const everywhere = useLogoutEverywhere();
  return (
    <Card as="section" aria-labelledby="sessions-title">
      <CardHeader
        title="Where You Are Signed In"
        titleId="sessions-title"
        description="Each browser or device with a live session. End any you do not recognize."
        actions={
          <Button variant="destructive" onClick={() => everywhere.mutate()} disabled={everywhere.isPending}>
            {everywhere.isPending ? 'Signing out...' : 'Sign Out Everywhere'}
          </Button>
        }
      />
      <CardContent>
        {sessions.isPending ? (
          <Spinner label="Loading sessions" />
        ) : sessions.isError ? (
          <Alert variant="destructive">{sessions.error.message}</Alert>
        ) : (
          <SessionsTable
            caption="Your sessions"
            sessions={sessions.data}
            onRevoke={(id) =>
              revoke.mutate(id, {
                onError: (err) =>
                  toast({
                    title: 'Error',
                    description: errorMessage(err, 'Could not end the session'),
                    variant: 'destructive',
                  }),
              })
            }
          />
        )}
      </CardContent>
    </Card>
  );
}

/** /stripe-data/account: the signed-in admin's two-factor sign-in and sessions. */
export function SecurityPage() {
  return (
    <div className="adm-stack">
      <TwoFactorCard />
      <MySessionsCard />
    </div>
  );
}
