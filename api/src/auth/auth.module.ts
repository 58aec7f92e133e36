import { Global, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ENV } from '../core/config/load-env.js';
import type { EnvDto } from '../core/config/env.dto.js';
import { LOGGER } from '../core/logging/logger.js';
import { ensureInitialAdmin } from './admin-accounts.js';
import { AdminRepository } from './admin.repository.js';
import { AdminSessionGuard } from './admin-session.guard.js';
import { AttemptThrottle } from './attempt-throttle.service.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { AuthController } from './auth.controller.js';
import { AUTH_LOGGER } from './auth.tokens.js';
import { LoginService } from './login.service.js';
import { warmUpDummyHash } from './password-hashing.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { ResetTokenRepository } from './reset-token.repository.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

/**
 * Admin accounts: sign-in, sessions, password reset, the audit log and the one guard (APP_GUARD) in front
 * of /api/admin/* and /api/stripe/*. Global so feature modules can inject AuditService without importing it.
 */
@Global()
@Module({
  controllers: [AuthController, PasswordResetController],
  providers: [
    { provide: AUTH_LOGGER, inject: [LOGGER], useFactory: (logger: Logger) => logger.child({ module: 'auth' }) },
    AdminRepository,
    SessionRepository,
    ResetTokenRepository,
    AuditRepository,
    AuditService,
    SessionService,
    AttemptThrottle,
    LoginService,
    PasswordResetService,
    { provide: APP_GUARD, useClass: AdminSessionGuard },
  ],
  exports: [AuditService, SessionService],
})
export class AuthModule implements OnApplicationBootstrap {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureInitialAdmin(this.ds, this.env, this.logger);
    await warmUpDummyHash();
  }
}
