import { Link } from 'wouter';
import type { DonorListItemDto } from '../../../lib/api-types';
import { cardLabel, donorStatDollars, formatUnixDate, joinParts } from '../../../lib/format';
import { formatDollars } from '../../../lib/currency';
import { Badge } from '../../../components/ui/badge';

/** One donor in the Donors tab; the whole card links to the donor's profile. */
export function DonorCard({ donor }: { donor: DonorListItemDto }) {
  const address = joinParts([donor.address?.line1, donor.address?.city, donor.address?.state]);
  const methods = (donor.paymentMethods ?? []).filter((pm) => pm.card);
  return (
    <li className="adm-donor">
      <Link href={`/stripe-data/customer/${encodeURIComponent(donor.id)}`} className="adm-donor__link">
        <div>
          <h3 className="adm-donor__name">{donor.name || 'No name'}</h3>
          <p className="adm-donor__line">
            <span className="sr-only">Email: </span>
            {donor.email || 'No email'}
          </p>
          <p className="adm-donor__line">
            <span className="sr-only">Phone: </span>
            {donor.phone || 'No phone'}
          </p>
          {address && (
            <p className="adm-donor__line">
              <span className="sr-only">Address: </span>
              {address}
            </p>
          )}
          <p className="adm-donor__line adm-muted">Joined {formatUnixDate(donor.created)}</p>
        </div>
        <dl className="adm-donor__stats">
          <div>
            <dt>Total Donated</dt>
            <dd>{formatDollars(donorStatDollars(donor.donationStats?.totalDonated))}</dd>
          </div>
          <div>
            <dt>Donations</dt>
            <dd>{Number(donor.donationStats?.donationCount ?? 0).toLocaleString('en-US')}</dd>
          </div>
        </dl>
        {methods.length > 0 && (
          <div className="adm-badges" aria-label="Payment methods">
            {methods.map((pm) => (
              <Badge key={pm.id} variant="outline">
                {cardLabel(pm.card!)}
              </Badge>
            ))}
          </div>
        )}
      </Link>
    </li>
  );
}
