import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { funds, GENERAL_FUND_ID, type Fund } from '../../../core/src/funds/funds.repository.js';
import { badRequest, DomainError, notFound } from '../../../core/src/http/errors.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import type {
  CreateFundDto,
  DonationOptionsDto,
  FundTotalDto,
  FundTotalsQueryDto,
  UpdateFundDto,
} from './funds.dto.js';
import { FundTotalsRepository } from './fund-totals.repository.js';
import { isCalendarDay } from '../../../core/src/gifts/calendar.js';
import { PaymentFeesService } from '../payment-fees/payment-fees.service.js';

const TAKEN = 'Another fund already has that name';

/** The school's funds: offered on the donate page, chosen on manual gifts, defined by owners (each change audited). */
@Injectable()
export class FundsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(FundTotalsRepository) private readonly fundTotals: FundTotalsRepository,
    @Inject(PaymentFeesService) private readonly fees: PaymentFeesService,
  ) {}

  /** The dashboard's Gifts by Fund: each fund's gifts, what reached it and the fee coverage kept apart. */
  async totals(q: FundTotalsQueryDto): Promise<FundTotalDto[]> {
    for (const [name, day] of [
      ['start_date', q.start_date],
      ['end_date', q.end_date],
    ] as const) {
      if (day !== undefined && !isCalendarDay(day)) throw badRequest(`${name} is not a real date: ${day}`);
    }
    const rows = await this.fundTotals.totals({
      fromDay: q.start_date ?? null,
      toDay: q.end_date ?? null,
      timeZone: this.env.TIME_ZONE,
    });
    return rows.map((r) => ({
      fundId: Number(r.id),
      name: r.name,
      archived: r.archived,
      gifts: Number(r.gifts),
      toFundCents: Number(r.to_fund),
      feeCoverageCents: Number(r.fee_coverage),
    }));
  }

  async donationOptions(): Promise<DonationOptionsDto> {
    return { funds: await funds.list(this.ds, { includeArchived: false }), ...(await this.fees.current()) };
  }

  list(): Promise<Fund[]> {
    return funds.list(this.ds, { includeArchived: true });
  }

  async create(actor: PublicAdmin, dto: CreateFundDto, meta: RequestMeta): Promise<Fund> {
    return this.ds.transaction(async (m) => {
      const fund = await funds.create(m, { name: dto.name, description: dto.description || null });
      if (!fund) throw new DomainError(409, TAKEN);
      await this.audit.record('fund.created', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { fundId: fund.id, name: fund.name },
        manager: m,
      });
      return fund;
    });
  }

  async update(actor: PublicAdmin, id: number, dto: UpdateFundDto, meta: RequestMeta): Promise<Fund> {
    if (id === GENERAL_FUND_ID && dto.archived)
      throw badRequest('The General fund cannot be archived: it is where gifts go when nobody chose a fund');
    return this.ds.transaction(async (m) => {
      const before = await funds.find(m, id);
      if (!before) throw notFound('No such fund');
      const after = await funds.update(m, id, {
        name: dto.name,
        description: dto.description === undefined ? undefined : dto.description || null,
        archived: dto.archived,
      });
      if (after === 'taken') throw new DomainError(409, TAKEN);
      if (!after) throw notFound('No such fund');
      const changed = (['name', 'description', 'archived'] as const).filter((k) => before[k] !== after[k]);
      if (changed.length) {
        await this.audit.record('fund.updated', {
          adminId: actor.id,
          success: true,
          ...meta,
          details: { fundId: id, changed, name: after.name },
          manager: m,
        });
      }
      return after;
    });
  }
}
