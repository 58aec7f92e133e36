import { timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { WEBSITE_SOURCE } from '../../../core/src/gifts/donor-origin.js';
import { validFrequency, type Frequency } from '../../../core/src/gifts/frequencies.js';
import type { DonorDetailsDto } from './dto/donor-details.dto.js';

export function donorName(d: Pick<GiftDonor, 'firstName' | 'lastName'>): string {
  return `${d.firstName} ${d.lastName}`.trim();
}

/** Metadata key of the SHA-256 (hex) of the record token the create-payment-intent answer carried. */
const TOKEN_KEY = 'record_token_sha256';

/** Form field -> metadata key. The optional ones are left out when empty (Stripe drops empty values anyway). */
const DONOR_KEYS = {
  firstName: 'donor_first_name',
  lastName: 'donor_last_name',
  email: 'donor_email',
  phone: 'donor_phone',
  address: 'donor_address',
  city: 'donor_city',
  state: 'donor_state',
  zipCode: 'donor_zip',
} as const satisfies Partial<Record<keyof DonorDetailsDto, string>>;

/** The donor's details as typed on the donation form (the fields of its DTO that travel with the gift). */
export type GiftDonor = Pick<DonorDetailsDto, keyof typeof DONOR_KEYS>;

/**
 * The details that arrive with a gift belong to that gift: they travel in the metadata of its payment intent
 * (one-time) or subscription (recurring), never onto the donor's customer, and the donation record is made
 * from them. The record token's hash binds the record to the browser that started the payment.
 */
export function giftMetadata(frequency: Frequency, d: GiftDonor, recordTokenHash: string): Stripe.MetadataParam {
  const meta: Record<string, string> = {
    frequency,
    donation_type: frequency,
    source: WEBSITE_SOURCE,
    donor_name: donorName(d),
    [TOKEN_KEY]: recordTokenHash,
  };
  for (const [field, key] of Object.entries(DONOR_KEYS)) {
    const value = d[field as keyof GiftDonor];
    if (value) meta[key] = value;
  }
  return meta;
}

/** The form's details as the payment carries them; null when they are not there (not a payment of our form). */
export function donorFromMetadata(meta: Stripe.Metadata | null | undefined): GiftDonor | null {
  if (!meta?.[DONOR_KEYS.firstName] || !meta[DONOR_KEYS.lastName] || !meta[DONOR_KEYS.email]) return null;
  const d: Record<string, string> = {};
  for (const [field, key] of Object.entries(DONOR_KEYS)) if (meta[key]) d[field] = meta[key];
  return d as unknown as GiftDonor;
}

export function frequencyFromMetadata(meta: Stripe.Metadata | null | undefined, fallback: Frequency): Frequency {
  return validFrequency(meta?.frequency) ?? fallback;
}

/** The hex SHA-256 stored in the payment's metadata for a record token. */
export function recordTokenHash(token: string): string {
  return tokenHash(token).toString('hex');
}

/** Whether the token is the one issued with this payment (constant-time on the hashes). */
export function recordTokenMatches(meta: Stripe.Metadata | null | undefined, token: string): boolean {
  const stored = meta?.[TOKEN_KEY];
  if (!stored || !/^[0-9a-f]{64}$/.test(stored)) return false;
  return timingSafeEqual(Buffer.from(stored, 'hex'), tokenHash(token));
}
