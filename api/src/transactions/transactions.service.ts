import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { todayIn } from '../../../core/src/gifts/calendar.js';
import { DonorsService } from '../donors/donors.service.js';
import type { TransactionsQueryDto } from './dto/transactions-query.dto.js';
import { resolveRange } from './transaction-range.js';
import { toTransaction } from './transaction.mapper.js';
import type { TransactionDto } from './dto/transaction.dto.js';
import { TransactionsRepository } from './transactions.repository.js';

/** More than any real donor gives; keeps one response bounded. */
export const DONOR_TRANSACTIONS_LIMIT = 5000;

@Injectable()
export class TransactionsService {
  constructor(
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(DonorsService) private readonly donors: DonorsService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async forDonor(customerId: string, query: TransactionsQueryDto): Promise<TransactionDto[]> {
    const range = resolveRange(query, todayIn(this.env.TIME_ZONE));
    await this.donors.getLive(customerId);
    const rows = await this.transactions.forDonor({
      customerId,
      ...range,
      timeZone: this.env.TIME_ZONE,
      appealId: query.appeal ?? null,
      limit: DONOR_TRANSACTIONS_LIMIT,
    });
    return rows.map((r) => toTransaction(r, { withPaymentMethod: true }));
  }
}
