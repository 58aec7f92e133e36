import { readSchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { businessDayAfter } from '../../../core/src/gifts/bank-settlement.js';
import { dayOf, todayIn } from '../../../core/src/gifts/calendar.js';
import { planFeeCoverage } from '../../../core/src/donor-access/plan-changes.js';
import { notFound } from '../../../core/src/http/errors.js';
import { isBankDebit } from '../../../core/src/read-model/to-charge-row.js';
import { donorYearGifts, findStatementDonor } from '../../../core/src/statements/statement-gifts.js';
import { renderStatementNow, statementFilename } from '../../../core/src/statements/year-end-statement.pdf.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import type { SignedInDonor } from './donor-session.repository.js';
import type { MyGivingPlanDto, MyGivingDto } from './dto/my-giving.dto.js';
import { MyGivingRepository, type PlanRow } from './my-giving.repository.js';

export function toPlanDto(p: PlanRow): MyGivingPlanDto {
  const bank = isBankDebit(p);
  return {
    id: p.id,
    amount: Number(p.amount ?? 0),
    feeCoverage: planFeeCoverage(Number(p.amount ?? 0), p.metadata, bank ? 'us_bank_account' : 'card'),
    frequency: p.frequency ?? 'monthly',
    status: p.shown_status,
    nextChargeDate: p.next_at ? new Date(p.next_at).toISOString() : null,
    cardBrand: bank ? null : p.brand,
    cardLast4: bank ? null : p.last4,
    bankLast4: bank ? p.last4 : null,
    unpaidRenewal: p.unpaid_renewal,
    started: new Date(p.started).toISOString(),
  };
}

/** What the donor's page shows, from the read model only, bounded by the session's customers. */
@Injectable()
export class MyGivingService {
  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(MyGivingRepository) private readonly repo: MyGivingRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async overview(s: SignedInDonor): Promise<MyGivingDto> {
    const year = Number(todayIn(this.env.TIME_ZONE).slice(0, 4));
    const card = s.purpose === 'card';
    const plans = await this.repo.plans(s.customerIds, card ? s.subscriptionId : null);
    const gifts = card ? [] : await this.repo.yearGifts(s.customerIds, year, this.env.TIME_ZONE);
    const statements = card ? [] : await this.repo.statementYears(s.customerIds, this.env.TIME_ZONE);
    const processing = card ? [] : await this.repo.processingGifts(s.customerIds);
    return {
      purpose: s.purpose,
      email: s.email,
      plans: plans.map(toPlanDto),
      year,
      gifts: gifts.map((g) => ({
        id: g.id,
        day: g.day,
        amount: Number(g.net),
        frequency: g.gift_type,
        receiptNumber: g.receipt_number ?? null,
      })),
      processing: processing.map((g) => {
        const day = dayOf(new Date(g.created), this.env.TIME_ZONE);
        return {
          id: g.id,
          day,
          expectedDay: businessDayAfter(day),
          amount: Number(g.amount),
          frequency: g.frequency,
          bankLast4: g.last4,
        };
      }),
      statements,
      timeZone: this.env.TIME_ZONE,
    };
  }

  /** The donor's own year-end statement: the same PDF the admin downloads. */
  async statement(
    s: SignedInDonor,
    customerId: string,
    yearText: string,
    meta: RequestMeta,
  ): Promise<{ filename: string; pdf: Buffer }> {
    const year = Number(yearText);
    const offered =
      s.purpose === 'manage' &&
      (await this.repo.statementYears(s.customerIds, this.env.TIME_ZONE)).some(
        (x) => x.customerId === customerId && x.year === year,
      );
    const donor = offered ? await findStatementDonor(this.repo.ds, customerId) : null;
    if (!donor) throw notFound('No statement for this year');
    const gifts = await donorYearGifts(this.repo.ds, customerId, year, this.env.TIME_ZONE);
    const pdf = await renderStatementNow(this.env, donor, year, gifts, await readSchoolIdentity(this.repo.ds));
    await this.audit.record('donor.statement_downloaded', {
      actorKind: 'donor',
      donorId: customerId,
      success: true,
      ...meta,
      details: { customerId, year },
    });
    return { filename: statementFilename(year, donor), pdf };
  }
}
