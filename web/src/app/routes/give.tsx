import { useParams } from 'wouter';
import { AppealPage } from '../../features/appeals/components/appeal-page';

/** /give/:slug, an appeal's page (a payment page: its HTML carries Stripe.js, api/src/web-app/web-app.ts). */
export default function GiveRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  return <AppealPage key={slug} slug={slug} />;
}
