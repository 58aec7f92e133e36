import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/use-toast';
import { school } from '../../../content/school';
import { CARD_ELEMENT_OPTIONS } from '../../../lib/card-element';
import { formatCents, parseAmount, toCents } from '../../../lib/currency';
import { createPaymentIntent, type PaymentIntentResponse } from '../api/create-payment-intent';
import { FREQUENCIES, type DonationFormData } from '../types';

export interface PaymentSuccess {
  paymentIntentId?: string;
  subscriptionId?: string;
  recordToken: string;
}

/** The payment this page started, and for what (amount and form): a retry of the same gift confirms it again. */
export interface StartedPayment {
  key: string;
  start: PaymentIntentResponse;
}

interface PaymentStepProps {
  form: DonationFormData;
  onBack: () => void;
  onPaid: (result: PaymentSuccess) => Promise<void>;
  /** Whether Stripe.js could be set up at all (no publishable key: no card payments). */
  stripeAvailable: boolean;
  /** Kept by the panel across Back, so going back and forth or retrying after a decline never starts a second payment. */
  started: RefObject<StartedPayment | null>;
}

const CARD_FIELD_EMPTY = 'Enter your card number, expiration date and security code.';
const CARD_INCOMPLETE = 'Your card details are incomplete. Please check the card number, expiration date and security code.';

/** The card field's problem as the donor can fix it: Stripe's own message when it has one. */
function cardProblem(card: Pick<StripeCardElementChangeEvent, 'complete' | 'empty' | 'error'>): string | null {
  if (card.complete) return null;
  return card.empty ? CARD_FIELD_EMPTY : (card.error?.message ?? CARD_INCOMPLETE);
}

/** What a donor can do after a card problem: another card, or a call to the school (said once, in the alert). */
const NEXT_STEP = `Nothing was charged. Please try another card, or call us at ${school.phone} and we will take your gift by phone.`;

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
export function PaymentStep({ form, onBack, onPaid, stripeAvailable, started }: PaymentStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [paymentError, setPaymentError] = useState<{ message: string; card: boolean } | null>(null);
  const [card, setCard] = useState<Pick<StripeCardElementChangeEvent, 'complete' | 'empty' | 'error'>>({ complete: false, empty: true, error: undefined });
  const [cardError, setCardError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // A new failure: its alert to the top (below the sticky header, by the page's scroll-padding), so the Pay
  // button right under it is in view too; on a phone the toast drops in over the header, above both.
  useEffect(() => {
    if (paymentError) alertRef.current?.scrollIntoView({ block: 'start' });
  }, [paymentError]);

  const cents = toCents(parseAmount(form.amount));
  const frequency = FREQUENCIES.find((f) => f.value === form.frequency);
  const recurring = frequency && frequency.value !== 'one-time' ? ` ${frequency.summary}` : '';

  /**
   * SPEC section 8's 'Payment Error' toast, and the inline alert that stays: for a card the provider refused,
   * the alert says what to do next instead of repeating the toast's words.
   */
  const fail = (message: string, isCard: boolean) => {
    setPaymentError({ message, card: isCard });
    toast({ title: 'Payment Error', description: message, variant: 'destructive' });
  };

  /** Our server starts a payment once per gift: the same amount and details reuse the intent already started. */
  const paymentFor = async (): Promise<PaymentIntentResponse> => {
    const key = JSON.stringify([cents, form]);
    if (started.current?.key === key) return started.current.start;
    const start = await createPaymentIntent(cents, form);
    started.current = { key, start };
    return start;
  };

  const pay = async () => {
    if (!Number.isFinite(cents) || cents <= 0) {
      toast({ title: 'Invalid Amount', description: 'Please go back and enter a valid donation amount.', variant: 'destructive' });
      return;
    }
    if (!stripe || !elements) {
      fail('Card payments are not available right now. Please try again in a moment.', false);
      return;
    }
    const cardElement = elements.getElement(CardElement);
    if (!cardElement) {
      fail('Card element not found', false);
      return;
    }
    // No payment is started for a card field that cannot be charged: the field says what is missing.
    if (!card.complete) {
      setCardError(cardProblem(card));
      cardElement.focus();
      return;
    }
    setProcessing(true);
    setPaymentError(null);
    try {
      const { clientSecret, subscriptionId, recordToken } = await paymentFor();
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: cardElement, billing_details: billingDetails(form) },
      });
      if (error) {
        fail(error.message || 'Payment failed', error.type === 'card_error' || error.type === 'validation_error');
        return;
      }
      if (paymentIntent?.status !== 'succeeded') throw new Error('Payment failed');
      started.current = null;
      toast({ title: 'Donation Complete', description: 'Thank you for your generous donation!' });
      await onPaid({ paymentIntentId: paymentIntent.id, subscriptionId, recordToken });
    } catch (err) {
      fail(err instanceof Error && err.message ? err.message : 'An error occurred during the payment process', false);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div aria-labelledby="payment-step-title" role="group">
      <h3 id="payment-step-title">Complete Your Donation</h3>
      <p className="donation-summary">
        You're donating {formatCents(Number.isFinite(cents) ? cents : 0)}
        {recurring}
      </p>

      {!stripeAvailable ? (
        <Alert variant="warning" role="alert">
          <AlertTitle>Card payments are not available right now</AlertTitle>
          <AlertDescription>Please call us to give by phone, or try again later.</AlertDescription>
        </Alert>
      ) : (
        <fieldset aria-describedby={cardError ? 'card-field-error' : undefined}>
          <legend>Card details</legend>
          <div className={`card-field${cardError ? ' card-field--invalid' : ''}`}>
            <CardElement
              options={CARD_ELEMENT_OPTIONS}
              onChange={(e) => {
                setCard({ complete: e.complete, empty: e.empty, error: e.error });
                if (cardError) setCardError(cardProblem(e));
              }}
            />
          </div>
          {cardError && (
            <p className="field__error" id="card-field-error">
              <span className="sr-only">Error: </span>
              {cardError}
            </p>
          )}
        </fieldset>
      )}

      {paymentError && (
        <Alert variant="destructive" className="payment-error" ref={alertRef}>
          <AlertTitle>{paymentError.card ? 'Your payment did not go through' : 'Payment Error'}</AlertTitle>
          <AlertDescription>{paymentError.card ? NEXT_STEP : paymentError.message}</AlertDescription>
        </Alert>
      )}

      <div className="pay-actions">
        <Button variant="outline" size="lg" onClick={onBack} disabled={processing}>
          Back
        </Button>
        <Button size="lg" onClick={pay} disabled={processing || !stripeAvailable} aria-busy={processing}>
          {processing ? 'Processing...' : `Pay ${formatCents(Number.isFinite(cents) ? cents : 0)}${recurring}`}
        </Button>
      </div>
      <p className="secure-note">
        <LockIcon /> Your card details go straight to our payment processor, Stripe. We never see or store them.
      </p>
    </div>
  );
}
