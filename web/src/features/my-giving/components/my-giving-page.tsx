import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { MyGivingDto } from '../../../lib/api-types';
import { errorStatus, getDonorToken, setDonorToken } from '../api/donor-session';
import { myGivingKey, useMyGiving } from '../api/get-my-giving';
import { openSession } from '../api/open-session';
import { signOut } from '../api/sign-out';
import { GiftsThisYear } from './gifts-this-year';
import { PlanCard } from './plan-card';
import { RequestLinkForm } from './request-link-form';

type Phase = { kind: 'opening' } | { kind: 'ask'; notice?: string } | { kind: 'in' };

/** The link's token, taken out of the address bar at once (it is in the fragment, so no server ever saw it). */
function takeLinkToken(): string | null {
  const m = /^#link=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!m) return null;
  window.history.replaceState(null, '', window.location.pathname);
  return m[1];
}

/**
 * /my-giving: ask for a sign-in link; opened from the e-mail, the donor's recurring gifts and the actions on
 * them, this year's gifts and the statements. A used or expired link says so and offers the form again.
 */
export function MyGivingPage() {
  const [phase, setPhase] = useState<Phase>(() =>
    window.location.hash.startsWith('#link=')
      ? { kind: 'opening' }
      : getDonorToken()
        ? { kind: 'in' }
        : { kind: 'ask' },
  );
  const giving = useMyGiving(phase.kind === 'in');
  const queryClient = useQueryClient();

  // On load, and when a link is opened in a tab that already shows this page (only the fragment changes).
  useEffect(() => {
    const open = () => {
      const token = takeLinkToken();
      if (!token) return;
      setPhase({ kind: 'opening' });
      openSession(token).then(
        () => {
          void queryClient.invalidateQueries({ queryKey: myGivingKey });
          setPhase({ kind: 'in' });
        },
        (err) =>
          setPhase({
            kind: 'ask',
            notice: errorMessage(err, 'This sign-in link is not valid. Please ask for a new one.'),
          }),
      );
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [queryClient]);

  useEffect(() => {
    if (phase.kind === 'in' && giving.isError && errorStatus(giving.error) === 401) {
      setDonorToken(null);
      setPhase({ kind: 'ask', notice: 'Your sign-in has ended. Please ask for a new link.' });
    }
  }, [phase.kind, giving.isError, giving.error]);

  if (phase.kind === 'opening' || (phase.kind === 'in' && giving.isPending)) {
    return <Spinner label="Signing you in" />;
  }
  if (phase.kind === 'ask') {
    return (
      <div className="stack my-giving">
        {phase.notice && (
          <Alert variant="warning" role="alert">
            <AlertTitle>{phase.notice}</AlertTitle>
            <AlertDescription>Enter your e-mail address below and we will send you a new link.</AlertDescription>
          </Alert>
        )}
        <Card as="section" aria-labelledby="ask-link-title" style={{ padding: '1.5rem' }}>
          <h2 id="ask-link-title">Sign in with your e-mail</h2>
          <p>
            See your recurring gifts and this year's receipts, change the amount or the card, pause or cancel a gift. No
            password: we e-mail you a link that signs you in.
          </p>
          <RequestLinkForm headingId="ask-link-title" />
        </Card>
      </div>
    );
  }
  if (giving.isError || !giving.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>We could not load your gifts</AlertTitle>
        <AlertDescription>{errorMessage(giving.error, 'Please try again in a moment.')}</AlertDescription>
      </Alert>
    );
  }
  return <SignedIn data={giving.data} onSignOut={() => void signOut().then(() => setPhase({ kind: 'ask' }))} />;
}

function SignedIn({ data, onSignOut }: { data: MyGivingDto; onSignOut: () => void }) {
  const cardOnly = data.purpose === 'card';
  return (
    <div className="stack my-giving">
      <div className="my-giving__who">
        <p>
          Signed in as <strong>{data.email}</strong>
        </p>
        <Button variant="outline" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
      {cardOnly && (
        <Alert>
          <AlertDescription>
            This link lets you update the card of the gift below. To do more, sign out and ask for a sign-in link.
          </AlertDescription>
        </Alert>
      )}
      <section aria-labelledby="plans-title" className="stack">
        <h2 id="plans-title">Your recurring gifts</h2>
        {data.plans.length === 0 ? (
          <p>You have no recurring gifts with us.</p>
        ) : (
          data.plans.map((p) => <PlanCard key={p.id} plan={p} cardOnly={cardOnly} timeZone={data.timeZone} />)
        )}
      </section>
      {!cardOnly && <GiftsThisYear data={data} />}
    </div>
  );
}
