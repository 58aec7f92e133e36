import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { MoneyFiguresDto } from '../http/money-figures.dto.js';
import { PayoutDto } from '../payouts/payouts.dto.js';

export class MonthEndQueryDto {
  @ApiProperty({
    example: '2026-10',
    required: false,
    description: "The month, 'yyyy-MM' in TIME_ZONE; the last month that ended when left out.",
  })
  @IsOptional()
  @Matches(/^20\d\d-(0[1-9]|1[0-2])$/, { message: "month must be 'yyyy-MM'" })
  month?: string;
}

/** A row of the report: the money figures of one method or fund, and what is left after Stripe's fees. */
export class MonthEndFiguresDto extends MoneyFiguresDto {
  @ApiProperty({ description: 'Row name: the method or the fund' }) name!: string;
  @ApiProperty({ description: 'CENTS: After Stripe fees: received - fees' }) afterFeesCents!: number;
}

/** A payout of the month: the payouts page's payout (one definition of its fields) and its day in TIME_ZONE. */
export class MonthEndPayoutDto extends PickType(PayoutDto, ['id', 'amountCents', 'status'] as const) {
  @ApiProperty({
    description:
      "Calendar day the deposit reaches (or reached) the bank: the UTC date of Stripe's arrival_date, in any TIME_ZONE",
  })
  arrivalDay!: string;
}

export class MonthEndDto {
  @ApiProperty({ example: '2026-10' }) month!: string;
  @ApiProperty({ example: 'October 2026' }) label!: string;
  @ApiProperty({ example: '2026-10-01' }) fromDay!: string;
  @ApiProperty({ example: '2026-10-31' }) toDay!: string;
  @ApiProperty({
    type: MonthEndFiguresDto,
    description:
      'All methods: card and bank gifts as Stripe counted them (each line on its own day) plus manual gifts by their date',
  })
  total!: MonthEndFiguresDto;
  @ApiProperty({
    type: MonthEndFiguresDto,
    description: "Card and bank gifts only: the dashboard's figures for the month",
  })
  stripe!: MonthEndFiguresDto;
  @ApiProperty({ description: 'CENTS of the payouts of the month that reached the bank' }) depositedCents!: number;
  @ApiProperty({ description: 'CENTS of the payouts of the month still on their way' }) inTransitCents!: number;
  @ApiProperty({
    type: [MonthEndFiguresDto],
    description: 'Card, Bank (ACH), then the manual methods; Other: Stripe lines with no gift',
  })
  byMethod!: MonthEndFiguresDto[];
  @ApiProperty({ type: [MonthEndFiguresDto], description: 'By fund, by name' }) byFund!: MonthEndFiguresDto[];
  @ApiProperty({ type: [MonthEndPayoutDto], description: 'The payouts arriving in the month, oldest first' })
  payouts!: MonthEndPayoutDto[];
}
