import type { Ctx } from '../core/context.js';
import { invalid, missing } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Obj } from '../core/store.js';
import { TEST_TOKENS } from '../resources/cards.js';
import { createRefund, getCharge } from '../resources/charges.js';
import { closeDispute, createDispute, escalateInquiry } from '../resources/disputes.js';
import { buildCustomer } from '../resources/customers.js';
import { confirmPaymentIntent, buildPaymentIntent } from '../resources/payment-intents.js';
import { buildCardPaymentMethod } from '../resources/payment-methods.js';
import { retryPolicy } from '../resources/retry-policy.js';
import type { DeliveryFaults } from '../core/webhooks.js';
import { handleMoneyAdmin } from './admin-money-routes.js';

export interface AdminHooks {
  advanceClock(seconds: number): void;
  reset(): void;
  setFaults(f: DeliveryFaults): void;
  setWebhookUrls(urls: string[]): void;
}

const BRAND_TOKEN: Record<string, string> = {
  visa: 'pm_card_visa',
  mastercard: 'pm_card_mastercard',
  amex: 'pm_card_amex',
  discover: 'pm_card_discover',
};

/**
 * Test helpers under `/_emulator/...` (a path Stripe never uses; no auth). Each answers JSON.
 * Returns undefined when no helper matches.
 */
export function handleAdmin(ctx: Ctx, hooks: AdminHooks, method: string, path: string, body: Obj): Obj | undefined {
  const seg = path.split('/').filter(Boolean).slice(1);
  const withId = seg.length === 3 && (seg[0] === 'charges' || seg[0] === 'disputes');
  const route = `${method} ${withId ? `${seg[0]}/:id/${seg[2]}` : seg.join('/')}`;
  switch (route) {
    case 'GET state':
      return {
        now: ctx.now(),
        clockOffset: ctx.store.clockOffset,
        counts: ctx.store.counts(),
        pendingWebhooks: ctx.webhooks.pending,
        webhookUrls: ctx.webhooks.urls,
        faults: ctx.webhooks.faults,
        webhookConcurrency: ctx.webhooks.concurrency,
        invoiceRetries: ctx.retries,
      };
    case 'POST clock/advance': {
      const seconds = Number(body.seconds ?? 0) + Number(body.days ?? 0) * 86400;
      if (!Number.isFinite(seconds) || seconds < 0) throw invalid('seconds must be a non-negative number', 'seconds');
      hooks.advanceClock(seconds);
      return { now: ctx.now(), clockOffset: ctx.store.clockOffset };
    }
    case 'POST reset':
      hooks.reset();
      return { ok: true };
    case 'POST faults':
      hooks.setFaults(body as DeliveryFaults);
      return { faults: ctx.webhooks.faults };
    case 'POST webhooks/urls':
      hooks.setWebhookUrls(Array.isArray(body.urls) ? body.urls : []);
      return { urls: ctx.webhooks.urls };
    case 'GET webhooks':
      return { pending: ctx.webhooks.pending, deliveries: ctx.webhooks.log.slice(-1000) };
    case 'POST charges/:id/dispute':
      return createDispute(ctx, getCharge(ctx, seg[1]), body);
    case 'POST disputes/:id/close': {
      const dispute = ctx.store.get('disputes', seg[1]);
      if (!dispute) throw missing('dispute', seg[1]);
      return closeDispute(ctx, dispute, String(body.status ?? ''));
    }
    case 'POST disputes/:id/escalate': {
      const dispute = ctx.store.get('disputes', seg[1]);
      if (!dispute) throw missing('dispute', seg[1]);
      return escalateInquiry(ctx, dispute);
    }
    case 'GET billing/retries':
      return ctx.retries;
    case 'POST billing/retries':
      ctx.retries = retryPolicy(ctx.retries, body);
      return ctx.retries;
    case 'POST seed':
      return seed(ctx, body);
    default:
      return handleMoneyAdmin(ctx, route, body);
  }
}

/**
 * Bulk creation for benchmarks and demos: `{customers: [{email, name, metadata, created}], charges:
 * [{amount, currency, customer (id or index into customers), created, card: 'visa'|'declined'|..., metadata,
 * description, receipt_email}], refunds: [{charge, amount, created}], disputes: [{charge, created, reason}],
 * emitEvents?: boolean}`. Charges go through a real payment intent; refunds and disputes are made at their `created`.
 */
function seed(ctx: Ctx, body: Obj): Obj {
  const customers: string[] = [];
  const charges: string[] = [];
  const previouslySilent = ctx.silent;
  ctx.silent = !body.emitEvents;
  try {
    for (const c of (body.customers ?? []) as Obj[]) {
      const at = Number(c.created ?? ctx.now());
      const cus = ctx.store.withPinnedNow(at, () =>
        buildCustomer(ctx, {
          email: c.email ?? null,
          name: c.name ?? null,
          phone: c.phone ?? null,
          metadata: c.metadata ?? {},
        }),
      );
      if (c.id) cus.id = String(c.id);
      ctx.store.put('customers', cus);
      ctx.emit('customer.created', cus);
      customers.push(cus.id);
    }
    for (const ch of (body.charges ?? []) as Obj[]) {
      const at = Number(ch.created ?? ctx.now());
      const customer = typeof ch.customer === 'number' ? customers[ch.customer] : (ch.customer ?? null);
      const token =
        BRAND_TOKEN[ch.card ?? 'visa'] ??
        (TEST_TOKENS[ch.card] ? ch.card : ch.card === 'declined' ? 'pm_card_chargeDeclined' : 'pm_card_visa');
      ctx.store.withPinnedNow(at, () => {
        const pm = ctx.store.put(
          'payment_methods',
          buildCardPaymentMethod(
            ctx,
            TEST_TOKENS[token],
            12,
            new Date(at * 1000).getUTCFullYear() + 2,
            ch.billing_details ?? { email: ch.receipt_email ?? null, name: ch.name ?? null },
          ),
        );
        const pi = buildPaymentIntent(ctx, {
          amount: Number(ch.amount ?? 1000),
          currency: String(ch.currency ?? 'usd'),
          customer,
          description: ch.description ?? null,
          metadata: ch.metadata ?? {},
          receipt_email: ch.receipt_email ?? null,
        });
        ctx.store.put('payment_intents', pi);
        ctx.emit('payment_intent.created', pi);
        try {
          confirmPaymentIntent(ctx, pi, { payment_method: pm.id });
        } catch {
          // declined seeds are wanted too
        }
        charges.push(pi.latest_charge ?? newId('ch'));
      });
    }
    // Refunds and disputes at their own past time, as Stripe made them (their balance transactions too).
    for (const r of (body.refunds ?? []) as Obj[]) {
      ctx.store.withPinnedNow(Number(r.created ?? ctx.now()), () =>
        createRefund(ctx, {
          charge: String(r.charge),
          amount: String(r.amount),
          reason: String(r.reason ?? 'requested_by_customer'),
        }),
      );
    }
    for (const d of (body.disputes ?? []) as Obj[]) {
      ctx.store.withPinnedNow(Number(d.created ?? ctx.now()), () =>
        createDispute(ctx, getCharge(ctx, String(d.charge)), { reason: d.reason ?? 'fraudulent' }),
      );
    }
  } finally {
    ctx.silent = previouslySilent;
  }
  return { customers, charges };
}
