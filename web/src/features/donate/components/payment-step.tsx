import { Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeError } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/use-toast';
import { school } from '../../../content/school';
import { stripePromise } from '../../../lib/stripe';
import { createPaymentIntent } from '../api/create-payment-intent';
import type { PaymentIntentResponseDto } from '../../../lib/api-types';
import { giftKey, type StartedPayment } from '../donation-session';
import { PaymentField } from '../../../components/payment-field';
import { INITIAL_FIELD_STATE, paymentProblem, type PaymentFieldState } from '../../../lib/payment-element';
import { billingDetails, elementsOptions, paymentElementOptions } from '../payment-details';
import { FREQUENCIES, type DonationFormData } from '../types';
import { useGiftTotal, type GiftTotal } from '../../../lib/gift-total';
import type { PaymentMethodType } from '../../../../../core/src/gifts/fee-coverage';
import { formatUsd, parseDollars } from '../../../../../core/src/gifts/money';

export interface PaymentSuccess {
  paymentIntentId?: string;
  subscriptionId?: string;
  recordToken: string;
  /** A bank debit: accepted and on its way, the money arrives in a few business days (or the bank refuses it). */
  processing: boolean;
  /** What was charged: the gift and the fee coverage of the method the donor paid with. */
  total: GiftTotal | null;
}

interface PaymentStepProps {
  form: DonationFormData;
  onBack: () => void;
  onPaid: (result: PaymentSuccess) => Promise<void>;
  /** Whether Stripe.js could be set up at all (no publishable key: no online payments). */
  stripeAvailable: boolean;
  /**
   * Kept by the panel (and for the tab's session) across Back, Forward and reloads, so going back and forth or
   * retrying after a decline never starts a second payment for the same gift.
   */
  started: StartedPayment | null;
  onStarted: (started: StartedPayment | null) => void;
}

/** What a donor can do after a refused payment: another card or account, or a call to the school (said once, in the alert). */
function NextStep() {
  return (
    <>
      Nothing was charged. Please try another card, or call us at <a href={school.phoneHref}>{school.phone}</a> and we
      will take your gift by phone.
    </>
  );
}

/** The status of a payment Stripe would not confirm because of its state (cancelled, or already paid), if that was the error. */
function unexpected(error: StripeError | undefined): string | undefined {
  return error?.code === 'payment_intent_unexpected_state' ? error.payment_intent?.status : undefined;
}

/** Stripe's errors about the payment details themselves (a decline, a bad number): the donor can fix those here. */
const DONOR_FIXABLE = new Set(['card_error', 'validation_error']);

/**
 * Step 2: the summary line, Stripe's Payment Element (card, wallets where offered, Link, US bank account),
 * Back and Pay. The element is checked first (elements.submit), and only then does Pay create the intent (or
 * the subscription's first invoice) on our server and confirm it with stripe.confirmPayment, staying on the
 * page; then it hands over to the panel to record the gift. A bank debit comes back `processing`.
 */
export function PaymentStep(props: PaymentStepProps) {
  // The gift in cents by the one dollars grammar (core's, the server's too); 0 when the text is no amount.
  const cents = parseDollars(props.form.amount) ?? 0;
  const recurring = props.form.frequency !== 'one-time';
  // The Elements group is told what is charged: the gift plus any fee coverage (by card until a bank is picked).
  const total = useGiftTotal(props.form);
  const chargeCents = total?.totalCents ?? cents;
  // One Elements group for the step's life: the frequency cannot change on this step, and the amount only by the
  // method's fee (the body tells the group with elements.update).
  const options = useMemo(() => elementsOptions(chargeCents, recurring), [chargeCents, recurring]);
  return (
    <Elements stripe={stripePromise} options={options}>
      <PaymentStepBody {...props} cents={cents} />
    </Elements>
  );
}

