import { Inject, Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadGatewayResponse, ApiBadRequestResponse, ApiBearerAuth, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse,
  ApiOperation, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { DonorsService } from './donors.service.js';
import { CreateDonorDto } from './dto/create-donor.dto.js';
import { CustomersQueryDto } from './dto/customers-query.dto.js';
import { DeletedDto, DonorDto, DonorListDto, ErrorDto, TransactionDto } from './dto/responses.js';
import { TransactionsQueryDto } from './dto/transactions-query.dto.js';
import { TransactionsService } from './transactions.service.js';

@ApiTags('Admin: donors')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorDto })
@Controller('stripe')
export class DonorsController {
  constructor(
    @Inject(DonorsService) private readonly donors: DonorsService,
    @Inject(TransactionsService) private readonly transactions: TransactionsService,
  ) {}

  @Get('customers')
  @ApiOperation({
    summary: 'Donors (paginated, newest first) with a summary',
    description: 'donationStats.totalDonated and summary.totalLifetimeValue are DOLLARS. Deleted donors are left out. Without query parameters: the first page of 50.',
  })
  @ApiOkResponse({ type: DonorListDto })
  @ApiBadRequestResponse({ type: ErrorDto })
  list(@Query() query: CustomersQueryDto) {
    return this.donors.list(query);
  }

  @Post('customers')
  @ApiOperation({ summary: 'Create a donor in Stripe (and in the read model at once)', description: 'Answers the new donor in the single-donor shape.' })
  @ApiCreatedResponse({ type: DonorDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Invalid fields, or Stripe refused them.' })
  @ApiBadGatewayResponse({ type: ErrorDto, description: 'Stripe could not be reached; nothing was written.' })
  create(@Body() body: CreateDonorDto, @Req() req: Request) {
    return this.donors.create(body, AuditService.context(req));
  }

  @Get('customer/:id')
  @ApiOperation({ summary: 'One donor', description: 'donationStats are DOLLARS. Unknown or deleted donors: 404.' })
  @ApiOkResponse({ type: DonorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  get(@Param('id') id: string) {
    return this.donors.get(id);
  }

  @Get('customer/:id/transactions')
  @ApiOperation({
    summary: "A donor's card charges and manual gifts, newest first",
    description: 'A bare array of transactions (amounts in CENTS), the card also under payment_method.card. Ranges are whole days in TIME_ZONE.',
  })
  @ApiOkResponse({ type: [TransactionDto] })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  transactionsOf(@Param('id') id: string, @Query() query: TransactionsQueryDto) {
    return this.transactions.forDonor(id, query);
  }

  @Delete('customer/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a donor in Stripe; tombstoned here', description: 'Their gifts stay in tax reports and statements.' })
  @ApiOkResponse({ type: DeletedDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  @ApiBadGatewayResponse({ type: ErrorDto })
  remove(@Param('id') id: string, @Req() req: Request) {
    return this.donors.delete(id, AuditService.context(req));
  }
}
