import { invalid } from './errors.js';
import type { Obj, Store } from './store.js';

/**
 * Fields that are not stored as ids but can still be expanded, for convenience or compatibility:
 * `invoice.payment_intent` (removed from invoices in API 2025-03-31, still asked for by older code) and the
 * invoice behind a charge or payment intent (`charge.invoice`, removed likewise).
 */
type Virtual = (o: Obj, store: Store) => Obj | null;
const VIRTUAL: Record<string, Record<string, Virtual>> = {
  invoice: {
    payment_intent: (inv, store) =>
      inv.__payment_intent ? (store.get('payment_intents', inv.__payment_intent) ?? null) : null,
  },
  charge: { invoice: (ch, store) => invoiceOfPaymentIntent(ch.payment_intent, store) },
  payment_intent: { invoice: (pi, store) => invoiceOfPaymentIntent(pi.id, store) },
};

export function invoiceOfPaymentIntent(piId: string | null, store: Store): Obj | null {
  if (!piId) return null;
  const pi = store.get('payment_intents', piId);
  return pi?.__invoice ? (store.get('invoices', pi.__invoice) ?? null) : null;
}

/** A deep copy without the emulator's private `__` fields: what goes on the wire and into event snapshots. */
export function publicCopy<T extends Obj>(o: T): T {
  return JSON.parse(JSON.stringify(o, (k, v) => (k.startsWith('__') ? undefined : v)));
}

/** Applies `expand[]` paths (e.g. `latest_invoice.payment_intent`, `data.customer`) to a public copy. */
export function expand(o: Obj, paths: string[], store: Store): Obj {
  const out = publicCopy(o);
  for (const path of paths) {
    if (path.split('.').length > 4) throw invalid(`You cannot expand more than 4 levels of a property.`, 'expand');
    expandPath(out, path.split('.'), store, o.object === 'list' || o.object === 'search_result');
  }
  return out;
}

function expandPath(target: Obj, segs: string[], store: Store, isList: boolean): void {
  if (!target || typeof target !== 'object') return;
  if (isList && segs[0] === 'data') {
    for (const item of target.data as Obj[]) expandPath(item, segs.slice(1), store, false);
    return;
  }
  const [field, ...rest] = segs;
  let value = target[field];
  if (typeof value === 'string') {
    const found = store.byId(value);
    if (!found) throw invalid(`This property cannot be expanded (${field}).`, 'expand');
    value = target[field] = publicCopy(found);
  } else if (value === undefined) {
    const virtual = VIRTUAL[target.object]?.[field];
    if (!virtual) {
      if (field === 'confirmation_secret' || field === 'payments') return; // always present on our invoices
      throw invalid(`This property cannot be expanded (${field}).`, 'expand');
    }
    const found = virtual(findStored(target, store), store);
    value = target[field] = found ? publicCopy(found) : null;
  }
  if (rest.length && value && typeof value === 'object') {
    if (Array.isArray(value)) value.forEach((v) => expandPath(v, rest, store, false));
    else expandPath(value, rest, store, value.object === 'list');
  }
}

function findStored(target: Obj, store: Store): Obj {
  return (target.id && store.byId(target.id)) || target;
}
