import { PaymentElement } from '@stripe/react-stripe-js';
import type { StripePaymentElementOptions } from '@stripe/stripe-js';
import { fieldState, paymentProblem, type PaymentFieldState } from '../lib/payment-element';

interface PaymentFieldProps {
  legend: string;
  /** The id of the error line, which the fieldset names in aria-describedby while it shows. */
  errorId: string;
  options: StripePaymentElementOptions;
  field: PaymentFieldState;
  error: string | null;
  onField: (next: PaymentFieldState) => void;
  onError: (error: string | null) => void;
}

/**
 * Stripe's Payment Element in a fieldset with its inline error, tied to it: the donate page's payment step and
 * a donor's change of payment method. An error shown stays until the details are right, or the method changes.
 */
export function PaymentField({ legend, errorId, options, field, error, onField, onError }: PaymentFieldProps) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className={`payment-field${error ? ' payment-field--invalid' : ''}`}>
        <PaymentElement
          options={options}
          onChange={(e) => {
            const next = fieldState(e);
            onField(next);
            if (error) onError(next.type === field.type ? paymentProblem(next) : null);
          }}
        />
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          <span className="sr-only">Error: </span>
          {error}
        </p>
      )}
    </fieldset>
  );
}
