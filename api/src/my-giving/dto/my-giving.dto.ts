import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DonationCents } from '../../donations/dto/create-payment-intent.dto.js';
import { RECURRING_FREQUENCIES } from '../../../../core/src/gifts/frequencies.js';

/* Requests and answers of the donors' own page (/my-giving): a sign-in link, the session it opens, the donor's
   recurring gifts and this year's gifts, and the actions on a gift. */

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RequestLinkDto {
  @ApiProperty({ example: 'donor@example.org' })
  @IsEmail({}, { message: 'Please enter a valid e-mail address' })
  @MaxLength(320, { message: 'Please enter a valid e-mail address' })
  @Transform(trimmed)
  @IsString({ message: 'Please enter your e-mail address' })
  email: string;
}

export class LinkRequestedDto {
  @ApiProperty({
    example: 'If we have gifts under that address, a sign-in link is on its way. It works once, for 30 minutes.',
  })
  message: string;
}

export class OpenSessionDto {
  @ApiProperty({ description: 'The token of the e-mailed link.' })
  @IsString({ message: 'This sign-in link is not valid' })
  token: string;
}

export class DonorSessionDto {
  @ApiProperty({ description: 'Bearer token for the /api/my-giving calls; ends after 30 minutes without use.' })
  sessionToken: string;
  @ApiProperty({
    enum: ['manage', 'card'],
    description: "'card': opened by a declined-renewal e-mail, for that gift's card only.",
  })
  purpose: 'manage' | 'card';
  @ApiProperty({ nullable: true, type: String, description: 'The gift a card link is for.' }) planId: string | null;
  @ApiProperty() idleMinutes: number;
}

export class MyGivingPlanDto {
  @ApiProperty({ example: 'sub_123' }) id: string;
  @ApiProperty({ description: 'Integer cents per charge' }) amount: number;
  @ApiProperty({
    description: 'Integer cents of each charge that cover the processing fees (0 when the donor does not cover them)',
  })
  feeCoverage: number;
  @ApiProperty({ enum: RECURRING_FREQUENCIES }) frequency: string;
  @ApiProperty({
    enum: ['active', 'past_due', 'paused', 'canceled', 'incomplete', 'canceling'],
    description: "'canceling': active until nextChargeDate, then canceled; 'paused': collection paused",
  })
  status: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'ISO time of the next charge (or of the cancellation, when canceling)',
  })
  nextChargeDate: string | null;
  @ApiProperty({ nullable: true, type: String }) cardBrand: string | null;
  @ApiProperty({ nullable: true, type: String }) cardLast4: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '6789',
    description: 'Paid from a US bank account: its last four digits (cardBrand and cardLast4 are then null)',
  })
  bankLast4: string | null;
  @ApiProperty({ description: 'A renewal was declined and is not paid yet (a new payment method pays it at once)' })
  unpaidRenewal: boolean;
  @ApiProperty() started: string;
}

export class DonorGiftDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'yyyy-MM-dd in the school time zone' }) day: string;
  @ApiProperty({ description: 'Integer cents, net of refunds' }) amount: number;
  @ApiProperty({ nullable: true, type: String }) frequency: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2026-000123' }) receiptNumber: string | null;
}

export class ProcessingGiftDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'yyyy-MM-dd in the school time zone: the day the bank debit was made' }) day: string;
  @ApiProperty({
    description: 'yyyy-MM-dd in the school time zone: when the money is expected (business days after the debit)',
  })
  expectedDay: string;
  @ApiProperty({ description: 'Integer cents' }) amount: number;
  @ApiProperty({ nullable: true, type: String }) frequency: string | null;
  @ApiProperty({ nullable: true, type: String, example: '6789' }) bankLast4: string | null;
}

export class DonorStatementDto {
  @ApiProperty() customerId: string;
  @ApiProperty() year: number;
}

export class MyGivingDto {
  @ApiProperty({ enum: ['manage', 'card'] }) purpose: 'manage' | 'card';
  @ApiProperty() email: string;
  @ApiProperty({ type: [MyGivingPlanDto] }) plans: MyGivingPlanDto[];
  @ApiProperty() year: number;
  @ApiProperty({ type: [DonorGiftDto] }) gifts: DonorGiftDto[];
  @ApiProperty({
    type: [ProcessingGiftDto],
    description: 'Gifts by bank account still processing: no receipt until the money arrives',
  })
  processing: ProcessingGiftDto[];
  @ApiProperty({ example: 'America/Chicago', description: "The school's time zone: the page shows every date in it" })
  timeZone: string;
  @ApiProperty({
    type: [DonorStatementDto],
    description: "This year's statement, one per Stripe customer of the donor with gifts",
  })
  statements: DonorStatementDto[];
}

export class ChangeAmountDto {
  @DonationCents(3500)
  amount: number;

  @ApiPropertyOptional({
    description:
      "Add the processing fee of the gift's card or bank account so the school nets the whole amount (the server computes it)",
  })
  @IsOptional()
  @IsBoolean({ message: 'coverFees must be true or false' })
  coverFees?: boolean;
}

export class MyGivingCancelDto {
  @ApiProperty({ enum: ['now', 'period_end'] })
  @IsIn(['now', 'period_end'], { message: "when must be 'now' or 'period_end'" })
  when: 'now' | 'period_end';
}

export class CardSetupDto {
  @ApiProperty({
    description: "Client secret of a SetupIntent for the Payment Element's confirmSetup (card or US bank account)",
  })
  clientSecret: string;
}

export class ConfirmCardDto {
  @ApiProperty({ example: 'seti_123' })
  @Matches(/^seti_[A-Za-z0-9]{1,250}$/, { message: 'setupIntentId must be a SetupIntent id (seti_...)' })
  @IsString({ message: 'setupIntentId must be a SetupIntent id (seti_...)' })
  setupIntentId: string;
}

export class PlanActionResultDto {
  @ApiProperty({
    description:
      'What happened, in plain words (the page reads the gift again from the records, which learn it from Stripe)',
  })
  message: string;
}
