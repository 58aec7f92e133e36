/**
 * Real-path loader: a generated history through the Stripe emulator, so every gift travels as it does in
 * production: emulator -> signed webhook -> API inbox -> queue -> worker -> read model. Used by demo mode
 * (`npm start`) and end-to-end checks.
 *
 * Past times: the emulator clock only moves forward, so history in the past is created with the emulator's
 * `POST /_emulator/seed` (customers and charges at a given `created`, going through real payment intents and
 * emitting their events). Everything that happens to a gift afterwards goes through the official SDK or
 * the emulator's own helpers: addresses and cards (customers.update, paymentMethods.attach with the test
 * cards pm_card_*), refunds (refunds.create), the dispute (POST /_emulator/charges/:id/dispute), the daily
 * automatic payouts of the past (the emulator's clock run where it stands: POST /_emulator/clock/advance {seconds: 0}), the plans
 * still running today (subscriptions.create anchored on the plan's next due date, renewing as the clock
 * advances), and offline gifts through our own admin API (POST /api/admin/manual-donations).
 */
import type Stripe from 'stripe';
import { FREQUENCY_INTERVALS } from '../../core/src/gifts/frequencies.js';
import { addInterval } from '../stripe-emulator/src/resources/billing-objects.js';
import { generateHistory, type CardGift, type History, type HistoryOptions } from './generator/index.js';
import { giftTypeLabel, isCashGift } from '../../core/src/gifts/gift-labels.js';
import { DEFAULT_SCHOOL_IDENTITY } from '../../core/src/site/published-school-facts.js';

export type DemoPhase =
  | 'donors'
  | 'cards'
  | 'gifts'
  | 'refunds'
  | 'disputes'
  | 'payouts'
  | 'subscriptions'
  | 'projecting'
  | 'manual'
  | 'done';

export interface DemoProgress {
  phase: DemoPhase;
  done: number;
  total: number;
  /** A ready-made progress line, e.g. "Loading demo history: gifts 400/1,150". */
  line: string;
}

export interface DemoLoadOptions {
  stripe: Stripe;
  emulatorUrl: string;
  apiUrl: string;
  adminToken: string;
  /** A generated history, or the options to generate it. */
  history: History | HistoryOptions;
  /** Parallel requests (default 6). */
  concurrency?: number;
  /** How long to wait for the pipeline to project everything (default 600 s). */
  drainTimeoutMs?: number;
  onProgress?: (p: DemoProgress) => void;
}

export interface DemoLoadResult {
  customers: Map<string, string>;
  charges: Map<string, string>;
  subscriptions: Map<string, string>;
  manualDonations: number;
  seconds: number;
}

const SEED_BATCH = 100;
/** A plan due sooner than this after the load starts is charged now rather than anchored (the load takes minutes). */
const ANCHOR_MARGIN_S = 15 * 60;

async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<void>,
  tick: () => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) {
        await fn(items[i], i);
        tick();
      }
    }),
  );
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} -> ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Waits until the emulator has delivered every webhook and the API's inbox and queue are empty: then the
 * read model holds everything sent so far.
 */
