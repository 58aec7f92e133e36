import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAppealSlug } from '../../appeals/dto/is-appeal-slug.js';
import { UTM_MAX } from '../../../../core/src/appeals/appeal-attribution.js';
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from '../../../../core/src/gifts/fee-coverage.js';
import { GIFT_AMOUNT_MESSAGES, MAX_GIFT_CENTS, MIN_GIFT_CENTS } from '../../../../core/src/gifts/gift-amount.js';
import { IsDollarText } from '../../http/dollar-text.js';
import { DonorDetailsDto } from './donor-details.dto.js';

/** $1 to $100,000 per gift, in cents: the gift rules the donation form checks too (core/src/gifts/gift-amount.ts). */
export const MIN_DONATION_CENTS = MIN_GIFT_CENTS;
export const MAX_DONATION_CENTS = MAX_GIFT_CENTS;

/** The whole form as the browser holds it; its amount text is informational (the cents field above rules). */
export class IntentDonationDataDto extends DonorDetailsDto {
  @ApiPropertyOptional({ example: '50' })
  @IsOptional()
  @IsDollarText('donationData.amount must be a number of dollars')
  amount?: string;
}

/** An online gift's amount in cents, $1 to $100,000: the donation form's and a donor's change of their recurring gift. */
export function DonationCents(example: number): PropertyDecorator {
  return applyDecorators(
    // applyDecorators applies them in this order (unlike stacked decorators, which apply bottom-up): the type
    // check first, so 12.5 or "5000" is named as not whole cents rather than as out of range.
    IsInt({ message: 'amount must be a whole number of cents' }),
    Min(MIN_DONATION_CENTS, { message: GIFT_AMOUNT_MESSAGES.min }),
    Max(MAX_DONATION_CENTS, { message: GIFT_AMOUNT_MESSAGES.max }),
    ApiProperty({ description: 'Integer cents', minimum: MIN_DONATION_CENTS, maximum: MAX_DONATION_CENTS, example }),
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

  @ApiPropertyOptional({
    enum: PAYMENT_METHOD_TYPES,
    default: 'card',
    description: "How the donor pays (the Payment Element's choice): covering the fees makes up that method's fee",
  })
  @IsOptional()
  @IsIn(PAYMENT_METHOD_TYPES, { message: `paymentMethodType must be one of: ${PAYMENT_METHOD_TYPES.join(', ')}` })
  paymentMethodType?: PaymentMethodType;

  @ApiPropertyOptional({
    example: 'van',
    description: 'The appeal the gift is made through (its slug); it must be open (else 409)',
  })
  @IsOptional()
  @IsAppealSlug('appeal must be an appeal slug')
  appeal?: string;

  @ApiPropertyOptional({ example: 'newsletter', description: "A tracked link's utm_source, kept with the gift" })
  @IsOptional()
  @IsString({ message: 'utmSource must be text' })
  @MaxLength(UTM_MAX, { message: `utmSource must be at most ${UTM_MAX} characters` })
  utmSource?: string;

  @ApiPropertyOptional({ example: 'year-end', description: "A tracked link's utm_campaign, kept with the gift" })
  @IsOptional()
  @IsString({ message: 'utmCampaign must be text' })
  @MaxLength(UTM_MAX, { message: `utmCampaign must be at most ${UTM_MAX} characters` })
  utmCampaign?: string;

  @ApiPropertyOptional({ description: 'Show my first name and city with my gift on the appeal page (off unless true)' })
  @IsOptional()
  @IsBoolean({ message: 'showName must be true or false' })
  showName?: boolean;
}
