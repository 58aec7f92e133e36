import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { IsDollarText } from '../../http/dollar-text.js';
import { DonorDetailsDto } from './donor-details.dto.js';

const PAYMENT_REQUIRED = 'paymentIntentId or subscriptionId is required';

/**
 * POST /api/donation: the SPEC's body (the donor's form, amount in dollars as typed) plus the payment the browser
 * just confirmed and the record token the create-payment-intent answer gave it. The form fields are checked but
 * not stored: what is recorded (amount, frequency, customer, the donor's details) is read back from Stripe,
 * from the payment the token belongs to.
 */
export class RecordDonationDto extends DonorDetailsDto {
  @ApiProperty({
    description: 'Dollars as the donor typed them (informational: the amount recorded is the payment’s).',
    example: '50',
  })
  @IsDollarText('amount must be a number of dollars')
  amount: string;

  @ApiPropertyOptional({
    description: 'The one-time gift’s PaymentIntent (also sent for recurring gifts: their first invoice’s).',
    example: 'pi_123',
  })
  @ValidateIf((o) => o.paymentIntentId !== undefined || o.subscriptionId === undefined)
  @Matches(/^pi_\w{1,100}$/, { message: 'paymentIntentId must be a PaymentIntent id (pi_...)' })
  @IsDefined({ message: PAYMENT_REQUIRED })
  paymentIntentId?: string;

  @ApiPropertyOptional({ description: 'The recurring gift’s subscription.', example: 'sub_123' })
  @IsOptional()
  @Matches(/^sub_\w{1,100}$/, { message: 'subscriptionId must be a Subscription id (sub_...)' })
  subscriptionId?: string;

  @ApiProperty({
    description: 'The recordToken of the create-payment-intent answer for this payment.',
    example: 'x3Fq...43 characters',
  })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'recordToken must be the token given with the payment' })
  @IsString({ message: 'recordToken is required' })
  recordToken: string;
}
