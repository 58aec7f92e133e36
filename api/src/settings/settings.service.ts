import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { badRequest } from '../../../core/src/http/errors.js';
import {
  AUTOMATIC_ACKNOWLEDGMENTS,
  switchAutomaticAcknowledgments,
} from '../../../core/src/acknowledgments/acknowledgment-setting.js';
import { FISCAL_YEAR_START } from '../../../core/src/fiscal-year/fiscal-year-setting.js';
import { rebuildDonorFiscalYears } from '../../../core/src/read-model/aggregates.js';
import { INBOX_RETENTION, inboxRetentionDays, REQUIRE_TWO_FACTOR } from '../../../core/src/settings/admin-settings.js';
import {
  settings,
  type SettingDefinition,
  type StoredSetting,
} from '../../../core/src/settings/settings.repository.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import { TwoFactorService } from '../auth/two-factor/two-factor.service.js';
import type { SettingChangeDto, SettingsDto, UpdateSettingsDto } from './settings.dto.js';

/**
 * The Settings page (owners): the school-wide switches stored in `settings`. Each change is written with its
 * audit entry in one transaction. Later issues add their settings here as more fields.
 */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
  ) {}

  private async changeOf(s: StoredSetting<unknown>): Promise<SettingChangeDto> {
    const by = s.updatedBy ? await this.ds.query(`SELECT name FROM admins WHERE id = $1`, [s.updatedBy]) : [];
    return { updatedAt: s.updatedAt?.toISOString() ?? null, updatedBy: by[0]?.name ?? null };
  }

  async read(): Promise<SettingsDto> {
    const twoFactor = await settings.read(this.ds, REQUIRE_TWO_FACTOR);
    const retention = await settings.read(this.ds, INBOX_RETENTION);
    const inForce = await inboxRetentionDays(this.ds, this.env.INBOX_RETENTION_DAYS);
    const acks = await settings.read(this.ds, AUTOMATIC_ACKNOWLEDGMENTS);
    const fiscal = await settings.read(this.ds, FISCAL_YEAR_START);
    return {
      fiscalYearStartMonth: { value: fiscal.value, ...(await this.changeOf(fiscal)) },
      automaticAcknowledgments: { value: acks.value.enabled, since: acks.value.since, ...(await this.changeOf(acks)) },
      requireTwoFactor: { value: twoFactor.value, ...(await this.changeOf(twoFactor)) },
      inboxRetentionDays: {
        value: inForce.days,
        source: inForce.source,
        environmentValue: this.env.INBOX_RETENTION_DAYS,
        ...(await this.changeOf(retention)),
      },
      twoFactorAvailable: this.twoFactor.available,
    };
  }

  async update(actor: PublicAdmin, dto: UpdateSettingsDto, meta: RequestMeta): Promise<SettingsDto> {
    if (dto.requireTwoFactor && !this.twoFactor.available) {
      throw badRequest(
        'Two-factor sign-in cannot be required before the server has a TWO_FACTOR_KEY: nobody could enrol.',
      );
    }
    await this.ds.transaction(async (m) => {
      const change = async <T>(def: SettingDefinition<T>, value: T | undefined, from: T) => {
        if (value === undefined || value === from) return;
        await settings.write(m, def, value, actor.id);
        await this.audit.record('settings.changed', {
          adminId: actor.id,
          success: true,
          ...meta,
          details: { key: def.key, from, to: value },
          manager: m,
        });
      };
      await change(REQUIRE_TWO_FACTOR, dto.requireTwoFactor, (await settings.read(m, REQUIRE_TWO_FACTOR)).value);
      await change(
        INBOX_RETENTION,
        dto.inboxRetentionDays,
        (await inboxRetentionDays(m, this.env.INBOX_RETENTION_DAYS)).days,
      );
      const fiscalStart = (await settings.read(m, FISCAL_YEAR_START)).value;
      await change(FISCAL_YEAR_START, dto.fiscalYearStartMonth, fiscalStart);
      // Each donor's gifts per fiscal year follow the new start month, in the same transaction (seconds at a million gifts).
      if (dto.fiscalYearStartMonth !== undefined && dto.fiscalYearStartMonth !== fiscalStart)
        await rebuildDonorFiscalYears(m, this.env.TIME_ZONE, { lock: true });
      if (dto.automaticAcknowledgments !== undefined) {
        const switched = await switchAutomaticAcknowledgments(m, dto.automaticAcknowledgments, actor.id);
        if (switched) {
          await this.audit.record('settings.changed', {
            adminId: actor.id,
            success: true,
            ...meta,
            details: { key: AUTOMATIC_ACKNOWLEDGMENTS.key, ...switched },
            manager: m,
          });
        }
      }
    });
    return this.read();
  }
}
