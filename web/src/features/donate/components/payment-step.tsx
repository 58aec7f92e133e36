import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/use-toast';
import { CARD_ELEMENT_OPTIONS } from '../../../lib/card-element';
import { formatCents, parseAmount, toCents } from '../../../lib/currency';
import { createPaymentIntent } from '../api/create-payment-intent';
import { FREQUENCIES, type DonationFormData } from '../types';

export interface PaymentSuccess {
  paymentIntentId?: string;
  subscriptionId?: string;
  recordToken: string;
}

interface PaymentStepProps {
  form: DonationFormData;
  onBack: () => void;
  onPaid: (result: PaymentSuccess) => Promise<void>;
  /** Whether Stripe.js could be set up at all (no publishable key: no card payments). */
  stripeAvailable: boolean;
}

/** Billing address only when all four parts are present; country is always US (SPEC section 5). */
function billingDetails(form: DonationFormData) {
  const hasAddress = Boolean(form.address && form.city && form.state && form.zipCode);
  return {
    name: `${form.firstName} ${form.lastName}`.trim(),
    email: form.email,
    phone: form.phone || undefined,
    ...(hasAddress
      ? { address: { line1: form.address, city: form.city, state: form.state, postal_code: form.zipCode, country: 'US' } }
      : {}),
  };
}

/**
 * Step 2: the summary line, Stripe's card field, Back and Pay. Pay creates the intent (or the subscription's
 * first invoice) on our server, confirms it with Stripe.js, then hands over to the panel to record the gift.
 */
export function PaymentStep({ form, onBack, onPaid, stripeAvailable }: PaymentStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);

  const cents = toCents(parseAmount(form.amount));
  const frequency = FREQUENCIES.find((f) => f.value === form.frequency);

  const fail = (message: string) => {
    setPaymentError(message);
    toast({ title: 'Payment Error', description: message, variant: 'destructive' });
  };

  const pay = async () => {
    if (!Number.isFinite(cents) || cents <= 0) {
      toast({ title: 'Invalid Amount', description: 'Please go back and enter a valid donation amount.', variant: 'destructive' });
      return;
    }
    if (!stripe || !elements) {
      fail('Card payments are not available right now. Please try again in a moment.');
      return;
    }
    setProcessing(true);
    setPaymentError(null);
    try {
      const card = elements.getElement(CardElement);
      if (!card) throw new Error('Card element not found');
      const { clientSecret, subscriptionId, recordToken } = await createPaymentIntent(cents, form);
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billingDetails(form) },
      });
      if (error) throw new Error(error.message || 'Payment failed');
      if (paymentIntent?.status !== 'succeeded') throw new Error('Payment failed');
      toast({ title: 'Donation Complete', description: 'Thank you for your generous donation!' });
      await onPaid({ paymentIntentId: paymentIntent.id, subscriptionId, recordToken });
    } catch (err) {
      fail(err instanceof Error && err.message ? err.message : 'An error occurred during the payment process');
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div aria-labelledby="payment-step-title" role="group">
      <h3 id="payment-step-title">Complete Your Donation</h3>
      <p className="donation-summary">
        You're donating {formatCents(Number.isFinite(cents) ? cents : 0)}
        {frequency && frequency.value !== 'one-time' ? ` ${frequency.summary}` : ''}
      </p>

      {!stripeAvailable ? (
        <Alert variant="warning" role="alert">
          <AlertTitle>Card payments are not available right now</AlertTitle>
          <AlertDescription>Please call us to give by phone, or try again later.</AlertDescription>
        </Alert>
      ) : (
        <fieldset>
          <legend>Card details</legend>
          <div className="card-field">
            <CardElement options={CARD_ELEMENT_OPTIONS} />
          </div>
        </fieldset>
      )}

      {paymentError && (
        <Alert variant="destructive" style={{ marginTop: '1rem' }}>
          <AlertTitle>Payment Error</AlertTitle>
          <AlertDescription>{paymentError}</AlertDescription>
        </Alert>
      )}

      <div className="pay-actions">
        <Button variant="outline" size="lg" onClick={onBack} disabled={processing}>
          Back
        </Button>
        <Button size="lg" onClick={pay} disabled={processing || !stripeAvailable} aria-busy={processing}>
          {processing ? 'Processing...' : `Pay ${formatCents(Number.isFinite(cents) ? cents : 0)}`}
        </Button>
      </div>
      <p className="secure-note">
        <LockIcon /> Your card details go straight to our payment processor, Stripe. We never see or store them.
      </p>
    </div>
  );
}
