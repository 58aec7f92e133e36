import type { MyGivingDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { calendarDate } from '../../../lib/school-dates';
import { frequencyWord } from './plan-words';

/**
 * Gifts by bank account still on their way: the bank accepted the debit and the money arrives in a few business
 * days, with its receipt. Listed apart from the gifts that arrived, with the day the money is expected.
 */
export function ProcessingGifts({ gifts }: { gifts: MyGivingDto['processing'] }) {
  if (!gifts.length) return null;
  return (
    <div className="stack">
      <h3>On the way from your bank</h3>
      <ul className="my-giving__processing">
        {gifts.map((g) => (
          <li key={g.id} className="processing-gift">
            <p className="processing-gift__what">
              <strong>{formatUsd(g.amount)}</strong>{' '}
              {g.frequency && g.frequency !== 'one-time' ? `${frequencyWord(g.frequency)} gift` : 'one-time gift'}
              {g.bankLast4 ? ` from the bank account ending in ${g.bankLast4}` : ' from your bank account'}
            </p>
            <p className="processing-gift__when">
              <span className="processing-gift__status">Processing</span> since {calendarDate(g.day)}. Expected by{' '}
              {calendarDate(g.expectedDay)}; your receipt follows when the money arrives.
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
