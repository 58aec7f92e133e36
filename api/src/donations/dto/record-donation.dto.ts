import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { DOLLARS, DonorDetailsDto, toDollarText } from './donor-details.dto.js';

/**
 * POST /api/donation: the donor's form data (amount in dollars, as typed), plus the ids of the payment the
 * browser just confirmed. With a paymentIntentId the server takes the amount and customer from Stripe.
 */
export class RecordDonationDto extends DonorDetailsDto {
  @ApiProperty({ description: 'Dollars as the donor typed them; converted to cents (x100, rounded).', example: '50' })
  @Transform(toDollarText)
  @IsString({ message: 'amount must be a number of dollars' })
  @Matches(DOLLARS, { message: 'amount must be a number of dollars' })
  amount: string;

  @ApiPropertyOptional({ example: 'pi_123' })
  @IsOptional()
  @Matches(/^pi_\w{1,100}$/, { message: 'paymentIntentId must be a PaymentIntent id (pi_...)' })
  paymentIntentId?: string;

  @ApiPropertyOptional({ example: 'sub_123' })
  @IsOptional()
  @Matches(/^sub_\w{1,100}$/, { message: 'subscriptionId must be a Subscription id (sub_...)' })
  subscriptionId?: string;
}
