import { school } from '../../../content/school';

/** Business days a US bank debit takes to settle (Stripe: usually 4); the receipt waits for the money. */
export const BANK_SETTLEMENT_DAYS = 4;

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The date `days` business days (Monday to Friday) after `from`. */
export function businessDaysAfter(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setDate(d.getDate() + 1);
    if (d.getDay() !== 0 && d.getDay() !== 6) left--;
  }
  return d;
}

/**
 * The thank-you's words for a gift by bank account: the debit was accepted and is processing; the receipt
 * comes by e-mail when the money arrives, and a note comes instead if the bank refuses it.
 */
export function BankProcessingNote({ at }: { at: Date }) {
  return (
    <p>
      Your bank payment is <strong>processing</strong>. Bank transfers take about {BANK_SETTLEMENT_DAYS} business days: we will e-mail your
      receipt when the money arrives, around {longDate.format(businessDaysAfter(at, BANK_SETTLEMENT_DAYS))}. If your bank does not
      complete the payment, we will e-mail you. Questions? Call <a href={school.phoneHref}>{school.phone}</a>.
    </p>
  );
}
