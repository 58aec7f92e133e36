import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { bearerToken } from '../auth/admin-session.guard.js';
import { isWellFormedToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { unauthorized } from '../../../core/src/http/errors.js';
import { DonorSessionRepository, type SignedInDonor, type SignedInLink } from './donor-session.repository.js';
import { MyGivingRepository } from './my-giving.repository.js';

export const DONOR_SESSION_ENDED = 'Your sign-in has ended. Please ask for a new link.';

/**
 * The guard of the donor's own calls (/api/my-giving/...): a live donor session from a spent e-mailed link.
 * A donor session is a token of its own table, so no admin route accepts it (the admin guard looks only at
 * admin sessions), and an admin token is no donor session either.
 *
 * Its reach is read at every request from the read model by its link's e-mail (donor identity), never a list
 * kept from sign-in: after a merge, an undo, an e-mail change or an erasure it reaches exactly what a new link
 * would. A session that reaches nothing any more (or whose card link's gift is no longer reached) is ended.
 * (Such changes also end the sessions of the addresses involved at once: the donors_identity_changed trigger.)
 */
@Injectable()
export class DonorSessionGuard implements CanActivate {
  constructor(
    @Inject(DonorSessionRepository) private readonly sessions: DonorSessionRepository,
    @Inject(MyGivingRepository) private readonly giving: MyGivingRepository,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { donorSession?: SignedInDonor }>();
    const res = ctx.switchToHttp().getResponse<Response>();
    // The donor's gifts and card: no browser or proxy may keep a copy.
    res.setHeader('Cache-Control', 'no-store');
    const token = bearerToken(req.get('authorization'));
    const session = isWellFormedToken(token) ? await this.sessions.touch(tokenHash(token)) : undefined;
    const reach = session ? await this.reachOf(session) : null;
    if (!session || !reach) {
      if (session) await this.sessions.end(session.id);
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw unauthorized(DONOR_SESSION_ENDED);
    }
    req.donorSession = { ...session, ...reach };
    return true;
  }

  private async reachOf(s: SignedInLink): Promise<Pick<SignedInDonor, 'email' | 'customerIds'> | null> {
    const reach = await this.giving.reach(s.email);
    if (!reach) return null;
    if (
      s.purpose === 'card' &&
      !(s.subscriptionId && (await this.giving.ownsPlan(reach.customerIds, s.subscriptionId)))
    )
      return null;
    return reach;
  }
}

/** The donor session the guard found. */
export const CurrentDonor = createParamDecorator((_: unknown, ctx: ExecutionContext): SignedInDonor => {
  return ctx.switchToHttp().getRequest<Request & { donorSession: SignedInDonor }>().donorSession;
});
