import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { bearerToken } from '../auth/admin-session.guard.js';
import { isWellFormedToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { unauthorized } from '../../../core/src/http/errors.js';
import { DonorSessionRepository, type DonorSession } from './donor-session.repository.js';

export const DONOR_SESSION_ENDED = 'Your sign-in has ended. Please ask for a new link.';

/**
 * The guard of the donor's own calls (/api/my-giving/...): a live donor session from a spent e-mailed link.
 * A donor session is a token of its own table, so no admin route accepts it (the admin guard looks only at
 * admin sessions), and an admin token is no donor session either.
 */
@Injectable()
export class DonorSessionGuard implements CanActivate {
  constructor(@Inject(DonorSessionRepository) private readonly sessions: DonorSessionRepository) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { donorSession?: DonorSession }>();
    const res = ctx.switchToHttp().getResponse<Response>();
    // The donor's gifts and card: no browser or proxy may keep a copy.
    res.setHeader('Cache-Control', 'no-store');
    const token = bearerToken(req.get('authorization'));
    const session = isWellFormedToken(token) ? await this.sessions.touch(tokenHash(token)) : undefined;
    if (!session) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw unauthorized(DONOR_SESSION_ENDED);
    }
    req.donorSession = session;
    return true;
  }
}

/** The donor session the guard found. */
export const CurrentDonor = createParamDecorator((_: unknown, ctx: ExecutionContext): DonorSession => {
  return ctx.switchToHttp().getRequest<Request & { donorSession: DonorSession }>().donorSession;
});
