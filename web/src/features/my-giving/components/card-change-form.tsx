import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { CARD_ELEMENT_OPTIONS } from '../../../lib/card-element';
import { stripePromise } from '../../../lib/stripe';
import { cardSetup } from '../api/plan-actions';

interface CardChangeProps {
  planId: string;
  /** What the button says: 'Save card' or 'Save card and pay $25.00 now'. */
  submitLabel: string;
  onCancel: () => void;
  /** The confirmed SetupIntent: the server makes its card the gift's (and pays an unpaid renewal). */
  onConfirmed: (setupIntentId: string) => Promise<void>;
}

function CardChangeFields({ planId, submitLabel, onCancel, onConfirmed }: CardChangeProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      setError('Card entry is not available right now. Please try again in a moment.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const clientSecret = await cardSetup(planId);
      const { error: refused, setupIntent } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (refused) throw new Error(refused.message || 'The card was not accepted');
      if (setupIntent?.status !== 'succeeded') throw new Error('The card was not accepted');
      await onConfirmed(setupIntent.id);
    } catch (err) {
      setError(errorMessage(err, 'The card was not accepted'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="stack">
      <fieldset>
        <legend>New card</legend>
        <div className="card-field">
          <CardElement options={CARD_ELEMENT_OPTIONS} />
        </div>
      </fieldset>
      {error && (
        <Alert variant="destructive">
          <AlertTitle>Card not saved</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="dialog__footer">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Back
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The same Stripe Elements card field as the donate page, confirmed with confirmCardSetup. Loaded only when the
 * donor opens "Change card", so the rest of the page never loads the payment provider's script.
 */
export default function CardChangeForm(props: CardChangeProps) {
  return (
    <Elements stripe={stripePromise}>
      <CardChangeFields {...props} />
    </Elements>
  );
}
