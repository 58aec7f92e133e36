import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DonorSessionRepository, type SignedInDonor } from './donor-session.repository.js';
import { CurrentDonor, DonorSessionGuard } from './donor-session.guard.js';
import {
  MyGivingCancelDto,
  CardSetupDto,
  ChangeAmountDto,
  ConfirmCardDto,
  DonorSessionDto,
  LinkRequestedDto,
  MyGivingDto,
  OpenSessionDto,
  PlanActionResultDto,
  RequestLinkDto,
} from './dto/my-giving.dto.js';
import { MyGivingService } from './my-giving.service.js';
import { PlanActionsService } from './plan-actions.service.js';
import { LINK_REQUESTED, SignInService } from './sign-in.service.js';

const meta = (req: Request) => ({ ip: req.ip, userAgent: req.get('user-agent') ?? undefined });

/**
 * The donors' own page (/my-giving): ask for a sign-in link, open it, see and change one's recurring gifts.
 * Not under /api/admin or /api/stripe: no admin session applies, and a donor session reaches nothing there.
 */
@ApiTags('my-giving')
@Controller('my-giving')
export class MyGivingSignInController {
  constructor(@Inject(SignInService) private readonly signIn: SignInService) {}

  @Post('link')
  @HttpCode(202)
  @ApiOperation({ summary: 'E-mails a sign-in link to the address when it has gifts; the same answer either way' })
  @ApiOkResponse({ type: LinkRequestedDto })
  async requestLink(
    @Body() body: RequestLinkDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LinkRequestedDto> {
    res.setHeader('Cache-Control', 'no-store');
    await this.signIn.requestLink(body.email, req.ip);
    return { message: LINK_REQUESTED };
  }

  @Post('session')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Spends an e-mailed link and opens a donor session (410 when the link was used or expired)',
  })
  @ApiOkResponse({ type: DonorSessionDto })
  open(
    @Body() body: OpenSessionDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DonorSessionDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.signIn.open(body.token, meta(req));
  }
}

@ApiTags('my-giving')
@ApiBearerAuth()
@UseGuards(DonorSessionGuard)
@Controller('my-giving')
export class MyGivingController {
  constructor(
    @Inject(MyGivingService) private readonly giving: MyGivingService,
    @Inject(PlanActionsService) private readonly actions: PlanActionsService,
    @Inject(DonorSessionRepository) private readonly sessions: DonorSessionRepository,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The donor's recurring gifts, this year's gifts with receipt numbers, and their statements",
  })
  @ApiOkResponse({ type: MyGivingDto })
  overview(@CurrentDonor() s: SignedInDonor): Promise<MyGivingDto> {
    return this.giving.overview(s);
  }

  @Get('statements/:customerId/:year')
  @ApiOperation({ summary: "The donor's own year-end statement (PDF)" })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF (attachment)', schema: { type: 'string', format: 'binary' } })
  async statement(
    @CurrentDonor() s: SignedInDonor,
    @Param('customerId') customerId: string,
    @Param('year') year: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { filename, pdf } = await this.giving.statement(s, customerId, year, meta(req));
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.end(pdf);
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The session is ended' })
  async signOut(@CurrentDonor() s: SignedInDonor): Promise<void> {
    await this.sessions.end(s.id);
  }

  @Post('plans/:id/amount')
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes the amount from the next charge on (no proration)' })
  @ApiOkResponse({ type: PlanActionResultDto })
  async amount(
    @CurrentDonor() s: SignedInDonor,
    @Param('id') id: string,
    @Body() body: ChangeAmountDto,
    @Req() req: Request,
  ): Promise<PlanActionResultDto> {
    return { message: await this.actions.changeAmount(s, id, body.amount, body.coverFees === true, meta(req)) };
  }

  @Post('plans/:id/pause')
  @HttpCode(200)
  @ApiOkResponse({ type: PlanActionResultDto })
  async pause(
    @CurrentDonor() s: SignedInDonor,
    @Param('id') id: string,
    @Req() req: Request,
  ): Promise<PlanActionResultDto> {
    return { message: await this.actions.pause(s, id, meta(req)) };
  }

  @Post('plans/:id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resumes a paused gift, or keeps a gift whose cancellation was scheduled' })
  @ApiOkResponse({ type: PlanActionResultDto })
  async resume(
    @CurrentDonor() s: SignedInDonor,
    @Param('id') id: string,
    @Req() req: Request,
  ): Promise<PlanActionResultDto> {
    return { message: await this.actions.resume(s, id, meta(req)) };
  }

  @Post('plans/:id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: PlanActionResultDto })
  async cancel(
    @CurrentDonor() s: SignedInDonor,
    @Param('id') id: string,
    @Body() body: MyGivingCancelDto,
    @Req() req: Request,
  ): Promise<PlanActionResultDto> {
    return { message: await this.actions.cancel(s, id, body.when, meta(req)) };
  }

  @Post('plans/:id/card-setup')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "A SetupIntent for the new card or bank account (confirmed in the browser with the Payment Element's confirmSetup)",
  })
  @ApiOkResponse({ type: CardSetupDto })
  async cardSetup(@CurrentDonor() s: SignedInDonor, @Param('id') id: string): Promise<CardSetupDto> {
    return { clientSecret: await this.actions.cardSetup(s, id) };
  }

  @Post('plans/:id/card')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Makes the confirmed card or bank account the gift's payment method and pays an unpaid renewal with it at once",
  })
  @ApiOkResponse({ type: PlanActionResultDto })
  async card(
    @CurrentDonor() s: SignedInDonor,
    @Param('id') id: string,
    @Body() body: ConfirmCardDto,
    @Req() req: Request,
  ): Promise<PlanActionResultDto> {
    return { message: await this.actions.confirmCard(s, id, body.setupIntentId, meta(req)) };
  }
}
