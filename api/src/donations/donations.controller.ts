import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DonationsService } from './donations.service.js';
import { CreatePaymentIntentDto } from './dto/create-payment-intent.dto.js';
import { RecordDonationDto } from './dto/record-donation.dto.js';

/** The two public donation calls (SPEC section 7). Not under /api/admin or /api/stripe, so no session needed. */
@ApiTags('donations')
@Controller()
export class DonationsController {
  constructor(@Inject(DonationsService) private readonly donations: DonationsService) {}

  /** Starts a card payment: a PaymentIntent (one-time) or a subscription's first invoice (recurring). */
  @Post('create-payment-intent')
  @HttpCode(200)
  createPaymentIntent(@Body() body: CreatePaymentIntentDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    return this.donations.createPaymentIntent(body, req.ip);
  }

  /** Records the donor's form data after the browser confirmed the payment. */
  @Post('donation')
  @HttpCode(201)
  recordDonation(@Body() body: RecordDonationDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    return this.donations.record(body, req.ip);
  }
}
