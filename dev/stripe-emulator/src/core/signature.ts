import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, keyed
 * with the whole `whsec_...` string (Stripe does not strip the prefix). `t` is wall-clock time, never the
 * emulator clock: the SDK rejects signatures older than its tolerance (300 s) against the real clock.
 */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
