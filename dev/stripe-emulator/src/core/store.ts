import { readFileSync, writeFileSync, renameSync, existsSync } from 'node:fs';

export type Obj = Record<string, any>;

/** Every collection the emulator keeps; the key is the object's id, the insertion order is creation order. */
export const COLLECTIONS = [
  'customers',
  'payment_methods',
  'payment_intents',
  'charges',
  'refunds',
  'balance_transactions',
  'disputes',
  'products',
  'prices',
  'subscriptions',
  'invoices',
  'invoice_payments',
  'events',
  'payouts',
  'mandates',
  'setup_intents',
  'setup_attempts',
  'webhook_endpoints',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** Id prefix -> collection, for `expand[]` and cross-resource look-ups. */
export const PREFIX_COLLECTION: Record<string, CollectionName> = {
  cus: 'customers',
  pm: 'payment_methods',
  pi: 'payment_intents',
  ch: 'charges',
  re: 'refunds',
  txn: 'balance_transactions',
  dp: 'disputes',
  prod: 'products',
  price: 'prices',
  sub: 'subscriptions',
  in: 'invoices',
  inpay: 'invoice_payments',
  evt: 'events',
  py: 'charges',
  po: 'payouts',
  mandate: 'mandates',
  seti: 'setup_intents',
  setatt: 'setup_attempts',
  we: 'webhook_endpoints',
};

const MIN_SAVE_DELAY_MS = 200;
const MAX_SAVE_DELAY_MS = 5000;
const SAVE_COST_FACTOR = 20;

export interface IdempotentResponse {
  fingerprint: string;
  status: number;
  body: string;
}

/**
 * The emulator's whole state, in memory. `clockOffset` is how far the emulator clock runs ahead of the
 * wall clock (advanceClock moves it). With a statePath the state is written (debounced) to a JSON file.
 */
export class Store {
  readonly data = new Map<CollectionName, Map<string, Obj>>();
  readonly idempotency = new Map<string, IdempotentResponse>();
  clockOffset = 0;
  /** While billing runs a past period boundary, objects are stamped with that time instead of "now". */
  private pinnedNow: number | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  /** How long a change waits to be saved: grows with the state (see saveNow). */
  private saveDelayMs = MIN_SAVE_DELAY_MS;

  constructor(private readonly statePath?: string) {
    this.clear();
    if (statePath && existsSync(statePath)) this.load(statePath);
  }

  clear(): void {
    for (const c of COLLECTIONS) this.data.set(c, new Map());
    this.idempotency.clear();
    this.clockOffset = 0;
    this.changed();
  }

  now(): number {
    return this.pinnedNow ?? Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  withPinnedNow<T>(t: number, fn: () => T): T {
    const prev = this.pinnedNow;
    this.pinnedNow = t;
    try {
      return fn();
    } finally {
      this.pinnedNow = prev;
    }
  }

  col(name: CollectionName): Map<string, Obj> {
    return this.data.get(name)!;
  }

  get(name: CollectionName, id: string): Obj | undefined {
    return this.data.get(name)!.get(id);
  }

  put(name: CollectionName, o: Obj): Obj {
    this.data.get(name)!.set(o.id, o);
    this.changed();
    return o;
  }

  byId(id: string): Obj | undefined {
    const col = PREFIX_COLLECTION[id.slice(0, id.indexOf('_'))];
    return col ? this.get(col, id) : undefined;
  }

  counts(): Record<string, number> {
    return Object.fromEntries(COLLECTIONS.map((c) => [c, this.data.get(c)!.size]));
  }

  /** Marks the state dirty: persisted once a little later (200 ms, more for a large state; writes are coalesced). */
  changed(): void {
    if (!this.statePath || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.saveNow();
    }, this.saveDelayMs);
    this.saveTimer.unref();
  }

  saveNow(): void {
    if (!this.statePath) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const started = performance.now();
    const json = JSON.stringify({
      version: 1,
      clockOffset: this.clockOffset,
      collections: Object.fromEntries(COLLECTIONS.map((c) => [c, [...this.data.get(c)!.values()]])),
    });
    const tmp = `${this.statePath}.tmp`;
    writeFileSync(tmp, json);
    renameSync(tmp, this.statePath);
    // Each save serialises the whole state on the emulator's only thread, the one that also answers the API
    // and sends the webhooks: a demo history's state takes long enough that saving every 200 ms took much of
    // that thread. Waiting SAVE_COST_FACTOR times as long as the last save cost keeps saving to a few percent.
    this.saveDelayMs = Math.min(
      MAX_SAVE_DELAY_MS,
      Math.max(MIN_SAVE_DELAY_MS, SAVE_COST_FACTOR * (performance.now() - started)),
    );
  }

  private load(path: string): void {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as {
      clockOffset?: number;
      collections?: Record<string, Obj[]>;
    };
    this.clockOffset = saved.clockOffset ?? 0;
    for (const c of COLLECTIONS) {
      const m = this.data.get(c)!;
      for (const o of saved.collections?.[c] ?? []) m.set(o.id, o);
    }
  }
}
