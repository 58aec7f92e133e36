import type Stripe from 'stripe';
import { toDate } from './stripe-object.js';

/** The columns of a donors row that come from the Stripe customer. */
export interface DonorCore {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  description: string | null;
  created: Date;
}

/** A whole donors row: the customer's columns, the tombstone, whether they count as a donor, the guard's version. */
export interface DonorRow extends DonorCore {
  is_donor: boolean;
  deleted_at: Date | null;
  last_event_created: number;
  updated_at: Date;
}

export const DONOR_CONTENT = [
  'name',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'address_city',
  'address_state',
  'address_postal_code',
  'address_country',
  'description',
] as const;

/** Stripe customer -> the donors row's customer columns. */
export function toDonorRow(c: Stripe.Customer | Stripe.DeletedCustomer): DonorCore {
  const full = c as Partial<Stripe.Customer>;
  const a = full.address ?? null;
  return {
    id: c.id,
    name: full.name ?? null,
    email: full.email ?? null,
    phone: full.phone ?? null,
    address_line1: a?.line1 ?? null,
    address_line2: a?.line2 ?? null,
    address_city: a?.city ?? null,
    address_state: a?.state ?? null,
    address_postal_code: a?.postal_code ?? null,
    address_country: a?.country ?? null,
    description: full.description ?? null,
    created: toDate(full.created) ?? new Date(0),
  };
}
