import { BANK_SETTLEMENT_DAYS, businessDayAfter } from '../../../../../core/src/gifts/bank-settlement';
import { school } from '../../../content/school';
import { calendarDate } from '../../../lib/school-dates';

/** The donor's own calendar day of `at` ('2026-11-27'): the thank-you speaks of the day they just gave on. */
const localDay = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/**
 * The thank-you's words for a gift by bank account: the debit was accepted and is processing; the receipt
 * comes by e-mail when the money arrives, and a note comes instead if the bank refuses it.
 */
export function BankProcessingNote({ at }: { at: Date }) {
  return (
    <p>
      Your bank payment is <strong>processing</strong>. Bank transfers take about {BANK_SETTLEMENT_DAYS} business days: we will e-mail your
      receipt when the money arrives, around {calendarDate(businessDayAfter(localDay(at), BANK_SETTLEMENT_DAYS))}. If your bank does not
      complete the payment, we will e-mail you. Questions? Call <a href={school.phoneHref}>{school.phone}</a>.
    </p>
  );
}
