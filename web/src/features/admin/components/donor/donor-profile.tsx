import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CustomerNotFoundError, useCustomer } from '../../api/get-customer';
import type { Donor } from '../../api/types';
import { cardLabel, donorStatDollars, formatCurrency, formatUnixDate, joinParts } from '../../lib/format';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';
import { Card, CardHeader } from '../ui/card';
import { ArrowLeftIcon, TrashIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { DeleteDonorDialog } from './delete-donor-dialog';
import { TransactionHistory } from './transaction-history';

function BackLink() {
  return (
    <Link href="/stripe-data" className={buttonClass('ghost', 'sm', 'adm-back')}>
      <ArrowLeftIcon /> Back to Dashboard
    </Link>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="adm-info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DonorInformation({ donor }: { donor: Donor }) {
  const a = donor.address;
  const address = joinParts([a?.line1, a?.line2, a?.city, a?.state, a?.postal_code]);
  return (
    <Card aria-labelledby="donor-info-title">
      <CardHeader title="Donor Information" id="donor-info-title" />
      <dl className="adm-info">
        <InfoRow label="Name">{donor.name || 'No name provided'}</InfoRow>
        <InfoRow label="Email">{donor.email || 'No email provided'}</InfoRow>
        {donor.phone && <InfoRow label="Phone">{donor.phone}</InfoRow>}
        {address && <InfoRow label="Address">{address}</InfoRow>}
        <InfoRow label="Donor Since">{formatUnixDate(donor.created)}</InfoRow>
      </dl>
    </Card>
  );
}

function DonationSummary({ donor }: { donor: Donor }) {
  const stats = donor.donationStats;
  const methods = (donor.paymentMethods ?? []).filter((pm) => pm.card);
  return (
    <Card aria-labelledby="donation-summary-title">
      <CardHeader title="Donation Summary" id="donation-summary-title" />
      <dl className="adm-info">
        <InfoRow label="Total Donated"><span className="adm-big">{formatCurrency(donorStatDollars(stats?.totalDonated))}</span></InfoRow>
        <InfoRow label="Total Donations">{Number(stats?.donationCount ?? 0).toLocaleString('en-US')}</InfoRow>
        <InfoRow label="Average Donation">{formatCurrency(donorStatDollars(stats?.averageDonation))}</InfoRow>
        <InfoRow label="Payment Methods">
          {methods.length ? (
            <span className="adm-badges">{methods.map((pm) => <Badge key={pm.id} variant="outline">{cardLabel(pm.card!)}</Badge>)}</span>
          ) : (
            <span className="adm-muted">None on file</span>
          )}
        </InfoRow>
      </dl>
    </Card>
  );
}

export function DonorProfile({ customerId }: { customerId: string }) {
  const customer = useCustomer(customerId, true);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (customer.isPending) return <div className="adm-page adm-center"><Spinner label="Loading donor" /></div>;

  if (customer.isError || !customer.data) {
    const notFound = customer.error instanceof CustomerNotFoundError;
    return (
      <div className="adm-page">
        <BackLink />
        <Card className="adm-not-found">
          {notFound ? (
            <>
              <h1 className="adm-page-title">Customer Not Found</h1>
              <p className="adm-muted">The customer you're looking for doesn't exist.</p>
            </>
          ) : (
            <>
              <h1 className="adm-page-title">Donor Profile</h1>
              <Alert>{customer.error?.message ?? 'Failed to fetch customer'}</Alert>
            </>
          )}
        </Card>
      </div>
    );
  }

  const donor = customer.data;
  return (
    <div className="adm-page">
      <div className="adm-profile-bar">
        <BackLink />
        <Button variant="destructive" onClick={() => setConfirmDelete(true)}><TrashIcon /> Delete Donor</Button>
      </div>
      <header className="adm-page-header adm-page-header--plain">
        <div>
          <p className="adm-eyebrow">Donor Profile</p>
          <h1 className="adm-page-title">{donor.name || donor.email || 'No name provided'}</h1>
          <p className="adm-muted adm-mono">{donor.id}</p>
        </div>
      </header>
      <div className="adm-grid adm-grid--2">
        <DonorInformation donor={donor} />
        <DonationSummary donor={donor} />
      </div>
      <TransactionHistory donor={donor} />
      <DeleteDonorDialog donor={donor} open={confirmDelete} onOpenChange={setConfirmDelete} />
    </div>
  );
}
