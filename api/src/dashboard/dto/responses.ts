import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/* Response shapes of SPEC section 3, for the OpenAPI document. */

export class CardDto {
  @ApiProperty({ example: 'visa' }) brand: string;
  @ApiProperty({ example: '4242' }) last4: string;
}

export class PaymentMethodDto {
  @ApiProperty({ example: 'pm_123' }) id: string;
  @ApiProperty({ type: CardDto }) card: CardDto;
}

export class BillingDetailsDto {
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
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
  @ApiProperty({ description: "succeeded | pending | failed | refunded | partially_refunded | disputed (manual gifts: succeeded)." }) status: string;
  @ApiProperty({ enum: ['card', 'manual'] }) type: 'card' | 'manual';
  @ApiProperty({ nullable: true, type: String, description: 'Card gifts: one-time | monthly | quarterly | annual.' }) frequency: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Manual gifts: cash | check | stock | item | crypto | other.' }) donation_type: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Manual gifts: the id to DELETE /api/admin/manual-donations/{id}.' }) manual_donation_id: string | null;
  @ApiProperty({ description: 'Manual gifts of $250 or more.' }) requires_irs_receipt: boolean;
  @ApiProperty({ nullable: true, type: String }) receipt_url: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Stripe customer id.' }) customer: string | null;
  @ApiProperty({ type: BillingDetailsDto }) billing_details: BillingDetailsDto;
  @ApiProperty({ type: CardDto, nullable: true }) card: CardDto | null;
  @ApiPropertyOptional({ type: TransactionPaymentMethodDto, description: 'Donor transaction list only.' }) payment_method?: TransactionPaymentMethodDto;
}

export class OverviewDto {
  @ApiProperty({ description: 'DOLLARS, all gifts ever (card net of refunds and lost disputes, plus manual).' }) totalAmount: number;
  @ApiProperty({ description: 'Percent change of this calendar month vs the last (TIME_ZONE), one decimal.' }) monthlyGrowth: number;
  @ApiProperty({ description: 'Count of gifts: succeeded card charges plus manual gifts.' }) totalDonations: number;
  @ApiProperty({ description: 'DOLLARS: totalAmount / totalDonations.' }) averageDonation: number;
}

export class MonthAmountDto {
  @ApiProperty({ example: 'Jan 2026', description: "Month label 'MMM yyyy', oldest first, the last 12 months including this one." }) month: string;
  @ApiProperty({ description: 'DOLLARS' }) amount: number;
}

export class DayAmountDto {
  @ApiProperty({ example: '2026-01-31', description: 'yyyy-MM-dd in TIME_ZONE; all 30 days present, oldest first.' }) date: string;
  @ApiProperty({ description: 'DOLLARS' }) amount: number;
}

export class NameValueDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'DOLLARS' }) value: number;
}

export class ChartsDto {
  @ApiProperty({ type: [MonthAmountDto] }) monthlyTrends: MonthAmountDto[];
  @ApiProperty({ type: [DayAmountDto] }) dailyTrends: DayAmountDto[];
  @ApiProperty({ type: [NameValueDto], description: 'One-time, Monthly, Quarterly, Annual, then manual types (Cash, Check, ...); only kinds that occurred.' }) frequencyBreakdown: NameValueDto[];
  @ApiProperty({ type: [NameValueDto], description: 'Card brand (Stripe spelling, e.g. visa) -> dollars.' }) paymentMethods: NameValueDto[];
}

export class AnalyticsDto {
  @ApiProperty({ type: OverviewDto }) overview: OverviewDto;
  @ApiProperty({ type: ChartsDto }) charts: ChartsDto;
  @ApiProperty({ type: [TransactionDto], description: 'Latest 50 card charges and manual gifts, newest first.' }) recentTransactions: TransactionDto[];
}

export class DonationStatsDto {
  @ApiProperty({ description: 'DOLLARS, net of refunds.' }) totalDonated: number;
  @ApiProperty() donationCount: number;
}

export class DonorDonationStatsDto extends DonationStatsDto {
  @ApiProperty({ description: 'DOLLARS' }) averageDonation: number;
}

export class ShortAddressDto {
  @ApiProperty({ nullable: true, type: String }) line1: string | null;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ nullable: true, type: String }) state: string | null;
}

export class AddressDto extends ShortAddressDto {
  @ApiProperty({ nullable: true, type: String }) line2: string | null;
  @ApiProperty({ nullable: true, type: String }) postal_code: string | null;
}

export class DonorListItemDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ type: ShortAddressDto }) address: ShortAddressDto;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
  @ApiProperty({ type: DonationStatsDto }) donationStats: DonationStatsDto;
  @ApiProperty({ type: [PaymentMethodDto] }) paymentMethods: PaymentMethodDto[];
}

export class DonorSummaryDto {
  @ApiProperty({ description: 'Live donors who gave in the last 12 months.' }) activeCustomers: number;
  @ApiProperty({ description: 'Live (not deleted) donors.' }) totalCustomers: number;
  @ApiProperty({ description: 'DOLLARS: sum of live donors’ net gifts.' }) totalLifetimeValue: number;
}

export class DonorListDto {
  @ApiProperty({ type: DonorSummaryDto }) summary: DonorSummaryDto;
  @ApiProperty({ type: [DonorListItemDto], description: 'Newest donors first.' }) customers: DonorListItemDto[];
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ description: 'Donors matching q (all live donors without q).' }) total: number;
}

export class DonorDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ type: AddressDto }) address: AddressDto;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
  @ApiProperty({ type: DonorDonationStatsDto }) donationStats: DonorDonationStatsDto;
  @ApiProperty({ type: [PaymentMethodDto] }) paymentMethods: PaymentMethodDto[];
}

export class DeletedDto {
  @ApiProperty() id: string;
  @ApiProperty() deleted: boolean;
}

export class ErrorDto {
  @ApiProperty() statusCode: number;
  @ApiProperty() error: string;
  @ApiProperty() message: string;
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
