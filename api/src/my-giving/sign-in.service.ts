import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { donorLinks } from '../../../core/src/donor-access/donor-links.js';
import { DONOR_ACCESS } from '../../../core/src/donor-access/donor-links.js';
import { outbox } from '../../../core/src/mail-outbox/outbox.repository.js';
import { isWellFormedToken, newToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { DomainError } from '../../../core/src/http/errors.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import type { DonorSessionDto } from './dto/my-giving.dto.js';
import { DonorSessionRepository } from './donor-session.repository.js';
import { MyGivingRepository } from './my-giving.repository.js';
import { MyGivingRateLimiter } from './my-giving-rate-limiter.js';

export const LINK_REQUESTED = `If we have gifts under that address, a sign-in link is on its way. It works once, for ${DONOR_ACCESS.manageLinkMinutes} minutes.`;
export const LINK_INVALID = 'This sign-in link is not valid. Please ask for a new one.';
export const LINK_USED = 'This sign-in link has already been used. Please ask for a new one.';
export const LINK_EXPIRED = 'This sign-in link has expired. Please ask for a new one.';

/** A link that cannot open a session: 410 Gone for spent and expired links, 400 for one that never existed. */
class LinkRefused extends DomainError {}

/**
 * Sign-in by e-mailed link, without an account. The request answers before looking the address up, the
 * same words either way, so neither the answer nor its timing says whether the school knows the address.
 * The link is an outbox message; the worker mints its token when it sends it. Opening it spends it and
 * starts a donor session, whose reach the session guard reads again at every request.
 */
@Injectable()
export class SignInService implements BeforeApplicationShutdown {
  private readonly pending = new Set<Promise<void>>();
  private readonly logger: Logger;

  constructor(
    @Inject(LOGGER) logger: Logger,
    @Inject(MyGivingRepository) private readonly repo: MyGivingRepository,
    @Inject(DonorSessionRepository) private readonly sessions: DonorSessionRepository,
    @Inject(MyGivingRateLimiter) private readonly limiter: MyGivingRateLimiter,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {
    this.logger = logger.child({ module: 'my-giving' });
  }

  async requestLink(email: string, ip: string | undefined): Promise<void> {
    await this.limiter.hitLink(ip, email);
    const task = this.issue(email).catch((err: Error) =>
      this.logger.error({ err: err.message }, 'sign-in link request failed after answering'),
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** The link goes to the address we store for the donor the typed one identifies, never to the typed string. */
  private async issue(typed: string): Promise<void> {
    const reach = await this.repo.reach(typed);
    if (!reach) return;
    const { email, customerIds } = reach;
    await this.repo.ds.transaction(async (m) => {
      const id = await donorLinks.create(m, { email, customerIds, purpose: 'manage' });
      await outbox.enqueue(m, { kind: 'sign-in-link', subjectKey: id, recipient: email, customerId: customerIds[0] });
    });
  }

  async open(token: string, meta: RequestMeta): Promise<DonorSessionDto> {
    await this.limiter.hitOpen(meta.ip);
    if (!isWellFormedToken(token)) throw new LinkRefused(400, LINK_INVALID);
    const sessionToken = newToken();
    const outcome = await this.repo.ds.transaction(async (m) => {
      const link = await donorLinks.findForUpdate(m, token);
      if (!link) return { refused: new LinkRefused(400, LINK_INVALID) };
      if (link.used_at) return { refused: new LinkRefused(410, LINK_USED), link };
      if (link.expired) return { refused: new LinkRefused(410, LINK_EXPIRED), link };
      await donorLinks.markUsed(m, link.id);
      await this.sessions.create(m, {
        tokenHash: tokenHash(sessionToken),
        linkId: link.id,
        purpose: link.purpose,
        subscriptionId: link.subscription_id,
      });
      return { link };
    });
    const donorId = outcome.link?.customer_ids[0] ?? null;
    await this.audit.record('donor.signed_in', {
      actorKind: 'donor',
      donorId,
      success: !outcome.refused,
      ip: meta.ip,
      userAgent: meta.userAgent,
      details: {
        purpose: outcome.link?.purpose ?? null,
        customerIds: outcome.link?.customer_ids ?? [],
        ...(outcome.refused ? { reason: outcome.refused.message } : {}),
      },
    });
    if (outcome.refused) throw outcome.refused;
    const link = outcome.link!;
    return {
      sessionToken,
      purpose: link.purpose,
      planId: link.subscription_id,
      idleMinutes: DONOR_ACCESS.sessionIdleMinutes,
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
