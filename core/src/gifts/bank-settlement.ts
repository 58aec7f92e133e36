/**
 * When a US bank debit's money arrives: Stripe says usually four business days after the debit. The donate
 * page's thank-you and the donor's own page (a gift still processing) both promise the same day by this rule.
 * No Node imports: the web app reads it too.
 */

/** Business days (Monday to Friday) a US bank debit takes to settle. */
export const BANK_SETTLEMENT_DAYS = 4;

/** The calendar day ('yyyy-MM-dd') `days` business days after `day`: weekends are skipped, holidays are not known. */
export function businessDayAfter(day: string, days: number = BANK_SETTLEMENT_DAYS): string {
  const d = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a calendar day: ${day}`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}
