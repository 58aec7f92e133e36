import { ApiProperty } from '@nestjs/swagger';
import { TransactionDto } from './transaction.dto.js';

export class LedgerTotalsDto {
  @ApiProperty({ description: 'Transactions matching the filters (every page), card charges of any status and manual gifts.' }) count: number;
  @ApiProperty({ description: 'CENTS: the matching gifts that reached the school, as given (succeeded card charges and manual gifts).' }) grossCents: number;
  @ApiProperty({ description: 'CENTS: grossCents less refunds and disputes not won.' }) netCents: number;
}

export class LedgerPageDto {
  @ApiProperty({ type: [TransactionDto], description: 'This page, newest first (amounts in CENTS).' }) data: TransactionDto[];
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ type: LedgerTotalsDto, description: 'Totals of everything the filters match, not only this page.' }) totals: LedgerTotalsDto;
}
