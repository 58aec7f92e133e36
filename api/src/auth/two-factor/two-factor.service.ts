import { Inject, Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import { DataSource } from 'typeorm';
import { readSchoolIdentity } from '../../../../core/src/site/published-school-facts.js';
import { ENV } from '../../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../../core/src/config/env.dto.js';
import { DomainError } from '../../../../core/src/http/errors.js';
import { parseTwoFactorKey, SecretBox } from './secret-box.js';
import {
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  stepOfCode,
} from './totp.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import type { EnrolmentStartDto } from '../dto/two-factor.dto.js';

/** Why a code was refused: none of the admin's codes, or a TOTP code already used (or older than the last used). */
export type CodeCheck = { ok: true; kind: 'totp' | 'recovery' } | { ok: false; reason: 'wrong_code' | 'reused_code' };

export const NOT_CONFIGURED =
  'Two-factor sign-in is not set up on this server (TWO_FACTOR_KEY is missing). Ask whoever runs it to set the key.';

/**
 * TOTP two-factor sign-in (RFC 6238, the `otpauth` library): enrolment with a QR code confirmed by one code,
 * ten recovery codes, and verification that accepts each time step once (the last accepted step is stored, so
 * a code cannot be replayed within its window, nor an older one used). Secrets are sealed with TWO_FACTOR_KEY.
 */
@Injectable()
export class TwoFactorService {
  private readonly box?: SecretBox;

  constructor(
    @Inject(ENV) env: EnvDto,
    @Inject(TwoFactorRepository) private readonly repo: TwoFactorRepository,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {
    if (env.TWO_FACTOR_KEY) this.box = new SecretBox(parseTwoFactorKey(env.TWO_FACTOR_KEY));
  }

  get available(): boolean {
    return Boolean(this.box);
  }

  private requireBox(): SecretBox {
    if (!this.box) throw new DomainError(503, NOT_CONFIGURED);
    return this.box;
  }

  /** A new pending secret for the admin (replacing any earlier pending one); the active one, if any, stays until confirmed. */
  async beginEnrolment(admin: { id: string; email: string }): Promise<EnrolmentStartDto> {
    const secret = newTotpSecret();
    await this.repo.setPending(admin.id, this.requireBox().seal(secret, admin.id));
    const url = otpauthUrl(secret, admin.email, (await readSchoolIdentity(this.ds)).name);
    return {
      secret,
      otpauthUrl: url,
      qrCode: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    };
  }

  /** Confirms the pending secret with one code; answers the ten recovery codes (shown once), or null for a wrong code. */
  async completeEnrolment(adminId: string, code: string): Promise<string[] | null> {
    const sealed = (await this.repo.secrets(adminId))?.pending;
    if (!sealed) throw new DomainError(400, 'Start the two-factor set-up again: no set-up is waiting for a code.');
    const step = stepOfCode(this.requireBox().open(sealed, adminId), code.trim());
    if (step === null) return null;
    const codes = newRecoveryCodes();
    if (!(await this.repo.activate(adminId, step, codes.map(recoveryCodeHash)))) return null;
    return codes;
  }

  /** Checks a code (6 digits, or a recovery code) against the admin's active secret and spends it. */
  async verify(adminId: string, code: string): Promise<CodeCheck> {
    const typed = code.trim();
    if (looksLikeRecoveryCode(typed) && !/^\d+$/.test(typed)) {
      return (await this.repo.useRecoveryCode(adminId, recoveryCodeHash(typed)))
        ? { ok: true, kind: 'recovery' }
        : { ok: false, reason: 'wrong_code' };
    }
    const sealed = (await this.repo.secrets(adminId))?.active;
    if (!sealed) return { ok: false, reason: 'wrong_code' };
    const step = stepOfCode(this.requireBox().open(sealed, adminId), typed);
    if (step === null) return { ok: false, reason: 'wrong_code' };
    return (await this.repo.acceptStep(adminId, step))
      ? { ok: true, kind: 'totp' }
      : { ok: false, reason: 'reused_code' };
  }

  async status(adminId: string): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }> {
    const s = await this.repo.secrets(adminId);
    return {
      enabled: Boolean(s?.active),
      enabledAt: s?.enabledAt ?? null,
      recoveryCodesLeft: await this.repo.recoveryCodesLeft(adminId),
    };
  }

  /**
   * Start-up: with any secret stored, the key must be present and must open it (a wrong or rotated key would
   * lock every enrolled admin out at sign-in; better to refuse to start with a clear line).
   */
  async checkKey(): Promise<void> {
    const one = await this.repo.anySealed();
    if (!one) return;
    if (!this.box)
      throw new Error(
        'TWO_FACTOR_KEY is missing, but admins have two-factor sign-in: set the key their secrets were sealed with',
      );
    try {
      this.box.open(one.sealed, one.id);
    } catch {
      throw new Error('TWO_FACTOR_KEY does not open the stored two-factor secrets: set the key they were sealed with');
    }
  }
}
