import http from 'node:http';
import https from 'node:https';
import { signPayload } from './signature.js';

/** Faults a test asks the deliveries for (`setFaults`, `POST /_emulator/faults`). */
export interface DeliveryFaults {
  /** Deliver every event this many times. */
  duplicates?: number;
  /** Deliver in shuffled order (within a window). */
  shuffle?: boolean;
  /** Delay each delivery by this many ms. */
  delayMs?: number;
  /** Drop this share (0..1) of first deliveries; they are retried later like any failure. */
  dropRate?: number;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  url: string;
  /** The registered endpoint (`we_...`) it went to; absent for the option-configured URLs. */
  endpoint?: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  dropped?: boolean;
  error?: string;
  at: number;
}

/** Where an event goes: an option-configured URL (signed with the emulator's secret) or a registered endpoint. */
export interface WebhookTarget {
  /** Queue key: the URL itself, or the endpoint's id. */
  key: string;
  url: string;
  secret: string;
  endpoint?: string;
  /** A registered endpoint's URL and secret now; undefined once it is deleted or disabled (its deliveries stop). */
  current?: () => { url: string; secret: string } | undefined;
}

interface Delivery {
  eventId: string;
  type: string;
  payload: string;
  target: WebhookTarget;
  attempt: number;
}

const DELIVERY_TIMEOUT_MS = 5000;
const SHUFFLE_WINDOW = 10;
const LOG_LIMIT = 10000;
export const DEFAULT_WEBHOOK_CONCURRENCY = 16;

/**
 * Delivers events to every target as Stripe does: JSON POST, `Stripe-Signature` signed at send time with
 * the target's secret, any non-2xx or a 5 s timeout is retried with exponential backoff (retryBaseMs * 2^n,
 * capped at 64x), forever until stop/reset. Like Stripe, first attempts to one endpoint go out concurrently
 * (up to `concurrency` at a time, taken from the queue in order) and so may arrive out of order; retries run
 * on their own timers so one failing event does not hold the others back.
 */
export class WebhookDispatcher {
  /** The option-configured endpoints (`webhookUrls`), all signed with the emulator's webhook secret. */
  urls: string[] = [];
  faults: DeliveryFaults = {};
  concurrency = DEFAULT_WEBHOOK_CONCURRENCY;
  /** Registered endpoints (`/v1/webhook_endpoints`) that want events of this type. */
  endpointsFor: (type: string) => WebhookTarget[] = () => [];
  readonly log: DeliveryRecord[] = [];
  private readonly queues = new Map<string, Delivery[]>();
  private readonly running = new Map<string, number>();
  private readonly scheduled = new Set<string>();
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

  /** Every target an event of this type goes to: the configured URLs, then the matching registered endpoints. */
  targets(type: string): WebhookTarget[] {
    const configured = this.urls.map((url) => ({ key: url, url, secret: this.secret }));
    return configured.concat(this.endpointsFor(type));
  }

  enqueue(event: Record<string, any>, targets: WebhookTarget[] = this.targets(event.type)): void {
    if (!targets.length) return;
    const payload = JSON.stringify(event, null, 2);
    const copies = Math.max(1, Math.floor(this.faults.duplicates ?? 1));
    for (const target of targets) {
      const q = this.queues.get(target.key) ?? [];
      this.queues.set(target.key, q);
      for (let i = 0; i < copies; i++) q.push({ eventId: event.id, type: event.type, payload, target, attempt: 0 });
      // Start on the next turn so the events of one API call form a batch (needed for `shuffle`).
      if (!this.scheduled.has(target.key)) {
        this.scheduled.add(target.key);
        const gen = this.generation;
        setImmediate(() => {
          if (gen !== this.generation) return;
          this.scheduled.delete(target.key);
          this.pump(target.key, gen);
        });
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
    this.running.clear();
    this.scheduled.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
    this.inFlight = 0;
    this.log.length = 0;
    this.settle();
  }

  /** Starts first attempts from this target's queue until `concurrency` are in flight. */
  private pump(key: string, gen: number): void {
    const q = this.queues.get(key);
    let running = this.running.get(key) ?? 0;
    while (q && q.length && running < Math.max(1, this.concurrency)) {
      const index = this.faults.shuffle ? Math.floor(Math.random() * Math.min(SHUFFLE_WINDOW, q.length)) : 0;
      const [d] = q.splice(index, 1);
      running++;
      this.inFlight++;
      void this.first(d, key, gen);
    }
    this.running.set(key, running);
    this.settle();
  }

  private async first(d: Delivery, key: string, gen: number): Promise<void> {
    try {
      if (this.faults.delayMs) await sleep(this.faults.delayMs);
      if (gen === this.generation) await this.attempt(d, gen);
    } finally {
      if (gen === this.generation) {
        this.inFlight--;
        this.running.set(key, (this.running.get(key) ?? 1) - 1);
        this.pump(key, gen);
      }
    }
  }

  private async attempt(d: Delivery, gen: number): Promise<void> {
    const dest = d.target.current ? d.target.current() : d.target;
    if (!dest) return; // the endpoint was deleted or disabled: Stripe stops delivering to it
    const record: DeliveryRecord = {
      eventId: d.eventId,
      type: d.type,
      url: dest.url,
      attempt: d.attempt + 1,
      status: null,
      ok: false,
      at: Date.now(),
    };
    if (d.target.endpoint) record.endpoint = d.target.endpoint;
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
      record.status = await post(
        dest.url,
        d.payload,
        {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signPayload(d.payload, dest.secret),
        },
        controller.signal,
      );
      record.ok = record.status >= 200 && record.status < 300;
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
      this.logLine(
        `webhook ${d.type} ${d.eventId} -> ${dest.url} failed (${record.status ?? record.error}), attempt ${record.attempt}`,
      );
      this.scheduleRetry(d, gen);
    }
  }

  private scheduleRetry(d: Delivery, gen: number): void {
    const delay = this.retryBaseMs * 2 ** Math.min(d.attempt, 6);
    // `attempt` records a failed delivery rather than throwing, as for `first` above.
    const timer = setTimeout(() => void this.retry(d, gen, timer), delay);
    this.timers.add(timer);
  }

  private async retry(d: Delivery, gen: number, timer: NodeJS.Timeout): Promise<void> {
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

/**
 * One POST through node's own HTTP client (its global agents keep connections alive and honour the server's
 * keep-alive hint), resolving with the status once the answer has been read. fetch costs several times the
 * CPU per request (web streams, a transferable AbortSignal per call): at a demo history's thousands of
 * deliveries that was most of the emulator's busy time, on the thread that also answers the API.
 */
function post(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const client = u.protocol === 'https:' ? https : u.protocol === 'http:' ? http : undefined;
    if (!client) throw new Error(`unsupported webhook URL protocol ${u.protocol}`);
    const req = client.request(
      u,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, signal },
      (res) => {
        res.once('error', reject);
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once(
          'close',
          () => res.complete || reject(new Error('the connection closed before the answer was complete')),
        );
        res.resume();
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
