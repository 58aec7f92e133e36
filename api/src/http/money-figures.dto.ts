import { ApiProperty } from '@nestjs/swagger';

/**
 * Stripe's money of a period or a group, in CENTS, as core/src/read-model/money-lines.ts defines it: the one
 * definition of these figures on the wire, shared by the month-end report's rows and the payouts page's totals.
 */
export class MoneyFiguresDto {
  @ApiProperty({ description: 'CENTS: card and bank gifts, before fees and refunds (manual gifts by their amount)' })
  grossCents!: number;
  @ApiProperty({ description: 'CENTS: refunded to donors, on the day of the refund' }) refundCents!: number;
  @ApiProperty({ description: 'CENTS: taken back by disputes (reinstated amounts deducted), on their own day' })
  disputeCents!: number;
  @ApiProperty({ description: "CENTS: Stripe's fees (processing and dispute fees)" }) feeCents!: number;
  @ApiProperty({ description: 'CENTS: Received (after refunds and disputes): gross - refunds - disputes' })
  receivedCents!: number;
}
