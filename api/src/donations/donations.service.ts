import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { DonationRateLimiter } from './donation-rate-limiter.js';
import { DonationRecordsRepository } from './donation-records.repository.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';
import type { CreatePaymentIntentDto } from './dto/create-payment-intent.dto.js';
import type { RecordDonationDto } from './dto/record-donation.dto.js';
import { StripeDonationsService, type PaymentStart } from './stripe-donations.service.js';

const PAYMENT_NOT_CONFIRMED = 'That payment has not been completed.';

/** Dollars text ("50", "1250.5") to integer cents: multiply by 100 and round (SPEC section 9). */
export function dollarsToCents(text: string): number {
  return Math.round(Number(text) * 100);
}

@Injectable()
export class DonationsService {
  constructor(
    @Inject(StripeDonationsService) private readonly payments: StripeDonationsService,
    @Inject(DonationRecordsRepository) private readonly records: DonationRecordsRepository,
    @Inject(DonationRateLimiter) private readonly limiter: DonationRateLimiter,
    @Inject(DONATIONS_LOGGER) private readonly logger: Logger,
  ) {}

  async createPaymentIntent(dto: CreatePaymentIntentDto, ip: string | undefined): Promise<PaymentStart> {
    await this.limiter.hitIntent(ip, dto.donationData.email);
    return this.payments.start(dto.amount, dto.donationData.frequency, dto.donationData);
  }

  /**
   * Saves the donor's form data. With a paymentIntentId the payment must exist and have succeeded; its amount
   * and customer then come from Stripe, not from the browser. If Stripe cannot be reached right now the form's
   * values are kept (the gift itself still reaches the read model through webhooks).
   */
  async record(dto: RecordDonationDto, ip: string | undefined): Promise<{ success: true; id: string }> {
    await this.limiter.hitRecord(ip);
    let amountCents = dollarsToCents(dto.amount);
    let customerId: string | null = null;
    if (dto.paymentIntentId) {
      let pi: Stripe.PaymentIntent | null | undefined;
      try {
        pi = await this.payments.retrievePaymentIntent(dto.paymentIntentId);
      } catch (err) {
        this.logger.warn({ err: (err as Error).message, paymentIntentId: dto.paymentIntentId }, 'could not check the payment with Stripe; recording the form values');
      }
      if (pi === null || (pi && pi.status !== 'succeeded')) throw new BadRequestException({ statusCode: 400, message: PAYMENT_NOT_CONFIRMED, error: PAYMENT_NOT_CONFIRMED });
      if (pi) {
        amountCents = pi.amount;
        customerId = typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null);
      }
    }
    if (!(amountCents > 0)) throw new BadRequestException({ statusCode: 400, message: 'amount must be greater than 0', error: 'amount must be greater than 0' });
    const { id } = await this.records.insert({
      paymentIntentId: dto.paymentIntentId ?? null,
      subscriptionId: dto.subscriptionId ?? null,
      customerId,
      amountCents,
      frequency: dto.frequency,
      firstName: dto.firstName,
      lastName: dto.lastName,
      email: dto.email,
      phone: dto.phone ?? null,
      address: dto.address ?? null,
      city: dto.city ?? null,
      state: dto.state ?? null,
      zipCode: dto.zipCode ?? null,
    });
    return { success: true, id };
  }
}
