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
import { ReceiptStatusRepository } from './receipt-status.repository.js';
import type { ReceiptStatusDto, ReceiptStatusQueryDto } from './dto/receipt-status.dto.js';
import { timingSafeEqual } from 'node:crypto';
import { PaidGiftReader, type PaidGiftLookup } from './paid-gift.reader.js';
import { StripeDonationsService } from './stripe-donations.service.js';
import type { DonationRecordedDto, PaymentIntentResponseDto } from './dto/payment-start.dto.js';
import { badRequest, DomainError, forbidden } from '../../../core/src/http/errors.js';
import { DataSource } from 'typeorm';
import { feeCoverageFor, feeFor, type PaymentMethodType } from '../../../core/src/gifts/fee-coverage.js';
import { PaymentFeesService } from '../payment-fees/payment-fees.service.js';
import type { GiftDesignation } from '../../../core/src/gifts/gift-designation.js';
import { funds, GENERAL_FUND_ID } from '../../../core/src/funds/funds.repository.js';
import type { IntentDonationDataDto } from './dto/create-payment-intent.dto.js';
import { appeals } from '../../../core/src/appeals/appeals.repository.js';
import { APPEAL_CLOSED_MESSAGE, appealState } from '../../../core/src/appeals/appeal-rules.js';
import type { GiftAttribution } from '../../../core/src/appeals/appeal-attribution.js';

export const FUND_NOT_OFFERED = 'fundId must be one of the funds offered';

export const PAYMENT_NOT_CONFIRMED = 'That payment has not been completed.';
export const PAYMENT_NOT_YOURS = 'This donation cannot be recorded: it does not match a payment started on this page.';
export const PAYMENT_UNCONFIRMABLE =
  'We could not confirm the payment with the payment provider just now, so the donation was not recorded. Please try again in a moment.';

