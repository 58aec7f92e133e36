import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

export class MonthEndQueryDto {
  @ApiProperty({ example: '2026-10', required: false, description: "The month, 'yyyy-MM' in TIME_ZONE; the last month that ended when left out." })
  @IsOptional()
  @Matches(/^20\d\d-(0[1-9]|1[0-2])$/, { message: "month must be 'yyyy-MM'" })
  month?: string;
}

/** CENTS. received = gross - refunds - disputes; afterFees = received - fees (core/src/read-model/money-lines.ts). */
export class MonthEndFiguresDto {
  @ApiProperty({ description: 'Row name: the method or the fund' }) name!: string;
  @ApiProperty() grossCents!: number;
  @ApiProperty() refundCents!: number;
  @ApiProperty() disputeCents!: number;
  @ApiProperty() feeCents!: number;
  @ApiProperty({ description: 'Received (after refunds and disputes)' }) receivedCents!: number;
  @ApiProperty({ description: 'After Stripe fees' }) afterFeesCents!: number;
}

export class MonthEndPayoutDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'CENTS' }) amountCents!: number;
  @ApiProperty({ enum: ['pending', 'in_transit', 'paid', 'failed', 'canceled'] }) status!: string;
  @ApiProperty({ description: "Calendar day the deposit reaches (or reached) the bank: the UTC date of Stripe's arrival_date, in any TIME_ZONE" }) arrivalDay!: string;
}

export class MonthEndDto {
  @ApiProperty({ example: '2026-10' }) month!: string;
  @ApiProperty({ example: 'October 2026' }) label!: string;
  @ApiProperty({ example: '2026-10-01' }) fromDay!: string;
  @ApiProperty({ example: '2026-10-31' }) toDay!: string;
  @ApiProperty({ type: MonthEndFiguresDto, description: 'All methods: card and bank gifts as Stripe counted them (each line on its own day) plus manual gifts by their date' }) total!: MonthEndFiguresDto;
  @ApiProperty({ type: MonthEndFiguresDto, description: "Card and bank gifts only: the dashboard's figures for the month" }) stripe!: MonthEndFiguresDto;
  @ApiProperty({ description: 'CENTS of the payouts of the month that reached the bank' }) depositedCents!: number;
  @ApiProperty({ description: 'CENTS of the payouts of the month still on their way' }) inTransitCents!: number;
  @ApiProperty({ type: [MonthEndFiguresDto], description: 'Card, Bank (ACH), then the manual methods; Other: Stripe lines with no gift' }) byMethod!: MonthEndFiguresDto[];
  @ApiProperty({ type: [MonthEndFiguresDto], description: 'By fund, by name' }) byFund!: MonthEndFiguresDto[];
  @ApiProperty({ type: [MonthEndPayoutDto], description: 'The payouts arriving in the month, oldest first' }) payouts!: MonthEndPayoutDto[];
}
