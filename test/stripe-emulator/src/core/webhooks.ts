import { signPayload } from './signature.js';
import type { DeliveryFaults } from '../index.js';

export interface DeliveryRecord {
  eventId: string;
  type: string;
  url: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  dropped?: boolean;
  error?: string;
  at: number;
}

interface Delivery {
  eventId: string;
  type: string;
  payload: string;
  url: string;
  attempt: number;
}

const DELIVERY_TIMEOUT_MS = 5000;
const SHUFFLE_WINDOW = 10;
const LOG_LIMIT = 10000;

/**
 * Delivers events to the configured endpoints as Stripe does: JSON POST, `Stripe-Signature` signed at
 * send time, any non-2xx or a 5 s timeout is retried with exponential backoff (retryBaseMs * 2^n, capped
 * at 64x), forever until stop/reset. First attempts go out in order per endpoint, one at a time; retries
 * run on their own timers so one failing event does not hold the others back (Stripe gives no order
 * guarantee either).
 */
export class WebhookDispatcher {
  urls: string[] = [];
  faults: DeliveryFaults = {};
  readonly log: DeliveryRecord[] = [];
  private readonly queues = new Map<string, Delivery[]>();
  private readonly pumping = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly controllers = new Set<AbortController>();
  private inFlight = 0;
  private generation = 0;
  private waiters: Array<() => void> = [];
  /** Called once an event has been acknowledged by one endpoint (to count down pending_webhooks). */
  onDelivered: (eventId: string) => void = () => undefined;

  constructor(
    private secret: string,
    private readonly retryBaseMs: number,
    private readonly logLine: (line: string) => void,
  ) {}

  setSecret(secret: string): void {
    this.secret = secret;
  }

  enqueue(event: Record<string, any>): void {
    if (!this.urls.length) return;
    const payload = JSON.stringify(event, null, 2);
    const copies = Math.max(1, Math.floor(this.faults.duplicates ?? 1));
    for (const url of this.urls) {
      const q = this.queues.get(url) ?? [];
      this.queues.set(url, q);
      for (let i = 0; i < copies; i++) q.push({ eventId: event.id, type: event.type, payload, url, attempt: 0 });
      // Start on the next turn so the events of one API call form a batch (needed for `shuffle`).
      if (!this.pumping.has(url)) {
        this.pumping.add(url);
        setImmediate(() => void this.pump(url, this.generation));
      }
    }
  }

  get pending(): number {
    let queued = 0;
    for (const q of this.queues.values()) queued += q.length;
    return queued + this.inFlight + this.timers.size;
  }

  async flush(timeoutMs = 20000): Promise<void> {
    if (this.pending === 0) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(new Error(`flushWebhooks: ${this.pending} deliveries still pending after ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(done);
    });
  }

  /** Drops everything pending (queued, in flight, scheduled retries). */
  reset(): void {
    this.generation++;
    this.queues.clear();
    this.pumping.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
    this.inFlight = 0;
    this.log.length = 0;
    this.settle();
  }

  private async pump(url: string, gen: number): Promise<void> {
    const q = this.queues.get(url);
    while (q && q.length && gen === this.generation) {
      const index = this.faults.shuffle ? Math.floor(Math.random() * Math.min(SHUFFLE_WINDOW, q.length)) : 0;
      const [d] = q.splice(index, 1);
      this.inFlight++;
      try {
        if (this.faults.delayMs) await sleep(this.faults.delayMs);
        if (gen !== this.generation) return;
        await this.attempt(d, gen);
      } finally {
        if (gen === this.generation) this.inFlight--;
      }
    }
    if (gen === this.generation) {
      this.pumping.delete(url);
      this.settle();
    }
  }

  private async attempt(d: Delivery, gen: number): Promise<void> {
    const record: DeliveryRecord = { eventId: d.eventId, type: d.type, url: d.url, attempt: d.attempt + 1, status: null, ok: false, at: Date.now() };
    if (d.attempt === 0 && this.faults.dropRate && Math.random() < this.faults.dropRate) {
      record.dropped = true;
      this.pushLog(record);
      this.scheduleRetry(d, gen);
      return;
    }
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        body: d.payload,
        signal: controller.signal,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signPayload(d.payload, this.secret),
        },
      });
      await res.arrayBuffer().catch(() => undefined);
      record.status = res.status;
      record.ok = res.status >= 200 && res.status < 300;
    } catch (err) {
      record.error = controller.signal.aborted ? 'timeout' : (err as Error).message;
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
    if (gen !== this.generation) return;
    this.pushLog(record);
    if (record.ok) this.onDelivered(d.eventId);
    else {
      this.logLine(`webhook ${d.type} ${d.eventId} -> ${d.url} failed (${record.status ?? record.error}), attempt ${record.attempt}`);
      this.scheduleRetry(d, gen);
    }
  }

  private scheduleRetry(d: Delivery, gen: number): void {
    const delay = this.retryBaseMs * 2 ** Math.min(d.attempt, 6);
    const timer = setTimeout(async () => {
      if (gen !== this.generation) return;
      this.inFlight++;
      this.timers.delete(timer);
      try {
        await this.attempt({ ...d, attempt: d.attempt + 1 }, gen);
      } finally {
        if (gen === this.generation) {
          this.inFlight--;
          this.settle();
        }
      }
    }, delay);
    this.timers.add(timer);
  }

  private pushLog(r: DeliveryRecord): void {
    this.log.push(r);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
  }

  private settle(): void {
    if (this.pending !== 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
