import { DEFAULT_TIME_ZONE } from '../../../core/src/config/default-time-zone';

/** Deployment settings the server renders into index.html as <meta> tags (see api/src/web-app/web-app.ts). */
function meta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export const appConfig = {
  stripePublishableKey: meta('app:stripe-publishable-key') ?? '',
  mapEmbedUrl: meta('app:map-embed-url'),
  /** Another Stripe.js (demo mode's stand-in); unset: Stripe's own, which loadStripe injects. */
  stripeJsUrl: meta('app:stripe-js-url'),
  /**
   * The school's time zone (the API's TIME_ZONE): every date shown is the school's day, never the browser's.
   * Without the tag (a page not served by the API) the API's default zone.
   */
  timeZone: meta('app:time-zone') ?? DEFAULT_TIME_ZONE,
};
