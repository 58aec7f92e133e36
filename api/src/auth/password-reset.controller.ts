import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { requestMeta, withRetryAfter } from './auth.controller.js';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto.js';
import { PasswordResetService, RESET_REQUEST_MESSAGE } from './password-reset.service.js';
import { Public } from './public.decorator.js';

@ApiTags('admin auth')
@Controller('admin/password-reset')
export class PasswordResetController {
  constructor(@Inject(PasswordResetService) private readonly resets: PasswordResetService) {}

  @Public()
  @Post('request')
  @HttpCode(200)
  async request(@Body() body: PasswordResetRequestDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await withRetryAfter(res, () => this.resets.request(body.email, requestMeta(req)));
    return { message: RESET_REQUEST_MESSAGE };
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body() body: PasswordResetConfirmDto, @Req() req: Request) {
    await this.resets.confirm(body.token, body.newPassword, requestMeta(req));
    return { message: 'Password has been reset' };
  }
}
