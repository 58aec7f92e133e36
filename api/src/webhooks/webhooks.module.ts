import { Module } from '@nestjs/common';
import { StripeEventInboxRepository } from './stripe-event-inbox.repository.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

/** POST /api/stripe/webhook: verify -> inbox -> enqueue -> 200. */
@Module({
  controllers: [StripeWebhookController],
  providers: [
    StripeEventInboxRepository,
    StripeWebhookService,
  ],
})
export class WebhooksModule {}
