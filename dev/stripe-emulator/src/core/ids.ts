import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let pool = randomBytes(4096);
let poolPos = 0;

/** Random base62 text; a refilled byte pool keeps id generation off the hot path's profile. */
export function randomText(length: number): string {
  let out = '';
  while (out.length < length) {
    if (poolPos >= pool.length) {
      pool = randomBytes(4096);
      poolPos = 0;
    }
    const b = pool[poolPos++];
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out;
}

/** Stripe-looking ids: `cus_` + 14 characters for customers and a few others, 24 for most objects. */
const SHORT = new Set(['cus', 'si', 'prod', 'il', 'inpay']);

export function newId(prefix: string): string {
  return `${prefix}_${SHORT.has(prefix) ? randomText(14) : `1${randomText(23)}`}`;
}
