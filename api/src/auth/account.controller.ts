import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicAdmin } from './admin.repository.js';
import { AccountService } from './account.service.js';
import { requestMeta } from './auth.controller.js';
import { CurrentAdmin } from './current-admin.decorator.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { ChangePasswordResponseDto, LogoutEverywhereResponseDto, SuccessDto } from './dto/responses.js';
import {
  AccountCodeDto,
  EnrolmentStartDto,
  RecoveryCodesDto,
  SessionDto,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
} from './dto/two-factor.dto.js';
import { OwnAccount } from './roles.decorator.js';

/** The signed-in admin's own account, whatever their role. */
@ApiTags('admin auth')
@ApiBearerAuth()
@OwnAccount()
@Controller('admin')
export class AccountController {
  constructor(@Inject(AccountService) private readonly account: AccountService) {}

  @Post('change-password')
  @HttpCode(200)
  @ApiOkResponse({ type: ChangePasswordResponseDto })
  @ApiOperation({
    summary: 'Changes the signed-in admin’s password; every session ends and this browser gets a new token',
  })
  async changePassword(
    @CurrentAdmin() admin: PublicAdmin,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChangePasswordResponseDto> {
    const sessionToken = await this.account.changePassword(
      admin,
      body.currentPassword,
      body.newPassword,
      requestMeta(req),
    );
    res.setHeader('Cache-Control', 'no-store');
    return { success: true, sessionToken, message: 'Password changed. Every other session has been signed out.' };
  }

  @Post('logout-everywhere')
  @HttpCode(200)
  @ApiOkResponse({ type: LogoutEverywhereResponseDto })
  @ApiOperation({ summary: 'Signs the admin out of every session, this one included' })
  async signOutEverywhere(
    @CurrentAdmin() admin: PublicAdmin,
    @Req() req: Request,
  ): Promise<LogoutEverywhereResponseDto> {
    const sessionsRevoked = await this.account.signOutEverywhere(admin, requestMeta(req));
    return { success: true, sessionsRevoked };
  }

  @Get('account/two-factor')
  @ApiOkResponse({ type: TwoFactorStatusDto })
  twoFactorStatus(@CurrentAdmin() admin: PublicAdmin): Promise<TwoFactorStatusDto> {
    return this.account.twoFactorStatus(admin.id);
  }

  @Post('account/two-factor/setup')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Starts (or restarts) enrolment after the password or a current code: a new secret and its QR code; the current one stays until a code confirms the new one',
  })
  @ApiOkResponse({ type: EnrolmentStartDto })
  twoFactorSetup(
    @CurrentAdmin() admin: PublicAdmin,
    @Body() body: TwoFactorSetupDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EnrolmentStartDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.account.twoFactorSetup(admin, body, requestMeta(req));
  }

  @Post('account/two-factor/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Confirms enrolment with one code; answers ten new recovery codes (shown once), ends the admin’s other sessions and e-mails them',
  })
  @ApiOkResponse({ type: RecoveryCodesDto })
  async twoFactorConfirm(
    @CurrentAdmin() admin: PublicAdmin,
    @Body() body: AccountCodeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodesDto> {
    res.setHeader('Cache-Control', 'no-store');
    return {
      recoveryCodes: await this.account.twoFactorConfirm(admin, body.code, requestMeta(req), req.adminSessionId),
    };
  }

  @Get('account/sessions')
  @ApiOperation({ summary: 'The signed-in admin’s live sessions' })
  @ApiOkResponse({ type: [SessionDto] })
  sessions(@CurrentAdmin() admin: PublicAdmin, @Req() req: Request): Promise<SessionDto[]> {
    return this.account.liveSessions(admin.id, req.adminSessionId);
  }

  @Delete('account/sessions/:sessionId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends one of the signed-in admin’s sessions' })
  @ApiOkResponse({ type: SuccessDto })
  async revokeSession(
    @CurrentAdmin() admin: PublicAdmin,
    @Param('sessionId', new ParseUUIDPipe({ errorHttpStatusCode: 400 })) sessionId: string,
    @Req() req: Request,
  ): Promise<SuccessDto> {
    await this.account.revokeSession(admin, admin.id, sessionId, requestMeta(req));
    return { success: true };
  }
}
