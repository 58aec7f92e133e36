import { Module } from '@nestjs/common';
import { StripeEventInboxRepository } from './stripe-event-inbox.repository.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

/**
 * POST /api/stripe/webhook: verify -> inbox -> enqueue -> 200. Its HTTP entry is the lane in webhook-lane.ts,
 * mounted on the server by create-api-app.ts, ahead of Express.
 */
@Module({ providers: [StripeEventInboxRepository, StripeWebhookService], exports: [StripeWebhookService] })
export class WebhooksModule {}
