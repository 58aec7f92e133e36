import { forwardRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { schoolDate } from '../../../lib/school-dates';
import { FREQUENCIES, type Frequency } from '../types';
import { BankProcessingNote } from './bank-processing-note';
import { useReceiptNumber } from '../api/get-receipt-status';
import type { ReceiptStatusQueryDto } from '../../../lib/api-types';
import { MakeMonthlyOffer } from './make-monthly-offer';

export interface GiftGiven {
  /** What was charged, fee coverage included. */
  cents: number;
  /** Of it, what the donor added to cover the fee (the card's, or the bank's for a bank debit). */
  feeCents: number;
  /** Asked for the receipt number (only this page holds the record token). */
  receipt: ReceiptStatusQueryDto;
  frequency: Frequency;
  firstName: string;
  /** When the card payment succeeded. */
  at: Date;
  /** False when the payment went through but our server could not record the details (SPEC section 8's note). */
  recorded: boolean;
  /** Paid by bank account: the debit is processing, the money (and the receipt) follow in a few days. */
  processing?: boolean;
}

const EVERY: Record<Exclude<Frequency, 'one-time'>, string> = {
  monthly: 'every month',
  quarterly: 'every three months',
  annual: 'every year',
};

const RECORDING_FAILED =
  "Your payment was successful, but we had trouble recording your donation details. Don't worry, your contribution has been received.";

/**
 * Above the reset form after a paid gift (SPEC section 4), so nobody starts again: what was given (amount,
 * frequency, date) and, for a recurring gift, when it repeats and where to change or stop it (My Giving, as
 * every acknowledgment says).
 */
export const ThankYou = forwardRef<HTMLDivElement, { gift: GiftGiven; appealThankYou?: string | null }>(
  function ThankYou({ gift, appealThankYou }, ref) {
    const freq = FREQUENCIES.find((f) => f.value === gift.frequency)!;
    const amount = formatUsd(gift.cents);
    // A bank debit's receipt waits for the money (days): nothing to ask for yet.
    const receipt = useReceiptNumber(gift.recorded && !gift.processing ? gift.receipt : null);
    return (
      <div ref={ref} tabIndex={-1} className="thank-you">
        <Alert variant={gift.recorded ? 'success' : 'warning'}>
          <AlertTitle>
            Thank you{gift.firstName ? `, ${gift.firstName}` : ''}! Your gift{' '}
            {gift.processing ? 'is on its way' : 'went through'}.
          </AlertTitle>
          <AlertDescription>
            {appealThankYou?.trim() && <p className="thank-you__appeal">{appealThankYou.trim()}</p>}
            <p>
              You gave <strong>{amount}</strong>
              {gift.frequency === 'one-time' ? ' (one-time)' : ` ${freq.summary}`} on {schoolDate(gift.at)}.
            </p>
            {gift.frequency !== 'one-time' && (
              <p>
                {gift.processing ? 'Your bank account will be debited' : 'Your card will be charged'} {amount}{' '}
                {EVERY[gift.frequency]}. To change, pause or cancel your {freq.label.toLowerCase()} gift, visit{' '}
                <a href="/my-giving">My Giving</a>.
              </p>
            )}
            {gift.feeCents > 0 && (
              <p>
                That includes {formatUsd(gift.feeCents)} to cover {gift.processing ? 'bank' : 'card'} fees, so all of
                your {formatUsd(gift.cents - gift.feeCents)} goes to the school. The whole amount is tax-deductible.
              </p>
            )}
            {gift.processing && gift.recorded ? (
              <BankProcessingNote at={gift.at} />
            ) : gift.recorded ? (
              <p aria-live="polite">
                {receipt?.state === 'ready' ? (
                  <>
                    Your receipt number is <strong className="receipt-number">{receipt.receiptNumber}</strong>. The
                    receipt is on its way to your e-mail.
                  </>
                ) : receipt?.state === 'later' ? (
                  'Your donation was received. Your receipt, with its number, will come by e-mail.'
                ) : (
                  'Your donation was received. Preparing your receipt number...'
                )}
              </p>
            ) : (
              <p>{RECORDING_FAILED}</p>
            )}
          </AlertDescription>
        </Alert>
        {gift.frequency === 'one-time' && gift.recorded && !gift.processing && gift.receipt.paymentIntentId && (
          <MakeMonthlyOffer
            cents={gift.cents}
            at={gift.at}
            paymentIntentId={gift.receipt.paymentIntentId}
            recordToken={gift.receipt.recordToken}
          />
        )}
      </div>
    );
  },
);