@Injectable()
export class DonationsService {
  constructor(
    @Inject(StripeDonationsService) private readonly payments: StripeDonationsService,
    @Inject(PaidGiftReader) private readonly paid: PaidGiftReader,
    @Inject(DonationRecordsRepository) private readonly records: DonationRecordsRepository,
    @Inject(DonationRateLimiter) private readonly limiter: DonationRateLimiter,
    @Inject(DONATIONS_LOGGER) private readonly logger: Logger,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ReceiptStatusRepository) private readonly receipts: ReceiptStatusRepository,
    @Inject(PaymentFeesService) private readonly fees: PaymentFeesService,
  ) {}

  /** A donor-side action on a paid gift, counted like recording one (per client address). */
  async limitedMakeMonthly<T>(ip: string | undefined, run: () => Promise<T>): Promise<T> {
    await this.limiter.hitRecord(ip);
    return run();
  }

  /**
   * Whether the gift has its receipt number yet, from the read model (the webhooks may still be on their way:
   * 'pending' until then, and for a payment the read model does not hold yet). A token that is not the payment's is
   * 403 (the record token's rule).
   */
  async receiptStatus(q: ReceiptStatusQueryDto): Promise<ReceiptStatusDto> {
    const state = await this.receipts.forPayment(q);
    if (!state.tokenHash) return { status: 'pending', receiptNumber: null };
    const expected = Buffer.from(state.tokenHash, 'hex');
    const given = Buffer.from(recordTokenHash(q.recordToken), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw forbidden(PAYMENT_NOT_YOURS);
    return state.receiptNumber
      ? { status: 'acknowledged', receiptNumber: state.receiptNumber }
      : { status: 'pending', receiptNumber: null };
  }

  /**
   * The gift's fund (an open one; General when none was chosen), its fee coverage (from the fee the school pays on the
   * chosen method, card unless said otherwise: PaymentFeesService, never a figure from the browser) and its tribute,
   * as the payment's metadata will carry them.
   */
  private async designation(
    amount: number,
    d: IntentDonationDataDto,
    method: PaymentMethodType | undefined,
  ): Promise<GiftDesignation> {
    const fundId = d.fundId ?? GENERAL_FUND_ID;
    // General is always open: a gift to it is started without the database (only Stripe and Redis are needed).
    if (fundId !== GENERAL_FUND_ID && !(await funds.isOpen(this.ds, fundId))) throw badRequest(FUND_NOT_OFFERED);
    const fee = d.coverFees ? feeCoverageFor(amount, feeFor(method, await this.fees.current())) : 0;
    return {
      fundId,
      giftCents: fee > 0 ? amount : null,
      feeCoverageCents: fee > 0 ? fee : null,
      // The payment is then limited to this method (StripeDonationsService), and the worker checks the one that paid.
      feeMethod: fee > 0 ? (method ?? 'card') : null,
      tribute:
        d.tributeKind && d.tributeName
          ? {
              kind: d.tributeKind,
              name: d.tributeName,
              notifyEmail: d.tributeEmail ?? null,
              notifyAddress: d.tributeAddress ?? null,
              showAmount: d.tributeShowAmount === true,
            }
          : null,
    };
  }

  /**
   * Starts the payment. The answer's recordToken (32 random bytes) is known only to this browser; the payment's
   * metadata keeps its SHA-256, so no one else, not even someone who learns the payment's id, can record it.
   */
  async createPaymentIntent(dto: CreatePaymentIntentDto, ip: string | undefined): Promise<PaymentIntentResponseDto> {
    await this.limiter.hitIntent(ip, dto.donationData.email);
    const attribution = await this.attribution(dto);
    const designation = await this.designation(
      dto.amount,
      attribution.fundId ? { ...dto.donationData, fundId: attribution.fundId } : dto.donationData,
      dto.paymentMethodType,
    );
    const chargedCents = dto.amount + (designation.feeCoverageCents ?? 0);
    const recordToken = newToken();
    const start = await this.payments.start(
      chargedCents,
      dto.donationData.frequency,
      dto.donationData,
      recordTokenHash(recordToken),
      designation,
      attribution,
    );
    return { ...start, recordToken, chargedCents };
  }

  /**
   * The appeal the gift is made through (by slug), which must be open now: a closed, ended, upcoming or draft
   * appeal is refused with 409 and a sentence naming the general donate page. An appeal that pays into one fund
   * sends the gift there. utm values are kept as the link carried them.
   */
  private async attribution(dto: CreatePaymentIntentDto): Promise<GiftAttribution & { fundId: number | null }> {
    let appealId: string | null = null;
    let fundId: number | null = null;
    if (dto.appeal) {
      const appeal = await appeals.bySlug(this.ds, dto.appeal);
      if (!appeal || appeal.status === 'draft') throw new DomainError(404, 'No such appeal');
      if (appealState(appeal) !== 'open') throw new DomainError(409, APPEAL_CLOSED_MESSAGE);
      appealId = appeal.id;
      fundId = appeal.fund_id;
    }
    return {
      appealId,
      fundId,
      utmSource: dto.utmSource ?? null,
      utmCampaign: dto.utmCampaign ?? null,
      showName: dto.showName === true,
    };
  }

  /**
   * Records a gift once its payment has succeeded (a one-time PaymentIntent, or a subscription's paid first
   * invoice), for the browser holding its record token. Amount, frequency, customer and the donor's details all
   * come from Stripe, never from the body. A second post for the same payment returns the first record.
   * Without Stripe's word nothing is recorded: 503, and the page shows that the payment itself went through.
   */
  async record(dto: RecordDonationDto, ip: string | undefined): Promise<DonationRecordedDto> {
    await this.limiter.hitRecord(ip);
    let found: PaidGiftLookup;
    try {
      found = await this.paid.read(dto, dto.recordToken);
    } catch (err) {
      this.logger.warn(
        {
          err: (err as Error).message,
          type: (err as { type?: string }).type,
          paymentIntentId: dto.paymentIntentId,
          subscriptionId: dto.subscriptionId,
        },
        'could not confirm a donation payment with Stripe; not recorded',
      );
      const down =
        err instanceof Stripe.errors.StripeConnectionError ||
        err instanceof Stripe.errors.StripeAPIError ||
        err instanceof Stripe.errors.StripeRateLimitError;
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
