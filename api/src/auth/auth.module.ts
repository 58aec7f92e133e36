import { Global, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { ensureInitialAdmin } from './admin-accounts.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { AdminRepository } from './admin.repository.js';
import { AdminSessionGuard } from './admin-session.guard.js';
import { AttemptThrottle } from './attempt-throttle.service.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { AuthController } from './auth.controller.js';
import { AUTH_LOGGER } from './auth.tokens.js';
import { LoginService } from './login.service.js';
import { warmUpDummyHash } from './password-hashing.js';
import { InviteController, PasswordResetController } from './password-reset.controller.js';
import { InviteAcceptService } from './invite-accept.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { ResetTokenRepository } from './reset-token.repository.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { TwoFactorLoginService } from './two-factor/two-factor-login.service.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { REQUIRE_TWO_FACTOR } from '../../../core/src/settings/admin-settings.js';
import { settings } from '../../../core/src/settings/settings.repository.js';

export const TWO_FACTOR_KEY_REQUIRED =
  'TWO_FACTOR_KEY is missing: this site requires two-factor sign-in for its admins, so none could sign in; set 32 random bytes (openssl rand -base64 32) and keep them with the backups';

/**
 * Admin accounts: sign-in, sessions, password reset, the audit log and the one guard (APP_GUARD) in front
 * of /api/admin/* and /api/stripe/*. Global so feature modules can inject AuditService without importing it.
 */
@Global()
@Module({
  controllers: [AuthController, AccountController, PasswordResetController, InviteController],
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
    AccountService,
    PasswordResetService,
    TwoFactorRepository,
    TwoFactorService,
    TwoFactorLoginService,
    InviteAcceptService,
    { provide: APP_GUARD, useClass: AdminSessionGuard },
  ],
  exports: [
    AuditService,
    SessionService,
    AccountService,
    TwoFactorService,
    AdminRepository,
    LoginService,
    TwoFactorRepository,
    AttemptThrottle,
    SessionRepository,
  ],
})
export class AuthModule implements OnApplicationBootstrap {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const keyMissingButRequired = !this.twoFactor.available && (await settings.read(this.ds, REQUIRE_TWO_FACTOR)).value;
    // A live site would start and then let no admin in (every sign-in needs the key to enrol): refuse to start.
    if (keyMissingButRequired && this.env.NODE_ENV === 'production') throw new Error(TWO_FACTOR_KEY_REQUIRED);
    await this.twoFactor.checkKey();
    await ensureInitialAdmin(this.ds, this.env, this.logger);
    if (keyMissingButRequired) {
      this.logger.warn(
        'two-factor sign-in is required but TWO_FACTOR_KEY is not set: admins cannot sign in until it is',
      );
    }
    await warmUpDummyHash();
  }
}
