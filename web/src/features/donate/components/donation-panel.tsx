import { useEffect, useRef, useState } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { appConfig } from '../../../lib/config';
import { recordDonation } from '../api/record-donation';
import { emptyDonationForm, type DonationFormData } from '../types';
import { DonationForm } from './donation-form';
import { PaymentStep, type PaymentSuccess, type StartedPayment } from './payment-step';
import { ThankYou, type GiftGiven } from './thank-you';
import { parseAmount, toCents } from '../../../lib/currency';

/**
 * The 'Make a Donation' panel: form -> payment on a valid submit, payment -> form on Back; after a paid gift the
 * record is saved, the form is reset and shown again (SPEC section 4, Donation flow).
 */
export function DonationPanel() {
  const [step, setStep] = useState<'form' | 'payment'>('form');
  const [form, setForm] = useState<DonationFormData>(emptyDonationForm);
  const [given, setGiven] = useState<GiftGiven | null>(null);
  const started = useRef<StartedPayment | null>(null);
  const stepHeading = useRef<HTMLDivElement>(null);
  const thankYou = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Move focus to the start of the new step (or to the thank-you after a gift) so keyboard and screen-reader
  // users land where the content changed.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (thankYou.current ?? stepHeading.current)?.focus();
  }, [step, given]);

  const onPaid = async ({ paymentIntentId, subscriptionId, recordToken, processing, total }: PaymentSuccess) => {
    const giftCents = toCents(parseAmount(form.amount));
    const gift = {
      cents: total?.totalCents ?? giftCents, feeCents: total?.feeCents ?? 0, frequency: form.frequency, firstName: form.firstName.trim(), at: new Date(),
      processing, receipt: { paymentIntentId: subscriptionId ? undefined : paymentIntentId, subscriptionId, recordToken },
    };
    try {
      await recordDonation({ ...form, paymentIntentId, subscriptionId, recordToken });
      toast({ title: 'Donation Recorded', description: 'Your donation has been successfully recorded. Thank you for your support!' });
      setGiven({ ...gift, recorded: true });
    } catch {
      setGiven({ ...gift, recorded: false });
    }
    setForm(emptyDonationForm);
    setStep('form');
  };

  return (
    <Card className="donate-panel">
      <CardHeader
        title="Make a Donation"
        titleId="make-donation-title"
        description={`Step ${step === 'form' ? 1 : 2} of 2: ${step === 'form' ? 'your gift and details' : 'payment'}`}
      />
      <CardContent>
        <div ref={stepHeading} tabIndex={-1} className="stack">
          {given && <ThankYou ref={thankYou} gift={given} />}
          {/* The payment step holds its own Stripe Elements group (deferred intent: the amount is known there). */}
          <>
            {step === 'form' ? (
              <DonationForm
                value={form}
                onChange={setForm}
                onSubmit={() => {
                  setGiven(null);
                  setStep('payment');
                }}
              />
            ) : (
              <PaymentStep
                form={form}
                onBack={() => setStep('form')}
                onPaid={onPaid}
                stripeAvailable={Boolean(appConfig.stripePublishableKey)}
                started={started}
              />
            )}
          </>
        </div>
      </CardContent>
    </Card>
  );
}
