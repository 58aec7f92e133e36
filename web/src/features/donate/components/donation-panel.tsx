import { Elements } from '@stripe/react-stripe-js';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { stripePromise } from '../../../lib/stripe';
import { appConfig } from '../../../lib/config';
import { recordDonation } from '../api/record-donation';
import { emptyDonationForm, type DonationFormData } from '../types';
import { DonationForm } from './donation-form';
import { PaymentStep, type PaymentSuccess } from './payment-step';

const RECORDING_FAILED =
  "Your payment was successful, but we had trouble recording your donation details. Don't worry, your contribution has been received.";

/**
 * The 'Make a Donation' panel: form -> payment on a valid submit, payment -> form on Back; after a paid gift the
 * record is saved, the form is reset and shown again (SPEC section 4, Donation flow).
 */
export function DonationPanel() {
  const [step, setStep] = useState<'form' | 'payment'>('form');
  const [form, setForm] = useState<DonationFormData>(emptyDonationForm);
  const [note, setNote] = useState<{ kind: 'success' | 'warning'; text: string } | null>(null);
  const stepHeading = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Move focus to the start of the new step so keyboard and screen-reader users land where the content changed.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const onPaid = async ({ paymentIntentId, subscriptionId, recordToken }: PaymentSuccess) => {
    try {
      await recordDonation({ ...form, paymentIntentId, subscriptionId, recordToken });
      toast({ title: 'Donation Recorded', description: 'Your donation has been successfully recorded. Thank you for your support!' });
      setNote({ kind: 'success', text: 'Thank you! Your donation was received. A receipt is on its way to your e-mail.' });
    } catch {
      setNote({ kind: 'warning', text: RECORDING_FAILED });
    }
    setForm(emptyDonationForm);
    setStep('form');
  };

  return (
    <Card className="donate-panel">
      <CardHeader
        title="Make a Donation"
        titleId="make-donation-title"
        description={`Step ${step === 'form' ? 1 : 2} of 2: ${step === 'form' ? 'your gift and details' : 'card payment'}`}
      />
      <CardContent>
        <div ref={stepHeading} tabIndex={-1} className="stack">
          {note && (
            <Alert variant={note.kind}>
              <AlertDescription>
                <p>{note.text}</p>
              </AlertDescription>
            </Alert>
          )}
          <Elements stripe={stripePromise}>
            {step === 'form' ? (
              <DonationForm
                value={form}
                onChange={setForm}
                onSubmit={() => {
                  setNote(null);
                  setStep('payment');
                }}
              />
            ) : (
              <PaymentStep
                form={form}
                onBack={() => setStep('form')}
                onPaid={onPaid}
                stripeAvailable={Boolean(appConfig.stripePublishableKey)}
              />
            )}
          </Elements>
        </div>
      </CardContent>
    </Card>
  );
}
