import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  IsUUID,
} from 'class-validator';
import { Transform } from 'class-transformer';
import { IsFundId, toFundId } from '../../http/ids.js';
import { IsPersonName } from '../../http/is-person-name.js';
import { MANUAL_DONATION_TYPES } from '../../../../core/src/gifts/gift-labels.js';
import { MANUAL_AMOUNT_MESSAGE, manualAmountCents } from '../../../../core/src/gifts/manual-amount.js';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * class-validator runs a property's decorators bottom-up and stops at the first failure, so the check that should
 * speak first (e.g. "required") sits closest to the property.
 *
 * POST /api/admin/manual-donations (SPEC sections 3 and 5). Checked by validateManualDonation (not the global
 * pipe) so the answer carries the spec's own sentences, e.g. 'Donor name is required', word for word.
 */
export class CreateManualDonationDto {
  @ApiPropertyOptional({
    example: 'cus_123',
    description: 'The donor this gift belongs to (must exist); omit for an anonymous or off-Stripe donor.',
  })
  @ValidateIf((o) => !isBlank(o.stripeCustomerId))
  @Matches(/^cus_[A-Za-z0-9]{1,250}$/, { message: 'stripeCustomerId must be a donor id (cus_...)' })
  @IsString({ message: 'stripeCustomerId must be a donor id (cus_...)' })
  stripeCustomerId?: string;

  @ApiProperty({ example: 'Jane Doe', maxLength: 200 })
  @IsPersonName('Donor name')
  @MaxLength(200, { message: 'Donor name must be at most 200 characters' })
  @Matches(/\S/, { message: 'Donor name is required' })
  @IsString({ message: 'Donor name is required' })
  donorName: string;

  @ApiPropertyOptional({ example: 'jane@example.org', description: 'A valid e-mail address or empty.' })
  @ValidateIf((o) => !isBlank(o.donorEmail))
  @MaxLength(320, { message: 'Enter a valid email address or leave it empty' })
  @IsEmail({}, { message: 'Enter a valid email address or leave it empty' })
  @IsString({ message: 'Enter a valid email address or leave it empty' })
  donorEmail?: string;

  @ApiPropertyOptional({ example: '+1 870 555 0100', maxLength: 40 })
  @IsOptional()
  @MaxLength(40, { message: 'Donor phone must be at most 40 characters' })
  @IsString({ message: 'Donor phone must be text' })
  donorPhone?: string;

  @ApiPropertyOptional({
    example: '12 Oak Street, Mountain View, AR 72560',
    description: 'Needed for IRS-compliant receipts.',
    maxLength: 500,
  })
  @IsOptional()
  @MaxLength(500, { message: 'Donor address must be at most 500 characters' })
  @IsString({ message: 'Donor address must be text' })
  donorAddress?: string;

  @ApiProperty({
    example: '1,250.00',
    description: 'US dollars as text: optional $, thousands commas, up to 2 decimals, > 0 and < 10,000,000.',
  })
  @ValidateBy({
    name: 'manualAmount',
    validator: { validate: (v: unknown) => manualAmountCents(v) !== null, defaultMessage: () => MANUAL_AMOUNT_MESSAGE },
  })
  amount: string;

  @ApiPropertyOptional({
    example: 1,
    description: 'The fund the gift went to (GET /api/admin/funds); General (1) when absent.',
  })
  @Transform(toFundId)
  @IsOptional()
  @IsFundId("Choose one of the school's funds")
  fundId?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The appeal the gift is credited to (GET /api/admin/appeals); none when absent.',
  })
  @IsOptional()
  @IsUUID('all', { message: 'Choose one of the appeals' })
  appealId?: string | null;

  @ApiProperty({ enum: MANUAL_DONATION_TYPES, example: 'cash' })
  @IsIn(MANUAL_DONATION_TYPES as unknown as string[], {
    message: `Donation type must be one of ${MANUAL_DONATION_TYPES.join(', ')}`,
  })
  donationType: string;

  @ApiProperty({
    example: '2026-01-15',
    description:
      'YYYY-MM-DD, or an ISO timestamp. A bare date (or exactly 00:00Z) means that calendar date in TIME_ZONE. Not after today.',
  })
  @IsString({ message: 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)' })
  @ValidateBy({
    name: 'present',
    validator: { validate: (v: unknown) => !isBlank(v), defaultMessage: () => 'Donation date is required' },
  })
  donationDate: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @MaxLength(2000, { message: 'Notes must be at most 2000 characters' })
  @IsString({ message: 'Notes must be text' })
  notes?: string;

  @ApiPropertyOptional({
    maxLength: 500,
    example: '100 shares of Acme Corporation (ACME)',
    description:
      'What a gift of property was (stock, in-kind item, crypto, other): its acknowledgment describes it and states no value.',
  })
  @IsOptional()
  @MaxLength(500, { message: 'Gift description must be at most 500 characters' })
  @IsString({ message: 'Gift description must be text' })
  giftDescription?: string;

  @ApiPropertyOptional({
    maxLength: 300,
    example: 'a dinner at the spring gala',
    description:
      'Goods or services the donor received in return; with goodsValue, the acknowledgment carries the quid-pro-quo disclosure.',
  })
  @IsOptional()
  @MaxLength(300, { message: 'What the donor received must be at most 300 characters' })
  @IsString({ message: 'What the donor received must be text' })
  goodsDescription?: string;

  @ApiPropertyOptional({
    example: '40.00',
    description: 'Fair-market value (US dollars as text) of what the donor received; at most the gift amount.',
  })
  @ValidateIf((o) => !isBlank(o.goodsValue))
  @ValidateBy({
    name: 'goodsValue',
    validator: {
      validate: (v: unknown) => manualAmountCents(v) !== null,
      defaultMessage: () => 'Enter the fair-market value as an amount (e.g., 40.00)',
    },
  })
  goodsValue?: string;
}
