import type Stripe from 'stripe';
import { toDate } from './stripe-object.js';

export interface DonorRow {
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

export const DONOR_CONTENT = [
  'name', 'email', 'phone', 'address_line1', 'address_line2', 'address_city', 'address_state', 'address_postal_code',
  'address_country', 'description',
] as const;

/** Stripe customer -> donors row (without the guard columns). */
export function toDonorRow(c: Stripe.Customer | Stripe.DeletedCustomer): DonorRow {
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
