import { type CanActivate, type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { IS_PUBLIC } from './public.decorator.js';
import { isProtectedPath } from './protected-paths.js';
import { SessionService } from './session.service.js';

/**
 * The one guard (APP_GUARD) in front of every route. Routes under /api/admin and /api/stripe need a live
 * session (bearer token) unless marked @Public(); so a route added later is protected even if nobody
 * remembers a decorator. Other routes (public site, donations, health) pass through.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()]);
    if (isPublic) return true;
    if (!isProtectedPath(req.path, req.originalUrl, (req.route as { path?: string } | undefined)?.path)) return true;

    const res = ctx.switchToHttp().getResponse<Response>();
    // Admin answers carry donors' personal data: no browser or proxy may keep a copy.
    res.setHeader('Cache-Control', 'no-store');
    const token = bearerToken(req.get('authorization'));
    const session = token ? await this.sessions.validate(token) : undefined;
    if (!session) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException({ statusCode: 401, message: 'Invalid or expired session', error: 'Invalid or expired session' });
    }
    req.admin = { id: session.id, email: session.email, name: session.name };
    req.adminSessionId = session.sessionId;
    return true;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
