import { BadRequestException, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../auth/public.decorator.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

/** Stripe's webhook endpoint. The body arrives raw (create-api-app.ts) so the signature can be checked. */
@ApiExcludeController()
@Controller('stripe')
export class StripeWebhookController {
  constructor(@Inject(StripeWebhookService) private readonly webhooks: StripeWebhookService) {}

  @Public()
  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined) {
    // Stripe always sends JSON; the raw parser takes any type (for the signature), so the type is checked here.
    if (!req.is('application/json')) throw new BadRequestException('Content-Type must be application/json');
    return this.webhooks.ingest(req.body, signature);
  }
}
