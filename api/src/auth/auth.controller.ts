import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicAdmin } from './admin.repository.js';
import { CurrentAdmin } from './current-admin.decorator.js';
import { LoginDto } from './dto/login.dto.js';
import { AdminDto, LoginResponseDto, SuccessDto } from './dto/responses.js';
import { ChallengeDto, EnrolmentStartDto, EnrolResponseDto, TwoFactorCodeDto } from './dto/two-factor.dto.js';
import { LoginService, type LoginOutcome, type RequestMeta } from './login.service.js';
import { Public } from './public.decorator.js';
import { OwnAccount } from './roles.decorator.js';
import { TwoFactorLoginService } from './two-factor/two-factor-login.service.js';

export function requestMeta(req: Request): RequestMeta {
  return { ip: req.ip, userAgent: req.get('user-agent') ?? undefined };
}

/** A sign-in outcome as the API answers it (see LoginResponseDto). */
export function loginAnswer(outcome: LoginOutcome): LoginResponseDto {
  return outcome.admin
    ? { success: true, sessionToken: outcome.sessionToken, admin: outcome.admin }
    : { success: false, next: outcome.next, challengeToken: outcome.challengeToken };
}

@ApiTags('admin auth')
@Controller('admin')
export class AuthController {
  constructor(
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(TwoFactorLoginService) private readonly twoFactor: TwoFactorLoginService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto })
  async signIn(
    @Body() body: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    return loginAnswer(await this.login.login(body.email, body.password, requestMeta(req)));
  }

  @Public()
  @Post('login/two-factor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Second step of signing in: a code from the authenticator app, or a recovery code' })
  @ApiOkResponse({ type: LoginResponseDto })
  async secondFactor(
    @Body() body: TwoFactorCodeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    return loginAnswer(await this.twoFactor.verify(body.challengeToken, body.code, requestMeta(req)));
  }

  @Public()
  @Post('login/two-factor/setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enrolment during sign-in: a new secret and its QR code' })
  @ApiOkResponse({ type: EnrolmentStartDto })
  async enrolmentSetup(
    @Body() body: ChallengeDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EnrolmentStartDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.twoFactor.enrolmentSetup(body.challengeToken);
  }

  @Public()
  @Post('login/two-factor/enrol')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Enrolment during sign-in: one code confirms it; answers the session and ten recovery codes',
  })
  @ApiOkResponse({ type: EnrolResponseDto })
  async enrol(
    @Body() body: TwoFactorCodeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EnrolResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    const outcome = await this.twoFactor.enrol(body.challengeToken, body.code, requestMeta(req));
    return { ...loginAnswer(outcome), recoveryCodes: outcome.recoveryCodes };
  }

  @ApiBearerAuth()
  @OwnAccount()
  @Get('me')
  @ApiOkResponse({ type: AdminDto })
  me(@CurrentAdmin() admin: PublicAdmin, @Res({ passthrough: true }) res: Response): AdminDto {
    res.setHeader('Cache-Control', 'no-store');
    return admin;
  }

  @ApiBearerAuth()
  @OwnAccount()
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  async signOut(@CurrentAdmin() admin: PublicAdmin, @Req() req: Request): Promise<SuccessDto> {
    await this.login.logout(admin, req.adminSessionId!, requestMeta(req));
    return { success: true };
  }
}
