import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { IS_PUBLIC } from './public.decorator.js';
import { type AdminRole, DEFAULT_ROLES, ROLES_KEY } from './roles.decorator.js';
import { isProtectedPath } from './protected-paths.js';
import { SessionService } from './session.service.js';
import { forbidden, unauthorized } from '../../../core/src/http/errors.js';

/**
 * The one guard (APP_GUARD) in front of every route. Routes under /api/admin and /api/stripe need a live
 * session (bearer token) unless marked @Public(); so a route added later is protected even if nobody
 * remembers a decorator. Other routes (public site, donations, health) pass through. The session's role must
 * be one the route allows (@Roles, @AnyRole, @OwnerOnly; no decision means owners only). A disabled admin's
 * sessions are not live (SessionRepository.touch), so disabling takes effect on the next request.
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
      throw unauthorized('Invalid or expired session');
    }
    req.admin = { id: session.id, email: session.email, name: session.name, role: session.role };
    req.adminSessionId = session.sessionId;
    const allowed =
      this.reflector.getAllAndOverride<readonly AdminRole[]>(ROLES_KEY, [ctx.getHandler(), ctx.getClass()]) ??
      DEFAULT_ROLES;
    if (!allowed.includes(session.role))
      throw forbidden(`Your role (${session.role}) does not allow this. Ask an owner.`);
    return true;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
