import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { DOLLAR_TEXT, dollarText } from '../../../../core/src/gifts/money.js';
import { DonorDetailsDto } from './donor-details.dto.js';

/** $1 to $100,000 per gift, in cents. The floor keeps out the tiny probes of card testers; the cap, typos. */
export const MIN_DONATION_CENTS = 100;
export const MAX_DONATION_CENTS = 10_000_000;

/** The whole form as the browser holds it; its amount text is informational (the cents field above rules). */
export class IntentDonationDataDto extends DonorDetailsDto {
  @ApiPropertyOptional({ example: '50' })
  @IsOptional()
  @Transform(({ value }) => dollarText(value))
  @IsString()
  @Matches(DOLLAR_TEXT, { message: 'donationData.amount must be a number of dollars' })
  amount?: string;
}

/** An online gift's amount in cents, $1 to $100,000: the donation form's and a donor's change of their recurring gift. */
export function DonationCents(example: number): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description: 'Integer cents', minimum: MIN_DONATION_CENTS, maximum: MAX_DONATION_CENTS, example }),
    // Decorators run bottom-up: the type check first, then the bounds.
    Max(MAX_DONATION_CENTS, { message: 'The maximum online donation amount is $100,000.00. Please call us about larger gifts.' }),
    Min(MIN_DONATION_CENTS, { message: 'The minimum donation amount is $1.00.' }),
    IsInt({ message: 'amount must be a whole number of cents' }),
  );
}

export class CreatePaymentIntentDto {
  @DonationCents(5000)
  amount: number;

  @ApiProperty({ type: IntentDonationDataDto })
  @IsObject({ message: 'donationData is required' })
  @ValidateNested()
  @Type(() => IntentDonationDataDto)
  donationData: IntentDonationDataDto;
}
