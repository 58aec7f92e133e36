import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { useFundTotals } from '../api/get-fund-totals';

/**
 * Gifts by Fund: for each fund, the gifts made to it, what reached it (net of refunds and disputes not won)
 * and, apart from it, the fee coverage donors added, so covered fees never inflate a fund's total.
 */
export function FundTotalsCard() {
  const totals = useFundTotals();
  const [fund, setFund] = useState('');
  const rows = (totals.data ?? []).filter((f) => !fund || String(f.fundId) === fund);
  return (
    <Card as="section" aria-labelledby="fund-totals">
      <CardHeader
        title="Gifts by Fund"
        titleId="fund-totals"
        titleAs="h2"
        description="What reached each fund, all time, with the card fees donors chose to cover shown apart."
      />
      <CardContent>
        {totals.isError && <Alert variant="destructive">{totals.error.message}</Alert>}
        {totals.isPending ? (
          <Spinner label="Loading fund totals" />
        ) : (
          <>
            {(totals.data?.length ?? 0) > 1 && (
              <div className="adm-toolbar">
                <SelectField
                  id="fund-totals-filter"
                  label="Fund"
                  className="adm-filter"
                  value={fund}
                  onValueChange={setFund}
                  options={[
                    { value: '', label: 'All funds' },
                    ...(totals.data ?? []).map((f) => ({ value: String(f.fundId), label: f.name })),
                  ]}
                />
              </div>
            )}
            <div className="adm-table-wrap">
              <table className="adm-table adm-table--stack" aria-labelledby="fund-totals">
                <thead>
                  <tr>
                    <th scope="col">Fund</th>
                    <th scope="col" className="adm-num">
                      Gifts
                    </th>
                    <th scope="col" className="adm-num">
                      To the fund
                    </th>
                    <th scope="col" className="adm-num">
                      Fee coverage
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((f) => (
                    <tr key={f.fundId}>
                      <th scope="row" data-label="Fund">
                        {f.archived ? `${f.name} (archived)` : f.name}
                      </th>
                      <td data-label="Gifts" className="adm-num">
                        {f.gifts.toLocaleString('en-US')}
                      </td>
                      <td data-label="To the fund" className="adm-num">
                        {formatUsd(f.toFundCents)}
                      </td>
                      <td data-label="Fee coverage" className="adm-num">
                        {formatUsd(f.feeCoverageCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
