import { ApiProperty } from '@nestjs/swagger';

/**
 * A tax year's refunds and disputes: those made in the year (in TIME_ZONE), each on the day it happened, whatever
 * the year of its gift; the dashboard's figures for that calendar year (one function: AnalyticsService.yearMoney).
 */
export class TaxYearRefundsDto {
  @ApiProperty({ example: 2026 }) year: number;
  @ApiProperty({ example: 14300, description: 'Refunds made in the year, in CENTS.' }) refundCents: number;
  @ApiProperty({ example: 34900, description: 'Disputes opened in the year less any funds returned in it, in CENTS.' })
  disputeCents: number;
}
