import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicAdmin } from './admin.repository.js';
import { TooManyAttemptsException } from './attempt-throttle.service.js';
import { CurrentAdmin } from './current-admin.decorator.js';
import { LoginDto } from './dto/login.dto.js';
import { LoginService, type RequestMeta } from './login.service.js';
import { Public } from './public.decorator.js';

export function requestMeta(req: Request): RequestMeta {
  return { ip: req.ip, userAgent: req.get('user-agent') ?? undefined };
}

/** Sets Retry-After on a throttled answer (the exception filter writes the body). */
export async function withRetryAfter<T>(res: Response, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TooManyAttemptsException) res.setHeader('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}

@ApiTags('admin auth')
@Controller('admin')
export class AuthController {
  constructor(@Inject(LoginService) private readonly login: LoginService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async signIn(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { sessionToken, admin } = await withRetryAfter(res, () => this.login.login(body.email, body.password, requestMeta(req)));
    res.setHeader('Cache-Control', 'no-store');
    return { success: true, sessionToken, admin };
  }

  @ApiBearerAuth()
  @Get('me')
  me(@CurrentAdmin() admin: PublicAdmin, @Res({ passthrough: true }) res: Response): PublicAdmin {
    res.setHeader('Cache-Control', 'no-store');
    return admin;
  }

  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  async signOut(@CurrentAdmin() admin: PublicAdmin, @Req() req: Request) {
    await this.login.logout(admin, req.adminSessionId!, requestMeta(req));
    return { success: true };
  }
}
