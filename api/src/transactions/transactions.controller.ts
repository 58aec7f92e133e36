import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { AnyRole } from '../auth/roles.decorator.js';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorDto } from '../../../core/src/http/errors.js';
import { TransactionDto } from './dto/transaction.dto.js';
import { TransactionsQueryDto } from './dto/transactions-query.dto.js';
import { TransactionsService } from './transactions.service.js';

@ApiTags('Admin: donors')
@ApiBearerAuth()
@AnyRole()
@ApiUnauthorizedResponse({ type: ErrorDto })
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
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  forDonor(@Param('id') id: string, @Query() query: TransactionsQueryDto): Promise<TransactionDto[]> {
    return this.transactions.forDonor(id, query);
  }
}
