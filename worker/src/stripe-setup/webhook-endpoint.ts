import Stripe from 'stripe';
import { PROJECTIONS } from '../projections/projection-registry.js';

/** Marks the endpoint this script manages, so a re-run finds it among others the account may have. */
export const MANAGED_BY = 'npm run stripe:setup';
export const WEBHOOK_PATH = '/api/stripe/webhook';

/** Exactly the event types the worker projects: the registry is the one list, so a new projection is never forgotten. */
export function projectedEventTypes(): string[] {
  return Object.keys(PROJECTIONS).sort();
}

export interface EndpointPlan {
  url: string;
  events: string[];
  apiVersion: string;
  /** The signing secret we already hold (from .env or the environment), if any: Stripe shows it only at creation. */
  knownSecret?: string;
  /** Replace the endpoint even when it is up to date (a lost or leaked signing secret). */
  recreate?: boolean;
}

export type EndpointOutcome =
  | {
      action: 'created' | 'recreated';
      endpoint: Stripe.WebhookEndpoint;
      secret: string;
      replaced?: string;
      reason?: string;
    }
  | { action: 'updated' | 'unchanged'; endpoint: Stripe.WebhookEndpoint; changes: string[] }
  | { action: 'secret-unknown'; endpoint: Stripe.WebhookEndpoint };

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/**
 * Creates or brings up to date the one webhook endpoint for `url`. Idempotent: a second run with nothing changed
 * changes nothing. The API version cannot be changed on an existing endpoint, so a different one (or `recreate`)
 * means a new endpoint (and a new secret) and the old one deleted; other endpoints sending to the same URL are
 * reported by the caller, never deleted.
 */
export async function ensureWebhookEndpoint(
  stripe: Stripe,
  plan: EndpointPlan,
): Promise<{ outcome: EndpointOutcome; duplicates: string[] }> {
  const all = await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  const sameUrl = all.filter((e) => e.url === plan.url);
  const existing = sameUrl.find((e) => e.metadata?.managed_by === MANAGED_BY) ?? sameUrl[0];
  const duplicates = sameUrl.filter((e) => e !== existing).map((e) => e.id);
  const create = () =>
    stripe.webhookEndpoints.create({
      url: plan.url,
      enabled_events: plan.events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      api_version: plan.apiVersion as Stripe.WebhookEndpointCreateParams.ApiVersion,
      description: 'Donations read model: every event type the worker projects',
      metadata: { managed_by: MANAGED_BY },
    });

  if (!existing) {
    const endpoint = await create();
    return { outcome: { action: 'created', endpoint, secret: endpoint.secret! }, duplicates };
  }
  const reason = plan.recreate
    ? 'asked to (--recreate)'
    : existing.api_version !== plan.apiVersion
      ? `its API version was ${existing.api_version ?? 'the account default'}`
      : undefined;
  if (reason) {
    const endpoint = await create();
    await stripe.webhookEndpoints.del(existing.id);
    return {
      outcome: { action: 'recreated', endpoint, secret: endpoint.secret!, replaced: existing.id, reason },
      duplicates,
    };
  }
  if (!plan.knownSecret) return { outcome: { action: 'secret-unknown', endpoint: existing }, duplicates };

  const changes: string[] = [];
  const update: Stripe.WebhookEndpointUpdateParams = {};
  if (!sameSet(existing.enabled_events, plan.events)) {
    const added = plan.events.filter((e) => !existing.enabled_events.includes(e));
    const removed = existing.enabled_events.filter((e) => !plan.events.includes(e));
    changes.push(
      `event types ${[added.length && `+${added.join(', +')}`, removed.length && `-${removed.join(', -')}`].filter(Boolean).join(' ')}`,
    );
    update.enabled_events = plan.events as Stripe.WebhookEndpointUpdateParams.EnabledEvent[];
  }
  if (existing.status !== 'enabled') {
    changes.push('enabled again');
    update.disabled = false;
  }
  if (existing.metadata?.managed_by !== MANAGED_BY) update.metadata = { managed_by: MANAGED_BY };
  if (!Object.keys(update).length) return { outcome: { action: 'unchanged', endpoint: existing, changes }, duplicates };
  const endpoint = await stripe.webhookEndpoints.update(existing.id, update);
  return { outcome: { action: changes.length ? 'updated' : 'unchanged', endpoint, changes }, duplicates };
}
