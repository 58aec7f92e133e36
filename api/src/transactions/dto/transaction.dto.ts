import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/* The Transaction and PaymentIntent shapes of SPEC section 3 (amounts in CENTS), for the OpenAPI document. */

export class CardDto {
  @ApiProperty({ example: 'visa' }) brand: string;
  @ApiProperty({ example: '4242' }) last4: string;
}

export class BillingDetailsDto {
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
}

export class TransactionFundDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'General' }) name: string;
}

export class TransactionAppealDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'A new van' }) name: string;
}

export class TransactionPaymentMethodDto {
  @ApiProperty({ type: CardDto, nullable: true }) card: CardDto | null;
}

export class TransactionDto {
  @ApiProperty({ description: 'Charge id (ch_...) or manual donation id (uuid).' }) id: string;
  @ApiProperty({ description: 'Unix seconds (for manual gifts: the donation date).' }) created: number;
  @ApiProperty({ description: 'Gross amount in CENTS.' }) amount: number;
  @ApiProperty({ description: 'Refunded amount in CENTS.' }) amount_refunded: number;
  @ApiProperty({ example: 'usd' }) currency: string;
  @ApiProperty({
    description: 'succeeded | pending | failed | refunded | partially_refunded | disputed (manual gifts: succeeded).',
  })
  status: string;
  @ApiProperty({ enum: ['card', 'manual'] }) type: 'card' | 'manual';
  @ApiProperty({ nullable: true, type: String, description: 'Card gifts: one-time | monthly | quarterly | annual.' })
  frequency: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Manual gifts: cash | check | stock | item | crypto | other.',
  })
  donation_type: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Manual gifts: the id to DELETE /api/admin/manual-donations/{id}.',
  })
  manual_donation_id: string | null;
  @ApiProperty({ description: 'Manual gifts of $250 or more.' }) requires_irs_receipt: boolean;
  @ApiProperty({ nullable: true, type: String }) receipt_url: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Stripe customer id.' }) customer: string | null;
  @ApiProperty({ type: BillingDetailsDto }) billing_details: BillingDetailsDto;
  @ApiProperty({ type: CardDto, nullable: true }) card: CardDto | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '6789',
    description: 'A gift paid from a US bank account: its last four digits (card is then null).',
  })
  bank_last4: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "A manual gift's note (a check number, for example); null for card gifts.",
  })
  notes: string | null;
  @ApiProperty({ type: TransactionFundDto, description: 'The fund the gift went to (General unless one was chosen).' })
  fund: TransactionFundDto;
  @ApiProperty({
    description:
      'CENTS of the amount the donor added to cover the card fee; the gift to the fund is amount - fee_coverage.',
  })
  fee_coverage: number;
  @ApiProperty({ nullable: true, type: String, example: 'In memory of Ada Lovelace' }) tribute: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'A tribute gift: the postal address the donor asked the school to mail a card to.',
  })
  tribute_mail_to: string | null;
  @ApiProperty({
    type: TransactionAppealDto,
    nullable: true,
    description: 'The appeal the gift is credited to (from its Stripe metadata, or named by staff), or null.',
  })
  appeal: TransactionAppealDto | null;
  @ApiPropertyOptional({ type: TransactionPaymentMethodDto, description: 'Donor transaction list only.' })
  payment_method?: TransactionPaymentMethodDto;
}

export class PaymentIntentDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'CENTS' }) amount: number;
  @ApiProperty() currency: string;
  @ApiProperty() status: string;
  @ApiProperty({ nullable: true, type: String }) customer: string | null;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ nullable: true, type: String }) receipt_email: string | null;
  @ApiProperty({ nullable: true, type: String }) latest_charge: string | null;
  @ApiProperty({ type: Object }) metadata: Record<string, string>;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
}

export class PaymentIntentListDto {
  @ApiProperty({ enum: ['list'] }) object: 'list';
  @ApiProperty({ type: [PaymentIntentDto] }) data: PaymentIntentDto[];
}
