import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { requestMeta } from './auth.controller.js';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto.js';
import { LoginResponseDto, MessageDto } from './dto/responses.js';
import { InviteAcceptService } from './invite-accept.service.js';
import { loginAnswer } from './auth.controller.js';
import { PasswordResetService, RESET_REQUEST_MESSAGE } from './password-reset.service.js';
import { Public } from './public.decorator.js';

@ApiTags('admin auth')
@Controller('admin/password-reset')
export class PasswordResetController {
  constructor(@Inject(PasswordResetService) private readonly resets: PasswordResetService) {}

  @Public()
  @Post('request')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async request(@Body() body: PasswordResetRequestDto, @Req() req: Request): Promise<MessageDto> {
    await this.resets.request(body.email, requestMeta(req));
    return { message: RESET_REQUEST_MESSAGE };
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async confirm(@Body() body: PasswordResetConfirmDto, @Req() req: Request): Promise<MessageDto> {
    await this.resets.confirm(body.token, body.newPassword, requestMeta(req));
    return { message: 'Password has been reset' };
  }
}

/** The link of an invitation e-mail: the invited admin's first password, then two-factor enrolment. */
@ApiTags('admin auth')
@Controller('admin/invite')
export class InviteController {
  constructor(@Inject(InviteAcceptService) private readonly invites: InviteAcceptService) {}

  @Public()
  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets the invited admin’s password; answers like sign-in (usually: enrol two-factor next)' })
  @ApiOkResponse({ type: LoginResponseDto })
  async accept(
    @Body() body: PasswordResetConfirmDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    return loginAnswer(await this.invites.accept(body.token, body.newPassword, requestMeta(req)));
  }
}
