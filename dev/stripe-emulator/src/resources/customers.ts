import type { Ctx } from '../core/context.js';
import { missing } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId, randomText } from '../core/ids.js';
import { matchesRange } from '../core/list.js';
import { mergeMetadata, obj, plain, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { attachPaymentMethod, resolvePaymentMethod } from './payment-methods.js';

const EDITABLE = ['email', 'name', 'phone', 'description'] as const;

export function buildCustomer(ctx: Ctx, fields: Obj = {}): Obj {
  return customerObject(newId('cus'), ctx.now(), fields);
}

/** A customer as Stripe answers one, every field at its default but `fields` (also the bench's event payloads). */
export function customerObject(id: string, created: number, fields: Obj = {}): Obj {
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: randomText(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
    ...fields,
  };
}

export function getCustomer(ctx: Ctx, id: string, param = 'id'): Obj {
  const c = ctx.store.get('customers', id);
  if (!c) throw missing('customer', id, param);
  return c;
}

/** A live (not deleted) customer, for operations that need one. */
export function liveCustomer(ctx: Ctx, id: string, param = 'customer'): Obj {
  const c = getCustomer(ctx, id, param);
  if (c.deleted) throw missing('customer', id, param);
  return c;
}

export function createCustomer(ctx: Ctx, p: Params): Obj {
  const c = buildCustomer(ctx);
  applyFields(c, p);
  ctx.store.put('customers', c);
  ctx.emit('customer.created', c);
  const pmId = str(p, 'payment_method');
  if (pmId) attachPaymentMethod(ctx, resolvePaymentMethod(ctx, pmId), c.id);
  return c;
}

export function updateCustomer(ctx: Ctx, c: Obj, p: Params): Obj {
  const before = publicCopy(c);
  applyFields(c, p);
  ctx.store.changed();
  ctx.emitUpdated('customer.updated', c, before);
  return c;
}

function applyFields(c: Obj, p: Params): void {
  for (const k of EDITABLE) if (p[k] !== undefined) c[k] = str(p, k) ?? null;
  if (p.address !== undefined)
    c.address =
      p.address === ''
        ? null
        : {
            city: null,
            country: null,
            line1: null,
            line2: null,
            postal_code: null,
            state: null,
            ...(plain(p.address) as Obj),
          };
  if (p.shipping !== undefined) c.shipping = plain(p.shipping);
  if (p.preferred_locales !== undefined) c.preferred_locales = plain(p.preferred_locales) ?? [];
  c.metadata = mergeMetadata(c.metadata, p);
  const settings = obj(p, 'invoice_settings');
  if (settings && settings.default_payment_method !== undefined) {
    c.invoice_settings = { ...c.invoice_settings, default_payment_method: settings.default_payment_method || null };
  }
}

/** Stripe keeps a stub: retrieving a deleted customer answers `{id, object, deleted: true}`. */
export function deleteCustomer(ctx: Ctx, c: Obj, cancelSubscriptions: (sub: Obj) => void): Obj {
  for (const sub of ctx.store.col('subscriptions').values()) {
    if (sub.customer === c.id && sub.status !== 'canceled' && sub.status !== 'incomplete_expired')
      cancelSubscriptions(sub);
  }
  ctx.emit('customer.deleted', c);
  const stub = { id: c.id, object: 'customer', deleted: true, __created: c.created, __email: c.email };
  ctx.store.put('customers', stub);
  return stub;
}

export function listCustomers(ctx: Ctx, p: Params): Obj[] {
  const email = str(p, 'email');
  const out: Obj[] = [];
  for (const c of ctx.store.col('customers').values()) {
    if (c.deleted) continue;
    if (email && c.email !== email) continue;
    if (!matchesRange(c.created, p, 'created')) continue;
    out.push(c);
  }
  return out;
}
