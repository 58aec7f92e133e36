import type { OpenAPIObject } from '@nestjs/swagger';
import { WEBHOOK_BODY_LIMIT, WEBHOOK_PATH } from './webhook-lane.js';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } },
});

/**
 * POST /api/stripe/webhook answers from its own lane ahead of Express (webhook-lane.ts), so Nest never sees it
 * as a route and the OpenAPI document would leave it out. Its entry is written here instead, from the lane's
 * own constants, so the document still describes every call the API answers.
 */
export function addWebhookLane(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  doc.components.schemas ??= {};
  doc.components.schemas.WebhookAckDto = {
    type: 'object',
    required: ['received', 'duplicate'],
    properties: {
      received: { type: 'boolean', enum: [true], description: 'The event is stored in the inbox (stripe_events).' },
      duplicate: { type: 'boolean', description: 'The inbox already held this event id; nothing new was stored.' },
      rejected: {
        type: 'string',
        description: 'Signed but refused by the sanity checks (stored, never projected): the reason.',
      },
    },
  };
  doc.paths[WEBHOOK_PATH] = {
    post: {
      tags: ['Stripe webhook'],
      summary: 'Stripe event delivery: verify the signature, store in the inbox, enqueue, then 200',
      description:
        'Called by Stripe, not by people: no session; the Stripe-Signature header (the endpoint secret, STRIPE_WEBHOOK_SECRET) ' +
        `is the authentication. Body: one Stripe event as JSON, at most ${WEBHOOK_BODY_LIMIT / (1024 * 1024)} MB and 32 levels deep. ` +
        'A signed event that fails the sanity checks is still answered 200 (with `rejected`), so Stripe stops retrying it.',
      operationId: 'stripeWebhook',
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 't=<unix seconds>,v1=<HMAC-SHA256>',
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              description: 'A Stripe event object (https://docs.stripe.com/api/events/object).',
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'Stored (or already stored)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookAckDto' } } },
        },
        '400': error('No or bad signature, not a Stripe event, not JSON, nested too deeply'),
        '413': error('Body larger than the limit'),
        '503': error('The inbox could not store the event; Stripe retries (Retry-After)'),
      },
    },
  };
  return doc;
}
