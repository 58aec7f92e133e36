import { ApiProperty } from '@nestjs/swagger';
import { TransactionDto } from './transaction.dto.js';

export class LedgerTotalsDto {
  @ApiProperty({
    description: 'Transactions matching the filters (every page), card charges of any status and manual gifts.',
  })
  count: number;
  @ApiProperty({
    description:
      'CENTS: what the matching gifts left with the school: succeeded card charges less refunds and disputes not won, and manual gifts. Over all time this is Total Revenue.',
  })
  netCents: number;
  @ApiProperty({
    description:
      'CENTS: of netCents, what donors added to cover card fees; the gifts to the funds are netCents - feeCoverageCents.',
  })
  feeCoverageCents: number;
}

export class LedgerPageDto {
  @ApiProperty({ type: [TransactionDto], description: 'This page, newest first (amounts in CENTS).' })
  data: TransactionDto[];
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ type: LedgerTotalsDto, description: 'Totals of everything the filters match, not only this page.' })
  totals: LedgerTotalsDto;
}
