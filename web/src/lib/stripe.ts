import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { appConfig } from './config';

/**
 * Loads the stand-in Stripe.js (demo mode: STRIPE_JS_URL) ourselves, so loadStripe finds window.Stripe and
 * injects nothing. The server already adds the deferred tag to a directly opened /donate; after in-app
 * navigation there is none yet and this adds it.
 */
function loadScript(url: string): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const existing = [...document.scripts].find((s) => s.src === new URL(url, location.href).href);
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error('Failed to load Stripe.js')), { once: true });
    if (!existing) {
      script.src = url;
      document.head.appendChild(script);
    }
  });
}

async function load(): Promise<Stripe | null> {
  if (!appConfig.stripePublishableKey) return null;
  if (appConfig.stripeJsUrl) await loadScript(appConfig.stripeJsUrl);
  return loadStripe(appConfig.stripePublishableKey);
}

/**
 * The one Stripe.js promise for the app. Only the (lazily loaded) donate route imports this module, so no other
 * page (the admin pages above all, which hold the session token) ever loads the payment provider's script.
 * Without a publishable key there is nothing to load: card payments are simply unavailable.
 */
export const stripePromise: Promise<Stripe | null> = load();
