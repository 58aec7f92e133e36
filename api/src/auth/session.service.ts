import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { type SessionAdmin, SessionRepository } from './session.repository.js';
import { isWellFormedToken, newToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';

/**
 * Admin sessions: opaque bearer tokens whose SHA-256 alone is stored. Idle expiry slides on every
 * authenticated call; the absolute expiry never moves (OWASP: 30 min idle, 8 h absolute, configurable).
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(SessionRepository) private readonly repo: SessionRepository,
  ) {}

  async issue(adminId: string, meta: { ip?: string; userAgent?: string }): Promise<string> {
    const token = newToken();
    await this.repo.create({
      adminId,
      tokenHash: tokenHash(token),
      idleMinutes: this.env.SESSION_IDLE_MINUTES,
      absoluteHours: this.env.SESSION_ABSOLUTE_HOURS,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512),
    });
    await this.repo.pruneFor(adminId);
    return token;
  }

  async validate(token: string): Promise<SessionAdmin | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    return this.repo.touch(tokenHash(token), this.env.SESSION_IDLE_MINUTES);
  }

  revoke(sessionId: string): Promise<void> {
    return this.repo.revoke(sessionId);
  }
}
