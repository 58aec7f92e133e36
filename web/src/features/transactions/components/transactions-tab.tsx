import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { TransactionDto } from '../../../lib/api-types';
import { TransactionsTable } from './transactions-table';

/** The dashboard's Transactions tab: the latest gifts of every donor (from the analytics answer). */
export function TransactionsTab({ transactions }: { transactions: TransactionDto[] }) {
  return (
    <Card>
      <CardHeader title="Recent Transactions" description="The latest card and manual donations" />
      <CardContent>
        {transactions.length === 0 ? <p className="adm-empty">No transactions yet.</p> : <TransactionsTable variant="recent" transactions={transactions} />}
      </CardContent>
    </Card>
  );
}
