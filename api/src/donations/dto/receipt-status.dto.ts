import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';

/** POST /api/donation/receipt: the payment the page just made and its record token. */
export class ReceiptStatusQueryDto {
  @ApiPropertyOptional({ example: 'pi_123' })
  @ValidateIf((o) => o.subscriptionId === undefined)
  @IsDefined({ message: 'paymentIntentId or subscriptionId is required' })
  @Matches(/^pi_\w{1,100}$/, { message: 'paymentIntentId must be a PaymentIntent id (pi_...)' })
  paymentIntentId?: string;

  @ApiPropertyOptional({ example: 'sub_123' })
  @IsOptional()
  @Matches(/^sub_\w{1,100}$/, { message: 'subscriptionId must be a Subscription id (sub_...)' })
  subscriptionId?: string;

  @ApiProperty({ description: 'The recordToken of the create-payment-intent answer for this payment.' })
  @IsString({ message: 'recordToken is required' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'recordToken must be the token given with the payment' })
  recordToken: string;
}

export class ReceiptStatusDto {
  @ApiProperty({
    enum: ['pending', 'acknowledged'],
    description: 'acknowledged: the receipt number exists and the acknowledgment is on its way by e-mail',
  })
  status: 'pending' | 'acknowledged';

  @ApiProperty({ type: String, nullable: true, example: '2026-000123' })
  receiptNumber: string | null;
}

/** POST /api/donation/make-monthly: the one-time gift the page just made, and its record token. */
export class MakeMonthlyDto {
  @ApiProperty({ example: 'pi_123' })
  @Matches(/^pi_\w{1,100}$/, { message: 'paymentIntentId must be a PaymentIntent id (pi_...)' })
  paymentIntentId: string;

  @ApiProperty({ description: 'The recordToken of the create-payment-intent answer for this payment.' })
  @IsString({ message: 'recordToken is required' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'recordToken must be the token given with the payment' })
  recordToken: string;
}

export class MonthlyPlanStartedDto {
  @ApiProperty({ example: 'sub_123' }) subscriptionId: string;
  @ApiProperty({ description: 'CENTS charged each month (the one-time gift’s amount).' }) amountCents: number;
  @ApiProperty({ description: 'Unix seconds of the first monthly charge: one month after the gift.' })
  firstChargeAt: number;
}
