import { ApiProperty } from '@nestjs/swagger';
import { TransactionDto } from '../../transactions/dto/transaction.dto.js';

/* The analytics answer of SPEC section 3 (overview and charts in DOLLARS), for the OpenAPI document. */

export class OverviewDto {
  @ApiProperty({ description: 'DOLLARS, all gifts ever (card net of refunds and lost disputes, plus manual).' }) totalAmount: number;
  @ApiProperty({ description: 'Percent change of this calendar month vs the last (TIME_ZONE), one decimal.' }) monthlyGrowth: number;
  @ApiProperty({ description: 'Count of gifts: succeeded card charges plus manual gifts.' }) totalDonations: number;
  @ApiProperty({ description: 'DOLLARS: totalAmount / totalDonations.' }) averageDonation: number;
  @ApiProperty({ description: 'Percent (one decimal) of card charges that succeeded: succeeded / (succeeded + failed). 0 before any card charge.' }) transactionSuccessRate: number;
  @ApiProperty({ description: 'Card charges that failed (declined), ever.' }) failedCharges: number;
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
