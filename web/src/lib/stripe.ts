import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { appConfig } from './config';

/**
 * The one Stripe.js promise for the app. Only the (lazily loaded) donate route imports this module, so the
 * home page never downloads Stripe code. In demo mode the server has already placed the emulator's stand-in
 * <script> before the bundle, and loadStripe uses that window.Stripe instead of injecting js.stripe.com.
 * Without a publishable key there is nothing to load: card payments are simply unavailable.
 */
export const stripePromise: Promise<Stripe | null> = appConfig.stripePublishableKey
  ? loadStripe(appConfig.stripePublishableKey)
  : Promise.resolve(null);