function PaymentStepBody({
  form,
  onBack,
  onPaid,
  stripeAvailable,
  started,
  onStarted,
  cents,
}: PaymentStepProps & { cents: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [paymentError, setPaymentError] = useState<{ message: string; fixable: boolean } | null>(null);
  const [field, setField] = useState<PaymentFieldState>(INITIAL_FIELD_STATE);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const elementOptions = useMemo(() => paymentElementOptions(form), [form]);

  // A new failure: its alert to the top (below the sticky header, by the page's scroll-padding), so the Pay
  // button right under it is in view too; on a phone the toast drops in over the header, above both. Focus goes
  // to the alert, so it is read out and the next Tab reaches its phone link, then the field and Pay.
  useEffect(() => {
    if (!paymentError) return;
    alertRef.current?.scrollIntoView({ block: 'start' });
    alertRef.current?.focus({ preventScroll: true });
  }, [paymentError]);

  // What is charged: the gift plus any fee coverage, by the fee of the method picked in the element (the server
  // computes the same from the same fee, told the method).
  const method: PaymentMethodType = field.type === 'us_bank_account' ? 'us_bank_account' : 'card';
  const total = useGiftTotal(form, method);
  const payCents = total?.totalCents ?? cents;

  // The Elements group's amount follows the method's fee (a wallet's sheet shows it). A failed update leaves the
  // sheet's figure stale, not the charge (the server prices the payment), so it is logged rather than shown.
  useEffect(() => {
    if (elements && payCents > 0) {
      elements.update({ amount: payCents }).catch((err: unknown) => console.warn('Payment amount update failed', err));
    }
  }, [elements, payCents]);
  const frequency = FREQUENCIES.find((f) => f.value === form.frequency);
  const recurring = frequency && frequency.value !== 'one-time' ? ` ${frequency.summary}` : '';

  /**
   * SPEC section 8's 'Payment Error' toast, and the inline alert that stays: for payment details the provider
   * refused, the alert says what to do next instead of repeating the toast's words.
   */
  const fail = (message: string, fixable: boolean) => {
    setPaymentError({ message, fixable });
    toast({ title: 'Payment Error', description: message, variant: 'destructive' });
  };

  /** Our server starts a payment once per gift: the same amount and details reuse the intent already started. */
  const paymentFor = async (fresh = false): Promise<PaymentIntentResponseDto> => {
    const key = giftKey(cents, form, method);
    if (!fresh && started?.key === key) return started.start;
    const start = await createPaymentIntent(cents, form, method);
    onStarted({ key, start });
    return start;
  };

  const finish = async (
    pi: { id: string; status: string },
    start: PaymentIntentResponseDto,
    charged: GiftTotal | null,
  ) => {
    onStarted(null);
    toast({ title: 'Donation Complete', description: 'Thank you for your generous donation!' });
    await onPaid({
      paymentIntentId: pi.id,
      subscriptionId: start.subscriptionId,
      recordToken: start.recordToken,
      processing: pi.status === 'processing',
      total: charged,
    });
  };

  // A reload while a payment was being confirmed: if the started payment went through, the gift is finished
  // (recorded, thanked) rather than asked for again.
  useEffect(() => {
    if (!stripe || !started) return;
    let live = true;
    void stripe.retrievePaymentIntent(started.start.clientSecret).then(({ paymentIntent: pi }) => {
      if (live && pi?.status === 'canceled') onStarted(null);
      if (!live || (pi?.status !== 'succeeded' && pi?.status !== 'processing')) return;
      const feeCents = form.coverFees ? Math.max(0, pi.amount - cents) : 0;
      void finish(pi, started.start, { giftCents: pi.amount - feeCents, feeCents, totalCents: pi.amount });
    });
    return () => {
      live = false;
    };
    // Once, when Stripe.js is ready: a payment started later on this step is finished by Pay itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stripe]);

  const pay = async () => {
    if (cents <= 0) {
      toast({
        title: 'Invalid Amount',
        description: 'Please go back and enter a valid donation amount.',
        variant: 'destructive',
      });
      return;
    }
    if (!stripe || !elements) {
      fail('Card payments are not available right now. Please try again in a moment.', false);
      return;
    }
    const element = elements.getElement('payment');
    if (!element) {
      fail('Card element not found', false);
      return;
    }
    // No payment is started for details that cannot be charged: the field says what is missing.
    if (!field.complete) {
      setFieldError(paymentProblem(field));
      element.focus();
      return;
    }
    setProcessing(true);
    setPaymentError(null);
    try {
      // Stripe checks the element before any asynchronous work of ours (a wallet's sheet opens here).
      const submitted = await elements.submit();
      if (submitted.error) {
        setFieldError(submitted.error.message ?? paymentProblem(field));
        // The disabled Pay button lost focus: back to the field that needs fixing, not to the page's start.
        element.focus();
        return;
      }
      const confirm = (clientSecret: string) =>
        stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { payment_method_data: { billing_details: billingDetails(form) } },
          redirect: 'if_required',
        });
      let start = await paymentFor();
      let result = await confirm(start.clientSecret);
      // The started payment was cancelled (Stripe gives up an unpaid subscription's first payment after a day, and a
      // tab can be kept that long): nothing can be charged on it, so the gift gets one new payment.
      if (unexpected(result.error) === 'canceled') {
        start = await paymentFor(true);
        result = await confirm(start.clientSecret);
      }
      let { error, paymentIntent } = result;
      // Already paid (it went through while the page was away): finish the gift rather than report an error.
      const state = unexpected(error);
      if (error && (state === 'succeeded' || state === 'processing'))
        [paymentIntent, error] = [error.payment_intent, undefined];
      if (error) {
        fail(error.message || 'Payment failed', DONOR_FIXABLE.has(error.type));
        return;
      }
      if (paymentIntent?.status !== 'succeeded' && paymentIntent?.status !== 'processing')
        throw new Error('Payment failed');
      await finish(paymentIntent, start, total);
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
        You're donating {formatUsd(payCents)}
        {recurring}
      </p>
      {total && total.feeCents > 0 && (
        <p className="fee-note">
          Includes {formatUsd(total.feeCents)} to cover {method === 'us_bank_account' ? 'bank' : 'card'} fees, so all of
          your {formatUsd(total.giftCents)} goes to the school.
        </p>
      )}

      {!stripeAvailable ? (
        <Alert variant="warning" role="alert">
          <AlertTitle>Card payments are not available right now</AlertTitle>
          <AlertDescription>Please call us to give by phone, or try again later.</AlertDescription>
        </Alert>
      ) : (
        <PaymentField
          legend="Payment details"
          errorId="card-field-error"
          options={elementOptions}
          field={field}
          error={fieldError}
          onField={setField}
          onError={setFieldError}
        />
      )}

      {paymentError && (
        <Alert variant="destructive" className="payment-error" ref={alertRef} tabIndex={-1}>
          <AlertTitle>{paymentError.fixable ? 'Your payment did not go through' : 'Payment Error'}</AlertTitle>
          <AlertDescription>
            {paymentError.message}
            {paymentError.fixable && (
              <>
                {' '}
                <NextStep />
              </>
            )}
          </AlertDescription>
        </Alert>
      )}

      <div className="pay-actions">
        <Button variant="outline" size="lg" onClick={onBack} disabled={processing}>
          Back
        </Button>
        <Button size="lg" onClick={() => void pay()} disabled={processing || !stripeAvailable} aria-busy={processing}>
          {processing ? 'Processing...' : `Pay ${formatUsd(payCents)}${recurring}`}
        </Button>
      </div>
      <p className="secure-note">
        <LockIcon /> Your card or bank details go straight to our payment processor, Stripe. We never see or store them.
      </p>
    </div>
  );
}
