import { ApiProperty } from '@nestjs/swagger';
import { YEAR_BASES, type YearBasis } from '../../../../core/src/fiscal-year/fiscal-year.js';
import { TransactionDto } from '../../transactions/dto/transaction.dto.js';

/* The analytics answer of SPEC section 3 (overview and charts in DOLLARS), for the OpenAPI document. */

export class OverviewDto {
  @ApiProperty({ description: 'DOLLARS, all gifts ever (card net of refunds and lost disputes, plus manual).' })
  totalAmount: number;
  @ApiProperty({ description: 'Percent change of this calendar month vs the last (TIME_ZONE), one decimal.' })
  monthlyGrowth: number;
  @ApiProperty({ description: 'Count of gifts: succeeded card charges plus manual gifts.' }) totalDonations: number;
  @ApiProperty({ description: 'DOLLARS: totalAmount / totalDonations.' }) averageDonation: number;
  @ApiProperty({
    description:
      'Percent (one decimal) of card charges that succeeded: succeeded / (succeeded + failed). 0 before any card charge.',
  })
  transactionSuccessRate: number;
  @ApiProperty({ description: 'Card charges that failed (declined), in the period.' }) failedCharges: number;
  @ApiProperty({
    description:
      "DOLLARS: card and bank gifts Stripe took in the period, before fees and refunds (Stripe's balance transactions).",
  })
  grossAmount: number;
  @ApiProperty({ description: "DOLLARS: Stripe's processing fees and dispute fees in the period." }) stripeFees: number;
  @ApiProperty({
    description: 'DOLLARS: refunds made in the period (on the day of the refund, whatever the day of the gift).',
  })
  refunds: number;
  @ApiProperty({
    description: 'DOLLARS: dispute withdrawals less reinstatements made in the period (on their own day).',
  })
  disputes: number;
  @ApiProperty({ description: 'DOLLARS: refunds + disputes.' }) refundsAndDisputes: number;
  @ApiProperty({ description: 'DOLLARS: Received (after refunds and disputes): grossAmount - refunds - disputes.' })
  receivedAmount: number;
  @ApiProperty({
    description: 'DOLLARS: After Stripe fees: receivedAmount - stripeFees, what Stripe pays to the bank.',
  })
  netAfterFees: number;
  @ApiProperty({
    description: 'Gifts on their way: bank debits still processing (counted in no total until the money arrives).',
  })
  pendingDonations: number;
  @ApiProperty({ description: 'DOLLARS: the amount of pendingDonations.' }) pendingAmount: number;
}

export class MonthAmountDto {
  @ApiProperty({
    example: 'Jan 2026',
    description:
      "Month label 'MMM yyyy', oldest first: the last 12 months including this one, or the 12 months of the year asked for.",
  })
  month: string;
  @ApiProperty({
    description: 'DOLLARS: gifts of the month (card net of refunds, plus manual), by the date of the gift',
  })
  amount: number;
  @ApiProperty({ description: "DOLLARS: Stripe's gross card and bank gifts of the month" }) gross: number;
  @ApiProperty({ description: "DOLLARS: Stripe's fees of the month" }) fees: number;
  @ApiProperty({
    description: 'DOLLARS: after Stripe fees: gross - refunds - disputes - fees of the month, each on its own day',
  })
  net: number;
}

export class DayAmountDto {
  @ApiProperty({ example: '2026-01-31', description: 'yyyy-MM-dd in TIME_ZONE; all 30 days present, oldest first.' })
  date: string;
  @ApiProperty({ description: 'DOLLARS' }) amount: number;
}

export class NameValueDto {
  @ApiProperty() name: string;
  @ApiProperty({ description: 'DOLLARS' }) value: number;
}

export class ChartsDto {
  @ApiProperty({ type: [MonthAmountDto] }) monthlyTrends: MonthAmountDto[];
  @ApiProperty({ type: [DayAmountDto] }) dailyTrends: DayAmountDto[];
  @ApiProperty({
    type: [NameValueDto],
    description:
      'One-time, Monthly, Quarterly, Annual, then manual types (Cash, Check, ...); only kinds that occurred.',
  })
  frequencyBreakdown: NameValueDto[];
  @ApiProperty({ type: [NameValueDto], description: 'Card brand (Stripe spelling, e.g. visa) -> dollars.' })
  paymentMethods: NameValueDto[];
}

export class AnalyticsPeriodDto {
  @ApiProperty({ type: Number, nullable: true, description: 'null: all time' }) year: number | null;
  @ApiProperty({ enum: YEAR_BASES }) basis: YearBasis;
  @ApiProperty({ type: Number, nullable: true, description: 'The quarter (1-4) of the year, or null' }) quarter:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: "'yyyy-MM' when the period is one month, else null" })
  month: string | null;
  @ApiProperty({
    example: 'FY 2026',
    description:
      "'All Time', 'Calendar 2026', 'FY 2026' (a fiscal year is named by the calendar year in which it ends), 'Q3 2026', 'FY 2027 Q1' or 'October 2026'",
  })
  label: string;
  @ApiProperty({ type: String, nullable: true, description: 'First day (yyyy-MM-dd, TIME_ZONE); null for all time' })
  fromDay: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Last day, included' }) toDay: string | null;
}

export class AnalyticsDto {
  @ApiProperty({ type: AnalyticsPeriodDto }) period: AnalyticsPeriodDto;
  @ApiProperty({ type: OverviewDto }) overview: OverviewDto;
  @ApiProperty({ type: ChartsDto }) charts: ChartsDto;
  @ApiProperty({ type: [TransactionDto], description: 'Latest 50 card charges and manual gifts, newest first.' })
  recentTransactions: TransactionDto[];
}
