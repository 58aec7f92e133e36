import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import { TransactionDto } from './dto/transaction.dto.js';
import { TransactionsQueryDto } from './dto/transactions-query.dto.js';
import { TransactionsService } from './transactions.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: donors')
@Controller('stripe')
export class TransactionsController {
  constructor(@Inject(TransactionsService) private readonly transactions: TransactionsService) {}

  @Get('customer/:id/transactions')
  @ApiOperation({
    summary: "A donor's card charges and manual gifts, newest first",
    description:
      'A bare array of transactions (amounts in CENTS), the card also under payment_method.card. Ranges are whole days in TIME_ZONE.',
  })
  @ApiOkResponse({ type: [TransactionDto] })
  @ApiError(400)
  @ApiError(404)
  forDonor(@Param('id') id: string, @Query() query: TransactionsQueryDto): Promise<TransactionDto[]> {
    return this.transactions.forDonor(id, query);
  }
}