export async function waitForPipeline(
  emulatorUrl: string,
  apiUrl: string,
  adminToken: string,
  timeoutMs = 600_000,
  onRemaining?: (remaining: number) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let calm = 0;
  while (Date.now() < deadline) {
    const state = await (await fetch(`${emulatorUrl}/_emulator/state`)).json().catch(() => ({}));
    // The queue and inbox details of /api/health are for admins only.
    const health = await (
      await fetch(`${apiUrl}/api/health`, { headers: { authorization: `Bearer ${adminToken}` } })
    )
      .json()
      .catch(() => ({}));
    const q = health?.queues?.['stripe-events'] ?? {};
    const remaining = (state.pendingWebhooks ?? 0) + (health?.database?.unprocessedEvents ?? 0);
    onRemaining?.(remaining);
    const idle =
      state.pendingWebhooks === 0 &&
      health?.database?.unprocessedEvents === 0 &&
      !q.error &&
      (q.waiting ?? 0) + (q.active ?? 0) + (q.delayed ?? 0) === 0;
    calm = idle ? calm + 1 : 0;
    if (calm >= 2) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The pipeline did not drain within ${timeoutMs} ms`);
}

export async function loadDemoHistory(o: DemoLoadOptions): Promise<DemoLoadResult> {
  const started = Date.now();
  const h = 'cardGifts' in o.history ? o.history : generateHistory(o.history);
  const limit = o.concurrency ?? 6;
  const { stripe } = o;
  const report = (phase: DemoPhase, done: number, total: number) =>
    o.onProgress?.({
      phase,
      done,
      total,
      line: `Loading demo history: ${phase} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
    });
  const counter = (phase: DemoPhase, total: number) => {
    let done = 0;
    report(phase, 0, total);
    return () => report(phase, ++done, total);
  };
  const donorsByKey = new Map(h.donors.map((d) => [d.key, d]));
  const customers = new Map<string, string>();
  const charges = new Map<string, string>();
  const subscriptions = new Map<string, string>();

  // 1. Donors, created at their historical time.
  let tick = counter('donors', h.donors.length);
  for (let i = 0; i < h.donors.length; i += SEED_BATCH) {
    const batch = h.donors.slice(i, i + SEED_BATCH);
    const out = await postJson(`${o.emulatorUrl}/_emulator/seed`, {
      emitEvents: true,
      customers: batch.map((d) => ({
        name: d.name,
        email: d.email,
        phone: d.phone,
        created: secs(d.createdAt),
        metadata: { demo_key: d.key },
      })),
    });
    batch.forEach((d, k) => customers.set(d.key, out.customers[k]));
    batch.forEach(() => tick());
  }

  // 2. Addresses and saved cards (the cards each donor used), through the SDK.
  const cardsOf = new Map<string, Set<string>>();
  for (const g of h.cardGifts)
    if (g.outcome === 'succeeded') cardsOf.set(g.donorKey, (cardsOf.get(g.donorKey) ?? new Set()).add(g.brand));
  const defaultPm = new Map<string, string>();
  await mapLimit(
    h.donors,
    limit,
    async (d) => {
      const customer = customers.get(d.key)!;
      for (const brand of cardsOf.get(d.key) ?? []) {
        const pm = await stripe.paymentMethods.attach(`pm_card_${brand}`, { customer });
        if (!defaultPm.has(d.key)) defaultPm.set(d.key, pm.id);
      }
      await stripe.customers.update(customer, {
        address: { ...d.address, country: 'US' },
        ...(defaultPm.has(d.key) ? { invoice_settings: { default_payment_method: defaultPm.get(d.key)! } } : {}),
      });
    },
    (tick = counter('cards', h.donors.length)),
  );

  // 3. Card gifts at their historical time. A plan still running today becomes a real subscription below,
  //    anchored on its next due date (billing_cycle_anchor, proration_behavior none: nothing is charged now),
  //    so its history keeps its real dates and this month shows only the gifts that fell due in it. A plan
  //    due within the next few minutes cannot be anchored: its latest charge is left to subscriptions.create,
  //    which makes it now, as Stripe would.
  const emulatorNow: number = (await (await fetch(`${o.emulatorUrl}/_emulator/state`)).json()).now;
  const running = h.subscriptions.filter((s) => !s.canceledAt);
  const anchors = new Map<string, number>();
  for (const s of running) {
    const { interval, interval_count: count } = FREQUENCY_INTERVALS[s.frequency];
    const next = addInterval(secs(s.startAt), interval, count * s.charges);
    if (next > emulatorNow + ANCHOR_MARGIN_S)
      anchors.set(s.key, Math.min(next, addInterval(emulatorNow, interval, count)));
  }
  const lastKey = new Map<string, string>();
  const runningKeys = new Set(running.map((s) => s.key));
  for (const g of h.cardGifts)
    if (g.subscriptionKey && runningKeys.has(g.subscriptionKey)) lastKey.set(g.subscriptionKey, g.key);
  const skipped = new Set([...lastKey].filter(([plan]) => !anchors.has(plan)).map(([, gift]) => gift));
  const gifts = h.cardGifts.filter((g) => !skipped.has(g.key));
  tick = counter('gifts', gifts.length);
  for (let i = 0; i < gifts.length; i += SEED_BATCH) {
    const batch = gifts.slice(i, i + SEED_BATCH);
    const out = await postJson(`${o.emulatorUrl}/_emulator/seed`, {
      emitEvents: true,
      charges: batch.map((g) => seedCharge(g, customers, donorsByKey)),
    });
    batch.forEach((g, k) => charges.set(g.key, out.charges[k]));
    batch.forEach(() => tick());
  }

  // 4. Refunds (full and partial) and the dispute, after the fact as in life: each on its own past day.
  const at = (g: CardGift) => Math.min(secs(g.laterAt ?? new Date(emulatorNow * 1000)), emulatorNow);
  const refunds = gifts.filter((g) => g.refundCents);
  const disputes = gifts.filter((g) => g.disputed);
  for (let i = 0; i < Math.max(refunds.length, disputes.length); i += SEED_BATCH) {
    await postJson(`${o.emulatorUrl}/_emulator/seed`, {
      emitEvents: true,
      refunds: refunds
        .slice(i, i + SEED_BATCH)
        .map((g) => ({ charge: charges.get(g.key)!, amount: g.refundCents, created: at(g) })),
      disputes: disputes
        .slice(i, i + SEED_BATCH)
        .map((g) => ({ charge: charges.get(g.key)!, created: at(g), reason: 'fraudulent' })),
    });
  }
  report('refunds', refunds.length, refunds.length);
  report('disputes', disputes.length, disputes.length);

  // 5. The daily automatic payouts of the past, as Stripe made them: running the emulator's clock where it stands
  //    (zero seconds) sweeps each day's available balance (charges net of fees, refunds, dispute adjustments) into
  //    that day's payout, stamped with its own day, created, in transit and paid in turn; the worker reads each
  //    payout's balance transactions. Payouts and Month-end show past deposits right after the load.
  report('payouts', 0, 1);
  await postJson(`${o.emulatorUrl}/_emulator/clock/advance`, { seconds: 0 });
  report('payouts', 1, 1);

  // 6. Plans still running: real subscriptions that renew with the clock, from their next due date.
  const products = new Map<string, string>();
  for (const f of Object.keys(FREQUENCY_INTERVALS))
    products.set(f, (await stripe.products.create({ name: `${f[0].toUpperCase()}${f.slice(1)} gift to Hillside` })).id);
  await mapLimit(
    running,
    limit,
    async (s) => {
      const { interval, interval_count } = FREQUENCY_INTERVALS[s.frequency];
      const sub = await stripe.subscriptions.create({
        customer: customers.get(s.donorKey)!,
        items: [
          {
            price_data: {
              currency: 'usd',
              product: products.get(s.frequency)!,
              unit_amount: s.amountCents,
              recurring: { interval, interval_count },
            },
          },
        ],
        default_payment_method: defaultPm.get(s.donorKey),
        metadata: { frequency: s.frequency, donation_type: s.frequency },
        // The plan started on the day of its first gift, not the day the demo was loaded.
        backdate_start_date: Math.min(secs(s.startAt), emulatorNow),
        ...(anchors.has(s.key)
          ? { billing_cycle_anchor: anchors.get(s.key), proration_behavior: 'none' as const }
          : {}),
      });
      subscriptions.set(s.key, sub.id);
    },
    counter('subscriptions', running.length),
  );

  // 7. The manual gifts name donors that must already be in the read model: let the pipeline catch up first.
  // Progress while the worker catches up: events delivered-and-projected out of the most ever outstanding.
  let most = 0;
  const projecting = (remaining: number) => {
    most = Math.max(most, remaining);
    report('projecting', most - remaining, most);
  };
  await waitForPipeline(o.emulatorUrl, o.apiUrl, o.adminToken, o.drainTimeoutMs, projecting);
  await mapLimit(
    h.manualGifts,
    limit,
    async (m) => {
      const donor = m.donorKey ? donorsByKey.get(m.donorKey) : undefined;
      const a = donor?.address;
      await postJson(
        `${o.apiUrl}/api/admin/manual-donations`,
        {
          ...(m.donorKey ? { stripeCustomerId: customers.get(m.donorKey) } : {}),
          donorName: m.donorName,
          ...(donor ? { donorEmail: donor.email, donorPhone: donor.phone } : {}),
          ...(a ? { donorAddress: `${a.line1}, ${a.city}, ${a.state} ${a.postal_code}` } : {}),
          amount: dollars(m.amountCents),
          donationType: m.type,
          donationDate: m.at.toISOString(),
          notes: m.notes,
          // A gift of property is described (its amount is the school's estimate); the demo's note says what it was.
          ...(isCashGift('manual', m.type) ? {} : { giftDescription: m.notes || giftTypeLabel('manual', m.type) }),
        },
        { authorization: `Bearer ${o.adminToken}` },
      );
    },
    counter('manual', h.manualGifts.length),
  );
  await waitForPipeline(o.emulatorUrl, o.apiUrl, o.adminToken, o.drainTimeoutMs, projecting);
  report('done', 1, 1);
  return {
    customers,
    charges,
    subscriptions,
    manualDonations: h.manualGifts.length,
    seconds: (Date.now() - started) / 1000,
  };
}

function seedCharge(g: CardGift, customers: Map<string, string>, donors: Map<string, History['donors'][number]>) {
  const donor = donors.get(g.donorKey)!;
  return {
    amount: g.amountCents,
    currency: 'usd',
    customer: customers.get(g.donorKey),
    created: secs(g.at),
    card: g.outcome === 'declined' ? 'declined' : g.brand,
    // The history is loaded on a fresh install, before staff publish anything: the default name, as the API
    // would have written it then.
    description:
      g.frequency === 'one-time'
        ? `Donation to ${DEFAULT_SCHOOL_IDENTITY.name}`
        : `${g.frequency} donation to ${DEFAULT_SCHOOL_IDENTITY.name}`,
    receipt_email: donor.email,
    billing_details: {
      name: donor.name,
      email: donor.email,
      phone: donor.phone,
      address: { ...donor.address, country: 'US' },
    },
    metadata: { frequency: g.frequency, donation_type: g.frequency, donor_name: donor.name, donor_email: donor.email },
  };
}
