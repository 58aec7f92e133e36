import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { MoneyFiguresDto } from '../http/money-figures.dto.js';
import { PageQueryDto } from '../http/page-query.dto.js';
import { YearPeriodDto } from '../http/year-period.dto.js';

/** A page of payouts, optionally those arriving in a calendar or fiscal year. */
export class PayoutsQueryDto extends IntersectionType(PageQueryDto, YearPeriodDto) {}

export class PayoutParamsDto {
  @ApiProperty({ example: 'po_1Pgc79B7WZ01zgkWu1KToYf4' })
  @Matches(/^po_[A-Za-z0-9]{1,250}$/, { message: 'id must be a payout id (po_...)' })
  id!: string;
}

export class PayoutDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'CENTS that reach (or reached) the bank' }) amountCents!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['pending', 'in_transit', 'paid', 'failed', 'canceled'] }) status!: string;
  @ApiProperty({
    example: '2026-10-01',
    description:
      "Calendar day 'yyyy-MM-dd' the deposit reaches (or reached) the bank: the UTC date of Stripe's arrival_date, in any TIME_ZONE; show it as is",
  })
  arrivalDay!: string;
  @ApiProperty({
    description:
      "Stripe's arrival_date as ISO time: midnight UTC standing for arrivalDay (not an instant to place in a time zone)",
  })
  arrivalDate!: string;
  @ApiProperty({ description: 'ISO time Stripe made the payout' }) created!: string;
  @ApiProperty({ type: String, nullable: true, description: "Stripe's reason, when the payout failed" })
  failureMessage!: string | null;
  @ApiProperty({
    description:
      'Whether the gifts, refunds and fees it carried are known yet (Stripe tells once it has reconciled the payout)',
  })
  linesKnown!: boolean;
}

/** The money figures of the period (one definition with the month-end report's), and where the money went. */
export class MoneyTotalsDto extends MoneyFiguresDto {
  @ApiProperty({ description: 'CENTS: After Stripe fees: gross - refunds - disputes - fees' }) netCents!: number;
  @ApiProperty({ description: 'CENTS: sent to the bank by payouts that did not fail (deposited + in transit)' })
  paidOutCents!: number;
  @ApiProperty({ description: 'CENTS: payouts that reached the bank (paid)' }) depositedCents!: number;
  @ApiProperty({ description: 'CENTS: payouts on their way to the bank (pending or in transit)' })
  inTransitCents!: number;
  @ApiProperty({ description: 'CENTS: still in the Stripe balance, waiting for a payout; never negative' })
  pendingCents!: number;
  @ApiProperty({
    description:
      'CENTS owed to Stripe: refunds and disputes after the money was paid out left the Stripe balance below zero; ' +
      'Stripe takes it from the next payout. netCents + owedCents = depositedCents + inTransitCents + pendingCents.',
  })
  owedCents!: number;
}

export class PayoutsPeriodDto {
  @ApiProperty({ example: 'FY 2026' }) label!: string;
  @ApiProperty({ description: 'Payouts arriving in the period that did not fail' }) payouts!: number;
  @ApiProperty({ description: 'CENTS those payouts took to the bank' }) paidOutCents!: number;
}

export class PayoutsPageDto {
  @ApiProperty({ type: PayoutsPeriodDto, nullable: true, description: 'null without year' })
  period!: PayoutsPeriodDto | null;
  @ApiProperty({ type: [PayoutDto] }) payouts!: PayoutDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() hasMore!: boolean;
  @ApiProperty({ type: MoneyTotalsDto }) totals!: MoneyTotalsDto;
}

export class PayoutLineDto {
  @ApiProperty({ description: 'Balance transaction id (txn_...)' }) id!: string;
  @ApiProperty({ enum: ['gift', 'refund', 'dispute', 'returned payout', 'other'] }) kind!: string;
  @ApiProperty({ description: 'ISO time' }) created!: string;
  @ApiProperty({ type: String, nullable: true }) chargeId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The donor, for gifts, refunds and disputes' }) payee!:
    string | null;
  @ApiProperty({ description: 'CENTS (negative for money going out)' }) grossCents!: number;
  @ApiProperty({ description: "CENTS: Stripe's fee" }) feeCents!: number;
  @ApiProperty({ description: 'CENTS: gross - fee' }) netCents!: number;
}

export class PayoutDetailDto {
  @ApiProperty({ type: PayoutDto }) payout!: PayoutDto;
  @ApiProperty({ type: [PayoutLineDto] }) lines!: PayoutLineDto[];
  @ApiProperty({ description: 'CENTS: sum of the lines' }) grossCents!: number;
  @ApiProperty({ description: 'CENTS: sum of the fees' }) feeCents!: number;
  @ApiProperty({ description: 'CENTS: sum of the nets, equal to the payout amount' }) netCents!: number;
}
