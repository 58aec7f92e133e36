import { useParams } from 'wouter';
import { AdminGate } from '../components/auth/admin-gate';
import { DonorProfile } from '../components/donor/donor-profile';
import '../admin.css';

/** /stripe-data/customer/:customerId (admin only). */
export default function DonorProfileRoute() {
  const { customerId = '' } = useParams<{ customerId: string }>();
  return <AdminGate>{() => <DonorProfile key={customerId} customerId={decodeURIComponent(customerId)} />}</AdminGate>;
}
