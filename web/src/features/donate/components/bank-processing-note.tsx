import { BANK_SETTLEMENT_DAYS, businessDayAfter } from '../../../../../core/src/gifts/bank-settlement';
import { school } from '../../../content/school';
import { calendarDate, schoolToday } from '../../../lib/school-dates';

/**
 * The thank-you's words for a gift by bank account: the debit was accepted and is processing; the receipt
 * comes by e-mail when the money arrives, and a note comes instead if the bank refuses it.
 */
export function BankProcessingNote({ at }: { at: Date }) {
  return (
    <p>
      Your bank payment is <strong>processing</strong>. Bank transfers take about {BANK_SETTLEMENT_DAYS} business days:
      we will e-mail your receipt when the money arrives, around{' '}
      {calendarDate(businessDayAfter(schoolToday(at), BANK_SETTLEMENT_DAYS))}. If your bank does not complete the
      payment, we will e-mail you. Questions? Call <a href={school.phoneHref}>{school.phone}</a>.
    </p>
  );
}
