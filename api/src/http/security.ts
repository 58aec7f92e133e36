import helmet from 'helmet';
import type { EnvDto } from '../../../core/src/config/env.dto.js';

function origin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Security headers. The Content-Security-Policy allows exactly what Stripe.js needs
 * (https://docs.stripe.com/security/guide#content-security-policy), or, in demo mode, the emulator's origin
 * that serves the stand-in Stripe.js and answers its calls; plus the map embed when one is configured.
 */
export function securityHeaders(env: EnvDto) {
  const stripeJs = origin(env.STRIPE_JS_URL) ?? 'https://js.stripe.com';
  const stripeApi = origin(env.STRIPE_JS_URL) ?? 'https://api.stripe.com';
  const map = origin(env.MAP_EMBED_URL);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'script-src': ["'self'", stripeJs, 'https://*.js.stripe.com'],
        'connect-src': ["'self'", stripeApi, 'https://maps.googleapis.com'],
        'frame-src': ["'self'", stripeJs, 'https://*.js.stripe.com', 'https://hooks.stripe.com', ...(map ? [map] : [])],
        'img-src': ["'self'", 'data:', 'https://*.stripe.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        ...(env.PUBLIC_URL.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // No page of ours is ever framed (partner sites embed a plain link to an appeal, never an iframe), so the
    // legacy header says what frame-ancestors 'none' says, for browsers that read only this one.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https:')
      ? { maxAge: 15552000, includeSubDomains: true }
      : false,
  });
}
