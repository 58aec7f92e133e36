import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { cardFeeFromCharges } from '../../../core/src/gifts/card-fee-rate.js';
import type { PaymentFees } from '../../../core/src/gifts/fee-coverage.js';
import { paymentFees } from '../../../core/src/gifts/payment-fees.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { TtlCache } from '../cache/ttl-cache.js';
import { CardFeeSamplesRepository } from './card-fee-samples.repository.js';

/** How long the fee read from recent charges is served before it is read again. */
export const PAYMENT_FEES_TTL_MS = 10 * 60_000;

/**
 * The fees "cover the fees" makes up, as the donate form shows them, the API charges them and My Giving's amount
 * dialog offers them: the card fee the school's Stripe account really paid on its recent card charges (the read
 * model's balance transactions, never a live Stripe call), the configured one when there are too few; the bank
 * fee as configured. Kept for PAYMENT_FEES_TTL_MS; if the database cannot be read the configured fees are used
 * (a gift to the General fund is started without the database) and the next request reads again.
 */
@Injectable()
export class PaymentFeesService {
  private readonly cache = new TtlCache<'fees', PaymentFees>(PAYMENT_FEES_TTL_MS);
  private readonly logger: Logger;

  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(CardFeeSamplesRepository) private readonly samples: CardFeeSamplesRepository,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payment-fees' });
  }

  current(): Promise<PaymentFees> {
    const configured = paymentFees(this.env);
    return this.cache
      .get('fees', async () => ({
        ...configured,
        cardFee: cardFeeFromCharges(await this.samples.recent(), configured.cardFee),
      }))
      .catch((err: unknown) => {
        this.logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'recent card fees unreadable: the configured fees are used',
        );
        return configured;
      });
  }
}
