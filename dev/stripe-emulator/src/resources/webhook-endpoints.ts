import type { Ctx } from '../core/context.js';
import { invalid, missing, requiredParam } from '../core/errors.js';
import { newId, randomText } from '../core/ids.js';
import { bool, list, mergeMetadata, str, type Params } from '../core/params.js';
import type { Obj, Store } from '../core/store.js';
import type { WebhookTarget } from '../core/webhooks.js';

/** Stripe allows 16 endpoints per account and mode. */
const MAX_ENDPOINTS = 16;
const EVENT_TYPE = /^[a-z_]+(\.[a-z_]+)+$/;

/**
 * `/v1/webhook_endpoints`: endpoints registered through the API, each with its own signing secret (shown
 * once, in the answer to create, as Stripe does). Every event goes to each enabled endpoint whose
 * `enabled_events` holds its type or `*`. URLs may be http and local (Stripe itself wants a public https URL).
 */
export function createWebhookEndpoint(ctx: Ctx, p: Params): Obj {
  if (ctx.store.col('webhook_endpoints').size >= MAX_ENDPOINTS) {
    throw invalid(
      `You have reached the maximum of ${MAX_ENDPOINTS} test webhook endpoints.`,
      'url',
      'webhook_endpoint_limit_reached',
    );
  }
  const url = checkUrl(str(p, 'url', true)!);
  const events = enabledEvents(p);
  const we = {
    id: newId('we'),
    object: 'webhook_endpoint',
    api_version: str(p, 'api_version') ?? null,
    application: null,
    created: ctx.now(),
    description: str(p, 'description') ?? null,
    enabled_events: events,
    livemode: false,
    metadata: mergeMetadata({}, p),
    status: 'enabled',
    url,
    __secret: `whsec_${randomText(32)}`,
  };
  ctx.store.put('webhook_endpoints', we);
  return { ...we, secret: we.__secret };
}

export function getWebhookEndpoint(ctx: Ctx, id: string): Obj {
  const we = ctx.store.get('webhook_endpoints', id);
  if (!we) throw missing('webhook endpoint', id);
  return we;
}

export function updateWebhookEndpoint(ctx: Ctx, we: Obj, p: Params): Obj {
  if (p.url !== undefined) we.url = checkUrl(str(p, 'url', true)!);
  if (p.enabled_events !== undefined) we.enabled_events = enabledEvents(p);
  if (p.description !== undefined) we.description = str(p, 'description') ?? null;
  const disabled = bool(p, 'disabled');
  if (disabled !== undefined) we.status = disabled ? 'disabled' : 'enabled';
  we.metadata = mergeMetadata(we.metadata, p);
  ctx.store.changed();
  return we;
}

export function deleteWebhookEndpoint(ctx: Ctx, we: Obj): Obj {
  ctx.store.col('webhook_endpoints').delete(we.id);
  ctx.store.changed();
  return { id: we.id, object: 'webhook_endpoint', deleted: true };
}

/** The registered endpoints an event of this type goes to (read again at each attempt: a deleted or disabled one stops). */
export function endpointTargets(store: Store, type: string): WebhookTarget[] {
  const col = store.col('webhook_endpoints');
  if (!col.size) return [];
  const out: WebhookTarget[] = [];
  for (const we of col.values()) {
    if (we.status !== 'enabled' || !(we.enabled_events.includes('*') || we.enabled_events.includes(type))) continue;
    out.push({
      key: we.id,
      url: we.url,
      secret: we.__secret,
      endpoint: we.id,
      current: () => {
        const now = store.get('webhook_endpoints', we.id);
        return now && now.status === 'enabled' ? { url: now.url, secret: now.__secret } : undefined;
      },
    });
  }
  return out;
}

function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`Invalid URL: ${raw}`, 'url', 'url_invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid(`Invalid URL: ${raw}. The URL must use http or https.`, 'url', 'url_invalid');
  return raw;
}

function enabledEvents(p: Params): string[] {
  if (p.enabled_events === undefined || p.enabled_events === '') throw requiredParam('enabled_events');
  const events = list(p, 'enabled_events');
  events.forEach((e, i) => {
    if (typeof e !== 'string' || (e !== '*' && !EVENT_TYPE.test(e)))
      throw invalid(`Invalid enabled_events[${i}]: ${String(e)} is not a valid event type.`, `enabled_events[${i}]`);
  });
  if (!events.length) throw requiredParam('enabled_events');
  return [...new Set(events as string[])];
}
