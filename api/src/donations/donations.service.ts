import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { newToken } from '../../../core/src/tokens/opaque-token.js';
import { DonationRateLimiter } from './donation-rate-limiter.js';
import { DonationRecordsRepository } from './donation-records.repository.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';
import type { CreatePaymentIntentDto } from './dto/create-payment-intent.dto.js';
import type { RecordDonationDto } from './dto/record-donation.dto.js';
import { recordTokenHash } from './gift-metadata.js';
import { PaidGiftReader, type PaidGiftLookup } from './paid-gift.reader.js';
import { StripeDonationsService, type PaymentStart } from './stripe-donations.service.js';
import { badRequest, DomainError, forbidden } from '../../../core/src/http/errors.js';

export const PAYMENT_NOT_CONFIRMED = 'That payment has not been completed.';
export const PAYMENT_NOT_YOURS = 'This donation cannot be recorded: it does not match a payment started on this page.';
export const PAYMENT_UNCONFIRMABLE = 'We could not confirm the payment with the payment provider just now, so the donation was not recorded. Please try again in a moment.';

/** The create-payment-intent answer: the client secret for the card step and the token that records the gift. */
export type PaymentStartAnswer = PaymentStart & { recordToken: string };

@Injectable()
export class DonationsService {
  constructor(
    @Inject(StripeDonationsService) private readonly payments: StripeDonationsService,
    @Inject(PaidGiftReader) private readonly paid: PaidGiftReader,
    @Inject(DonationRecordsRepository) private readonly records: DonationRecordsRepository,
    @Inject(DonationRateLimiter) private readonly limiter: DonationRateLimiter,
    @Inject(DONATIONS_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Starts the payment. The answer's recordToken (32 random bytes) is known only to this browser; the payment's
   * metadata keeps its SHA-256, so no one else, not even someone who learns the payment's id, can record it.
   */
  async createPaymentIntent(dto: CreatePaymentIntentDto, ip: string | undefined): Promise<PaymentStartAnswer> {
    await this.limiter.hitIntent(ip, dto.donationData.email);
    const recordToken = newToken();
    const start = await this.payments.start(dto.amount, dto.donationData.frequency, dto.donationData, recordTokenHash(recordToken));
    return { ...start, recordToken };
  }

  /**
   * Records a gift once its payment has succeeded (a one-time PaymentIntent, or a subscription's paid first
   * invoice), for the browser holding its record token. Amount, frequency, customer and the donor's details all
   * come from Stripe, never from the body. A second post for the same payment returns the first record.
   * Without Stripe's word nothing is recorded: 503, and the page shows that the payment itself went through.
   */
  async record(dto: RecordDonationDto, ip: string | undefined): Promise<{ success: true; id: string }> {
    await this.limiter.hitRecord(ip);
    let found: PaidGiftLookup;
    try {
      found = await this.paid.read(dto, dto.recordToken);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, type: (err as { type?: string }).type, paymentIntentId: dto.paymentIntentId, subscriptionId: dto.subscriptionId }, 'could not confirm a donation payment with Stripe; not recorded');
      const down = err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError;
      throw new DomainError(down ? 503 : 502, PAYMENT_UNCONFIRMABLE);
    }
    if (found.kind === 'unknown') throw forbidden(PAYMENT_NOT_YOURS);
    if (found.kind === 'unpaid') throw badRequest(PAYMENT_NOT_CONFIRMED);
    const { gift } = found;
    const d = gift.donor;
    const { id } = await this.records.insert({
      paymentIntentId: gift.paymentIntentId,
      subscriptionId: gift.subscriptionId,
      customerId: gift.customerId,
      amountCents: gift.amountCents,
      frequency: gift.frequency,
      firstName: d.firstName,
      lastName: d.lastName,
      email: d.email,
      phone: d.phone ?? null,
      address: d.address ?? null,
      city: d.city ?? null,
      state: d.state ?? null,
      zipCode: d.zipCode ?? null,
    });
    return { success: true, id };
  }
}
