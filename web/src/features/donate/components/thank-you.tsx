import { forwardRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { school } from '../../../content/school';
import { formatCents } from '../../../lib/currency';
import { FREQUENCIES, type Frequency } from '../types';

export interface GiftGiven {
  cents: number;
  frequency: Frequency;
  firstName: string;
  /** When the card payment succeeded. */
  at: Date;
  /** False when the payment went through but our server could not record the details (SPEC section 8's note). */
  recorded: boolean;
}

const EVERY: Record<Exclude<Frequency, 'one-time'>, string> = { monthly: 'every month', quarterly: 'every three months', annual: 'every year' };

const RECORDING_FAILED =
  "Your payment was successful, but we had trouble recording your donation details. Don't worry, your contribution has been received.";

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * Above the reset form after a paid gift (SPEC section 4), so nobody starts again: what was given (amount,
 * frequency, date) and, for a recurring gift, when it repeats and how to change or stop it.
 */
export const ThankYou = forwardRef<HTMLDivElement, { gift: GiftGiven }>(function ThankYou({ gift }, ref) {
  const freq = FREQUENCIES.find((f) => f.value === gift.frequency)!;
  const amount = formatCents(gift.cents);
  return (
    <div ref={ref} tabIndex={-1} className="thank-you">
      <Alert variant={gift.recorded ? 'success' : 'warning'}>
        <AlertTitle>Thank you{gift.firstName ? `, ${gift.firstName}` : ''}! Your gift went through.</AlertTitle>
        <AlertDescription>
          <p>
            You gave <strong>{amount}</strong>
            {gift.frequency === 'one-time' ? ' (one-time)' : ` ${freq.summary}`} on {longDate.format(gift.at)}.
          </p>
          {gift.frequency !== 'one-time' && (
            <p>
              Your card will be charged {amount} {EVERY[gift.frequency]}. To change or stop your {freq.label.toLowerCase()} gift, call us
              at <a href={school.phoneHref}>{school.phone}</a> or e-mail <a href={`mailto:${school.email}`}>{school.email}</a>.
            </p>
          )}
          <p>{gift.recorded ? 'Your donation was received. A receipt is on its way to your e-mail.' : RECORDING_FAILED}</p>
        </AlertDescription>
      </Alert>
    </div>
  );
});
