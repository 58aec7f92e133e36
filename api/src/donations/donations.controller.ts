import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DonationsService } from './donations.service.js';
import { CreatePaymentIntentDto } from './dto/create-payment-intent.dto.js';
import { RecordDonationDto } from './dto/record-donation.dto.js';
import { DonationRecordedDto, PaymentIntentResponseDto } from './dto/payment-start.dto.js';
import {
  MakeMonthlyDto,
  MonthlyPlanStartedDto,
  ReceiptStatusDto,
  ReceiptStatusQueryDto,
} from './dto/receipt-status.dto.js';
import { MakeMonthlyService } from './make-monthly.service.js';

/** The two public donation calls (SPEC section 7). Not under /api/admin or /api/stripe, so no session needed. */
@ApiTags('donations')
@Controller()
export class DonationsController {
  constructor(
    @Inject(DonationsService) private readonly donations: DonationsService,
    @Inject(MakeMonthlyService) private readonly monthly: MakeMonthlyService,
  ) {}

  /** Starts a card payment: a PaymentIntent (one-time) or a subscription's first invoice (recurring). */
  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentIntentResponseDto })
  createPaymentIntent(
    @Body() body: CreatePaymentIntentDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaymentIntentResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.donations.createPaymentIntent(body, req.ip);
  }

  /** Records the donor's form data after the browser confirmed the payment. */
  @Post('donation')
  @HttpCode(201)
  @ApiCreatedResponse({ type: DonationRecordedDto })
  recordDonation(
    @Body() body: RecordDonationDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DonationRecordedDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.donations.record(body, req.ip);
  }

  /**
   * The gift's receipt number once the acknowledgment exists (the thank-you asks a few times). Only for the
   * page holding the payment's record token; anyone else gets 403 for every payment, real or not.
   */
  @Post('donation/receipt')
  @HttpCode(200)
  @ApiOkResponse({ type: ReceiptStatusDto })
  receiptStatus(
    @Body() body: ReceiptStatusQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReceiptStatusDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.donations.receiptStatus(body);
  }

  /** After a one-time gift: the same amount monthly, from next month, with the same card (once per gift). */
  @Post('donation/make-monthly')
  @HttpCode(200)
  @ApiOkResponse({ type: MonthlyPlanStartedDto })
  makeMonthly(
    @Body() body: MakeMonthlyDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MonthlyPlanStartedDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.donations.limitedMakeMonthly(req.ip, () => this.monthly.start(body.paymentIntentId, body.recordToken));
  }
}
