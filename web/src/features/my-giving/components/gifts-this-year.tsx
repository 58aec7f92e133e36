import { useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import type { MyGivingDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { calendarDate } from '../../../lib/school-dates';
import { downloadStatement } from '../api/download-statement';
import { ProcessingGifts } from './processing-gifts';
import { capitalize, frequencyWord } from './plan-words';

const giftWord = (frequency: string | null) =>
  frequency && frequency !== 'one-time' ? `${capitalize(frequencyWord(frequency))} gift` : 'One-time gift';

/**
 * This year's gifts with their receipt numbers (below 640 px each row is a card whose cells carry their column's
 * name, so the receipt number stays in view on a phone), the gifts by bank account still on their way, and the
 * donor's year-end statements to download.
 */
export function GiftsThisYear({ data }: { data: MyGivingDto }) {
  const [error, setError] = useState<string | null>(null);
  const total = data.gifts.reduce((sum, g) => sum + g.amount, 0);
  const download = (customerId: string, year: number) => {
    setError(null);
    downloadStatement(customerId, year).catch((err) =>
      setError(errorMessage(err, 'The statement could not be downloaded. Please try again.')),
    );
  };
  return (
    <section aria-labelledby="gifts-title" className="stack">
      <h2 id="gifts-title">Your gifts in {data.year}</h2>
      <ProcessingGifts gifts={data.processing} />
      {data.gifts.length === 0 ? (
        <p>{data.processing.length ? 'No gifts have arrived yet this year.' : 'No gifts yet this year.'}</p>
      ) : (
        <div className="my-giving-table-wrap">
          <table className="my-giving-table">
            <caption className="sr-only">Your gifts in {data.year}, with receipt numbers</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Gift</th>
                <th scope="col">Receipt number</th>
              </tr>
            </thead>
            <tbody>
              {data.gifts.map((g) => (
                <tr key={g.id}>
                  <th scope="row" data-label="Date">
                    {calendarDate(g.day)}
                  </th>
                  <td data-label="Amount">{formatUsd(g.amount)}</td>
                  <td data-label="Gift">{giftWord(g.frequency)}</td>
                  <td data-label="Receipt number">{g.receiptNumber ?? 'Not issued yet'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td data-label="Total">{formatUsd(total)}</td>
                <td colSpan={2} className="my-giving-table__blank" />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {data.statements.length > 0 && (
        <div className="stack">
          <h3>Year-end statements</h3>
          <ul className="my-giving__statements">
            {data.statements.map((s) => (
              <li key={`${s.customerId}-${s.year}`}>
                <Button variant="secondary" onClick={() => download(s.customerId, s.year)}>
                  Download {s.year} statement (PDF)
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
    </section>
  );
}
