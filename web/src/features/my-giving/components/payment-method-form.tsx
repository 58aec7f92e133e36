import { Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptionsMode, StripePaymentElementOptions } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { PaymentField } from '../../../components/payment-field';
import {
  INITIAL_FIELD_STATE,
  PAYMENT_APPEARANCE,
  paymentProblem,
  type PaymentFieldState,
} from '../../../lib/payment-element';
import { stripePromise } from '../../../lib/stripe';
import { cardSetup } from '../api/plan-actions';

interface PaymentMethodFormProps {
  planId: string;
  /** What the button says for the chosen method: 'Save card', 'Save bank account and pay $25.00', ... */
  submitLabel: (method: 'card' | 'bank account') => string;
  onCancel: () => void;
  /** The confirmed SetupIntent: the server makes its method the gift's (and pays an unpaid renewal). */
  onConfirmed: (setupIntentId: string) => Promise<void>;
}

/**
 * Deferred-intent Elements for saving a method: shown before any SetupIntent exists (none is made for a field
 * that cannot be saved); USD, so a US bank account is offered. Wallets give a card like any other.
 */
const ELEMENTS_OPTIONS: StripeElementsOptionsMode = { mode: 'setup', currency: 'usd', appearance: PAYMENT_APPEARANCE };
const ELEMENT_OPTIONS: StripePaymentElementOptions = {
  layout: 'tabs',
  wallets: { applePay: 'auto', googlePay: 'auto' },
};

function PaymentMethodFields({ planId, submitLabel, onCancel, onConfirmed }: PaymentMethodFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<PaymentFieldState>(INITIAL_FIELD_STATE);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const method = field.type === 'us_bank_account' ? 'bank account' : 'card';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const element = elements?.getElement('payment');
    if (!stripe || !elements || !element) {
      setError('Payment details cannot be entered right now. Please try again in a moment.');
      return;
    }
    // No SetupIntent for details that cannot be saved: the field says what is missing.
    if (!field.complete) {
      setFieldError(paymentProblem(field));
      element.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        setFieldError(submitted.error.message ?? paymentProblem(field));
        return;
      }
      const clientSecret = await cardSetup(planId);
      const { error: refused, setupIntent } = await stripe.confirmSetup({
        elements,
        clientSecret,
        redirect: 'if_required',
      });
      if (refused) throw new Error(refused.message || `The ${method} was not accepted`);
      if (setupIntent?.status !== 'succeeded') throw new Error(`The ${method} was not accepted`);
      await onConfirmed(setupIntent.id);
    } catch (err) {
      setError(errorMessage(err, `The ${method} was not accepted`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="stack" noValidate>
      <PaymentField
        legend="New card or bank account"
        errorId="method-field-error"
        options={ELEMENT_OPTIONS}
        field={field}
        error={fieldError}
        onField={setField}
        onError={setFieldError}
      />
      {method === 'bank account' && (
        <p className="secure-note">
          A payment from a bank account takes about four business days to arrive; its receipt follows then.
        </p>
      )}
      {error && (
        <Alert variant="destructive">
          <AlertTitle>{method === 'card' ? 'Card not saved' : 'Bank account not saved'}</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="dialog__footer">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Back
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel(method)}
        </Button>
      </div>
    </form>
  );
}

/**
 * Stripe's Payment Element (card or US bank account), confirmed with confirmSetup without leaving the page.
 * Loaded only when the donor opens the dialog, so the rest of the page never loads the payment provider's script.
 */
export default function PaymentMethodForm(props: PaymentMethodFormProps) {
  return (
    <Elements stripe={stripePromise} options={ELEMENTS_OPTIONS}>
      <PaymentMethodFields {...props} />
    </Elements>
  );
}
