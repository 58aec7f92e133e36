import { useParams } from 'wouter';
import { AdminGate } from '../../../features/auth/components/admin-gate';
import { DonorMessagesCard } from '../../../features/donor-mail/components/donor-messages-card';
import { DonorPrivacyActions } from '../../../features/donor-privacy/components/donor-privacy-actions';
import { DonorProfile } from '../../../features/donors/components/donor-profile';
import { DonorPlansCard } from '../../../features/recurring/components/donor-plans-card';
import { YearEndStatementButton } from '../../../features/tax-exports/components/year-end-statement-button';
import { TransactionHistory } from '../../../features/transactions/components/transaction-history';
import { AdminArea } from './admin-area';

/**
 * /stripe-data/customer/:customerId (admin only): the donor (donors), their gifts (transactions), their
 * recurring plans (recurring), statements (tax exports), the e-mail they received (donor mail), export and
 * erasure (donor privacy).
 */
export default function DonorProfileRoute() {
  const { customerId = '' } = useParams<{ customerId: string }>();
  return (
    <AdminArea>
      <AdminGate>
        {(admin) => (
          <DonorProfile
            key={customerId}
            customerId={decodeURIComponent(customerId)}
            canDelete={admin.role === 'owner'}
            actions={(donor) => <DonorPrivacyActions donor={donor} canErase={admin.role === 'owner'} />}
          >
            {(donor) => (
              <>
                <DonorPlansCard customerId={donor.id} />
                <TransactionHistory donor={donor} actions={<YearEndStatementButton donor={donor} />} />
                <DonorMessagesCard customerId={donor.id} />
              </>
            )}
          </DonorProfile>
        )}
      </AdminGate>
    </AdminArea>
  );
}
