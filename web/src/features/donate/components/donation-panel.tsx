import { useEffect, useRef, useState } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { appConfig } from '../../../lib/config';
import { recordDonation } from '../api/record-donation';
import {
  clearDonationSession,
  loadDonationSession,
  saveDonationSession,
  type StartedPayment,
} from '../donation-session';
import { useStepHistory } from '../step-history';
import { attributionFromSearch, emptyDonationForm, type DonationFormData, type GiftAttribution } from '../types';
import { validateDonation } from '../validate';
import { DonationForm } from './donation-form';
import { PaymentStep, type PaymentSuccess } from './payment-step';
import { ThankYou, type GiftGiven } from './thank-you';
import { parseDollars } from '../../../../../core/src/gifts/money';

/**
 * The 'Make a Donation' panel: form -> payment on a valid submit, payment -> form on Back; after a paid gift the
 * record is saved, the form is reset and shown again (SPEC section 4, Donation flow). Each step is a history entry
 * and the values (with the payment started for them) are kept for the tab's session, so a reload, Back or Forward
 * never loses the donor's place, nor starts a second payment for the same gift.
 */
export function DonationPanel({
  attribution: pageAttribution,
  thankYouText,
  onGiven,
}: {
  /** The appeal page's own; else the page address's ?appeal= and utm_* (the general donate page). */
  attribution?: GiftAttribution;
  /** The appeal's thank-you paragraph, shown with the thank-you after a gift. */
  thankYouText?: string | null;
  /** After a paid gift (the appeal page refreshes its progress). */
  onGiven?: () => void;
} = {}) {
  const [attribution] = useState(() => pageAttribution ?? attributionFromSearch(window.location.search));
  const [saved] = useState(loadDonationSession);
  // The page decides the attribution, never a form kept from another page of the same tab.
  const [form, setForm] = useState<DonationFormData>(() => ({ ...saved.form, ...attribution }));
  const [blankForm] = useState<DonationFormData>(() => ({ ...emptyDonationForm, ...attribution }));
  const [started, setStarted] = useState<StartedPayment | null>(saved.started);
  const formNow = useRef(form);
  formNow.current = form;
  const { step, toPayment, back, done } = useStepHistory(
    () => Object.keys(validateDonation(formNow.current)).length === 0,
  );
  const [given, setGiven] = useState<GiftGiven | null>(null);
  const stepHeading = useRef<HTMLDivElement>(null);
  const thankYou = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Every change is kept at once: a phone may drop the page the moment the donor switches apps.
  useEffect(() => {
    if (given && form === blankForm) return;
    saveDonationSession({ form, started });
  }, [form, started, given, blankForm]);

  // A reload that lands on step 2 brings the panel into view (on a phone it is far below the page's first text).
  useEffect(() => {
    if (step === 'payment' && window.scrollY === 0) stepHeading.current?.scrollIntoView({ block: 'start' });
    // Only for the step the page opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
    const giftCents = parseDollars(form.amount) ?? 0;
    const gift = {
      cents: total?.totalCents ?? giftCents,
      feeCents: total?.feeCents ?? 0,
      frequency: form.frequency,
      firstName: form.firstName.trim(),
      at: new Date(),
      processing,
      receipt: { paymentIntentId: subscriptionId ? undefined : paymentIntentId, subscriptionId, recordToken },
    };
    try {
      await recordDonation(form, { paymentIntentId, subscriptionId, recordToken });
      toast({
        title: 'Donation Recorded',
        description: 'Your donation has been successfully recorded. Thank you for your support!',
      });
      setGiven({ ...gift, recorded: true });
    } catch {
      setGiven({ ...gift, recorded: false });
    }
    clearDonationSession();
    setStarted(null);
    setForm(blankForm);
    done();
    onGiven?.();
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
          {given && <ThankYou ref={thankYou} gift={given} appealThankYou={thankYouText} />}
          {/* The payment step holds its own Stripe Elements group (deferred intent: the amount is known there). */}
          {step === 'form' ? (
            <DonationForm
              value={form}
              onChange={setForm}
              onSubmit={() => {
                setGiven(null);
                toPayment();
              }}
            />
          ) : (
            <PaymentStep
              form={form}
              onBack={back}
              onPaid={onPaid}
              stripeAvailable={Boolean(appConfig.stripePublishableKey)}
              started={started}
              onStarted={setStarted}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
