import { useParams } from 'wouter';
import { AppealPage } from '../../features/appeals/components/appeal-page';
import { DonationPanel } from '../../features/donate/components/donation-panel';
import { attributionFromSearch } from '../../features/donate/types';

/**
 * /give/:slug, an appeal's page (a payment page: its HTML carries Stripe.js, api/src/web-app/web-app.ts), with the
 * donate feature's form inline, every gift tagged with the appeal (and any utm_source/utm_campaign of the address).
 */
export default function GiveRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <AppealPage
      key={slug}
      slug={slug}
      donationForm={(appeal, onGiven) => (
        <DonationPanel
          attribution={{ ...attributionFromSearch(window.location.search), appeal: appeal.slug }}
          thankYouText={appeal.thankYouText}
          onGiven={onGiven}
        />
      )}
    />
  );
}
