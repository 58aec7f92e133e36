import Stripe from 'stripe';
import { newId } from './ids.js';
import { publicCopy } from './expand.js';
import type { Obj, Store } from './store.js';
import type { RetryPolicy } from '../resources/retry-policy.js';
import type { WebhookDispatcher } from './webhooks.js';

/** The API version our events and responses claim: the one the installed `stripe` package pins. */
export const API_VERSION: string = Stripe.API_VERSION;

export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

/**
 * What every resource operation needs: the state, the event emitter, and the public base URL (for
 * receipt links). Operations are synchronous, so `request` (the API call being served, stamped on the
 * events it causes) is simply set around each call.
 */
export class Ctx {
  request: RequestInfo = { id: null, idempotency_key: null };
  /** Seeding for benchmarks creates objects without events. */
  silent = false;
  /** How failed renewals are retried: set by startEmulator from its options, changed by `/_emulator/billing/retries`. */
  retries!: RetryPolicy;

  constructor(
    readonly store: Store,
    readonly webhooks: WebhookDispatcher,
    public baseUrl: string,
  ) {}

  now(): number {
    return this.store.now();
  }

  emit(type: string, object: Obj, previous?: Obj): Obj | undefined {
    if (this.silent) return undefined;
    const targets = this.webhooks.targets(type);
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previous ? { object: publicCopy(object), previous_attributes: previous } : { object: publicCopy(object) },
      livemode: false,
      pending_webhooks: targets.length,
      request: { ...this.request },
      type,
    };
    this.store.put('events', event);
    this.webhooks.enqueue(event, targets);
    return event;
  }

  /** `*.updated` with Stripe's `previous_attributes`: the old values of the top-level fields that changed. */
  emitUpdated(type: string, object: Obj, before: Obj): Obj | undefined {
    const previous = changedFields(before, publicCopy(object));
    if (!Object.keys(previous).length) return undefined;
    return this.emit(type, object, previous);
  }
}

export function changedFields(before: Obj, after: Obj): Obj {
  const previous: Obj = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return previous;
}
