import { Inject, Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PaymentIntentListDto } from './dto/transaction.dto.js';
import { PaymentIntentsRepository } from './payment-intents.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

export const RECENT_PAYMENT_INTENTS = 100;

@AdminApi('Admin: dashboard')
@Controller('stripe')
export class PaymentIntentsController {
  constructor(@Inject(PaymentIntentsRepository) private readonly intents: PaymentIntentsRepository) {}

  @Get('payment-intents')
  @ApiOperation({ summary: 'The latest 100 payment intents from the read model (amounts in CENTS)' })
  @ApiOkResponse({ type: PaymentIntentListDto })
  async list(): Promise<PaymentIntentListDto> {
    const rows = await this.intents.recent(RECENT_PAYMENT_INTENTS);
    return {
      object: 'list' as const,
      data: rows.map((r) => ({
        id: r.id,
        amount: Number(r.amount),
        currency: r.currency,
        status: r.status,
        customer: r.customer_id,
        description: r.description,
        receipt_email: r.receipt_email,
        latest_charge: r.latest_charge_id,
        metadata: r.metadata,
        created: Number(r.created),
      })),
    };
  }
}
