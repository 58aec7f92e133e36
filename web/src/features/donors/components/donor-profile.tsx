import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DonorNotFoundError, useDonor } from '../api/get-donor';
import type { DonorDto } from '../../../lib/api-types';
import { cardLabel, donorStatDollars, formatUnixDate, joinParts } from '../../../lib/format';
import { formatDollars } from '../../../lib/currency';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { ArrowLeftIcon, TrashIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { AdminPageHeader } from '../../../components/layout/admin-page-header';
import { EditDonorDialog } from './edit-donor-dialog';
import { DeleteDonorDialog } from './delete-donor-dialog';
import { MergeDonorDialog } from './merge-donor-dialog';
import { MergedRecordsCard } from './merged-records-card';

function BackLink() {
  return (
    <Link href="/stripe-data" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
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

function DonorInformation({ donor }: { donor: DonorDto }) {
  const a = donor.address;
  const address = joinParts([a?.line1, a?.line2, a?.city, a?.state, a?.postal_code]);
  return (
    <Card as="section" aria-labelledby="donor-info-title">
      <CardHeader title="Donor Information" titleId="donor-info-title" />
      <CardContent>
        <dl className="adm-info">
          <InfoRow label="Name">{donor.name || 'No name provided'}</InfoRow>
          <InfoRow label="Email">{donor.email || 'No email provided'}</InfoRow>
          {donor.phone && <InfoRow label="Phone">{donor.phone}</InfoRow>}
          {address && <InfoRow label="Address">{address}</InfoRow>}
          <InfoRow label="Donor Since">{formatUnixDate(donor.created)}</InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function DonationSummary({ donor }: { donor: DonorDto }) {
  const stats = donor.donationStats;
  const methods = (donor.paymentMethods ?? []).filter((pm) => pm.card);
  return (
    <Card as="section" aria-labelledby="donation-summary-title">
      <CardHeader title="Donation Summary" titleId="donation-summary-title" />
      <CardContent>
        <dl className="adm-info">
          <InfoRow label="Total Donated">
            <span className="adm-big">{formatDollars(donorStatDollars(stats?.totalDonated))}</span>
          </InfoRow>
          <InfoRow label="Total Donations">{Number(stats?.donationCount ?? 0).toLocaleString('en-US')}</InfoRow>
          <InfoRow label="Average Donation">{formatDollars(donorStatDollars(stats?.averageDonation))}</InfoRow>
          <InfoRow label="Payment Methods">
            {methods.length ? (
              <span className="adm-badges">
                {methods.map((pm) => (
                  <Badge key={pm.id} variant="outline">
                    {cardLabel(pm.card!)}
                  </Badge>
                ))}
              </span>
            ) : (
              <span className="adm-muted">None on file</span>
            )}
          </InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * A donor's page: header, Donor Information and Donation Summary; `children` renders what other features show
 * about the donor (the route passes the transaction history), `actions` their buttons (export, erase).
 */
export function DonorProfile({
  customerId,
  children,
  actions,
  canDelete,
}: {
  customerId: string;
  children: (donor: DonorDto) => ReactNode;
  /** More buttons for the header (other features' actions on this donor). */
  actions?: (donor: DonorDto) => ReactNode;
  /** Owners only: the button is not shown to other roles (the server refuses them anyway). */
  canDelete: boolean;
}) {
  const customer = useDonor(customerId, true);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);

  if (customer.isPending)
    return (
      <div className="adm-page adm-center">
        <Spinner label="Loading donor" />
      </div>
    );

  if (customer.isError || !customer.data) {
    const notFound = customer.error instanceof DonorNotFoundError;
    const mergedInto = customer.error instanceof DonorNotFoundError ? customer.error.mergedInto : null;
    return (
      <div className="adm-page">
        <BackLink />
        <Card>
          <CardContent className="adm-not-found">
            {notFound ? (
              <>
                <h1 className="adm-page-title">Customer Not Found</h1>
                {mergedInto ? (
                  <p className="adm-muted">
                    This record was merged into another donor:{' '}
                    <Link href={`/stripe-data/customer/${encodeURIComponent(mergedInto)}`}>open the kept record</Link>.
                  </p>
                ) : (
                  <p className="adm-muted">The customer you're looking for doesn't exist.</p>
                )}
              </>
            ) : (
              <>
                <h1 className="adm-page-title">Donor Profile</h1>
                <Alert variant="destructive">{customer.error?.message ?? 'Failed to fetch customer'}</Alert>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    );
  }

  const donor = customer.data;
  return (
    <div className="adm-page">
      <div className="adm-profile-bar">
        <BackLink />
        <div className="adm-header-actions">
          {actions?.(donor)}
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit Donor
          </Button>
          <Button variant="outline" onClick={() => setMerging(true)}>
            Merge Duplicate
          </Button>
          {canDelete && (
            <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
              <TrashIcon /> Delete Donor
            </Button>
          )}
        </div>
      </div>
      <AdminPageHeader
        eyebrow="Donor Profile"
        title={donor.name || donor.email || 'No name provided'}
        subtitle={<p className="adm-muted adm-mono">{donor.id}</p>}
      />
      <div className="adm-grid adm-grid--2">
        <DonorInformation donor={donor} />
        <DonationSummary donor={donor} />
      </div>
      <MergedRecordsCard customerId={donor.id} />
      {children(donor)}
      <EditDonorDialog donor={donor} open={editing} onOpenChange={setEditing} />
      <MergeDonorDialog donor={donor} open={merging} onOpenChange={setMerging} />
      {canDelete && <DeleteDonorDialog donor={donor} open={confirmDelete} onOpenChange={setConfirmDelete} />}
    </div>
  );
}
