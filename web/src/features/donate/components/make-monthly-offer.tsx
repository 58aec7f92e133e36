import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { schoolDate } from '../../../lib/school-dates';
import { makeMonthly } from '../api/make-monthly';

/** One month after today, as the plan's first charge falls (the server's date is what counts). */
function nextMonth(from: Date): Date {
  const d = new Date(from);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + 1);
  d.setDate(Math.min(day, new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()));
  return d;
}

/**
 * Under the thank-you of a one-time gift, asked once and politely: the same amount every month from next month,
 * on the card just used. One click starts it; "No, thanks" puts the offer away for good.
 */
export function MakeMonthlyOffer({
  cents,
  at,
  paymentIntentId,
  recordToken,
}: {
  cents: number;
  at: Date;
  paymentIntentId: string;
  recordToken: string;
}) {
  const [state, setState] = useState<
    | { kind: 'offer' | 'pending' | 'declined' }
    | { kind: 'done'; firstCharge: Date }
    | { kind: 'error'; message: string }
  >({ kind: 'offer' });
  if (state.kind === 'declined') return null;
  const amount = formatUsd(cents);
  if (state.kind === 'done') {
    return (
      <div className="monthly-offer" role="status">
        <p>
          <strong>Thank you!</strong> Your monthly gift of {amount} starts on {schoolDate(state.firstCharge)}, on the
          same card. Nothing more is charged today. You can change or stop it any time from{' '}
          <a href="/my-giving">Manage My Giving</a>.
        </p>
      </div>
    );
  }
  const start = async () => {
    setState({ kind: 'pending' });
    try {
      const plan = await makeMonthly({ paymentIntentId, recordToken });
      setState({ kind: 'done', firstCharge: new Date(plan.firstChargeAt * 1000) });
    } catch (err) {
      setState({
        kind: 'error',
        message: errorMessage(err, 'We could not start the monthly gift just now. Please try again in a moment.'),
      });
    }
  };
  return (
    <section className="monthly-offer" aria-labelledby="monthly-offer-title">
      <h4 id="monthly-offer-title" className="monthly-offer__title">
        Would you like to give {amount} every month?
      </h4>
      <p>
        If you wish, we can repeat this gift monthly on the same card, starting {schoolDate(nextMonth(at))}. Nothing
        more is charged today, and you can stop it any time.
      </p>
      {state.kind === 'error' && (
        <p className="field__error" role="alert">
          {state.message}
        </p>
      )}
      <div className="monthly-offer__actions">
        <Button onClick={() => void start()} disabled={state.kind === 'pending'} aria-busy={state.kind === 'pending'}>
          {state.kind === 'pending' ? 'Starting...' : `Yes, give ${amount} monthly`}
        </Button>
        <Button variant="outline" onClick={() => setState({ kind: 'declined' })} disabled={state.kind === 'pending'}>
          No, thanks
        </Button>
      </div>
    </section>
  );
}
