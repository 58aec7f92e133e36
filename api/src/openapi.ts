import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { addWebhookLane } from './webhooks/webhook.openapi.js';

/**
 * The API's OpenAPI document, built one way for `/api/docs` and for the web app's generated types
 * (`npm run api:types`), so the two can never describe different APIs.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('School website and donations API')
    .setDescription(
      'Public donation endpoints, the Stripe webhook ingest and the admin API. Admin calls need a bearer session token. ' +
        'Amounts: `amount` fields of transactions and records are integer cents; analytics overview and chart values are US dollars.',
    )
    .addBearerAuth()
    .build();
  return addWebhookLane(SwaggerModule.createDocument(app, config));
}
