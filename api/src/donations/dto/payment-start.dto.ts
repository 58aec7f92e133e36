import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** POST /api/create-payment-intent's answer (SPEC section 3, Payment intent response: clientSecret, and more). */
export class PaymentIntentResponseDto {
  @ApiProperty({
    description:
      "Client secret of the PaymentIntent (one-time) or of the subscription's first invoice (recurring), for the card step's confirmPayment.",
  })
  clientSecret: string;

  @ApiPropertyOptional({ example: 'pi_123', description: 'One-time gifts: the PaymentIntent.' })
  paymentIntentId?: string;

  @ApiPropertyOptional({
    example: 'sub_123',
    description: 'Monthly, quarterly and annual gifts: the subscription whose first invoice is being paid.',
  })
  subscriptionId?: string;

  @ApiProperty({
    description:
      'Issued for this payment only (43 characters); sent back with the record so that only this page can record the gift.',
  })
  recordToken: string;

  @ApiProperty({
    description: 'CENTS charged: the gift plus any fee coverage the server computed for the chosen payment method.',
  })
  chargedCents: number;
}

/** POST /api/donation's answer. */
export class DonationRecordedDto {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({
    format: 'uuid',
    description: 'The donation record (a second post for the same payment answers the first record).',
  })
  id: string;
}
