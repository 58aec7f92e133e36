import { readSchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { DomainError, notFound } from '../../../core/src/http/errors.js';
import { outbox } from '../../../core/src/mail-outbox/outbox.repository.js';
import { donorGiftYears, donorYearGifts, findStatementDonor } from '../../../core/src/statements/statement-gifts.js';
import { parseTaxYear } from '../../../core/src/statements/tax-year.js';
import { renderStatements, statementIssuedOn } from '../../../core/src/statements/year-end-statement.pdf.js';
import { AuditService } from '../auth/audit.service.js';
import { checkedCustomerId, type AuditContext } from './acknowledgments.service.js';
import type {
  DonorYearsDto,
  ResentStatementDto,
  SendStatementsResultDto,
  StatementHistoryDto,
  StatementRunDto,
} from './dto/statements.dto.js';
import { statementEditionFor } from '../../../core/src/school/donor-mail-texts.js';
import { todayIn } from '../../../core/src/gifts/calendar.js';
import { StatementsRepository } from './statements.repository.js';

/** The postal batch is rendered in one PDF; beyond this many donors the admin downloads statements one by one. */
const MAX_POSTAL_BATCH = 500;

/**
 * Year-end statements by e-mail, for every donor of a year at once. Sending queues one outbox message per
 * donor (the worker renders each donor's PDF when it sends); the progress is read back from the outbox, so
 * the admin can leave the page and come back. Donors without an e-mail address get theirs in one printable PDF.
 */
@Injectable()
export class StatementsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(StatementsRepository) private readonly repo: StatementsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  year(raw: string): number {
    const parsed = parseTaxYear(raw, this.env.TIME_ZONE);
    if (!parsed.ok) throw new DomainError(400, parsed.message);
    return parsed.year;
  }

  /** Before sending: who gave, who has an e-mail address, who must get theirs by post; after: how far the sending got. */
  async run(rawYear: string): Promise<StatementRunDto> {
    const year = this.year(rawYear);
    const edition = this.edition(year);
    const [givers, progress, notQueued, finalCandidates, history] = await Promise.all([
      this.repo.givers(year, this.env.TIME_ZONE),
      this.repo.progress(year),
      this.repo.notQueued(year, this.env.TIME_ZONE),
      edition === 'final' ? this.repo.finalCandidates(year, this.env.TIME_ZONE) : Promise.resolve(0),
      this.repo.history(year),
    ]);
    const postal = givers.filter((g) => !g.email);
    return {
      year,
      edition,
      yearEnds: `${year}-12-31`,
      toSend: edition === 'final' ? finalCandidates : notQueued + progress.failed,
      history: history.map((h) => ({
        customerId: h.customer_id,
        name: h.name,
        edition: (h.edition ?? 'unversioned') as StatementHistoryDto['edition'],
        status: h.status as StatementHistoryDto['status'],
        queuedAt: new Date(h.created_at).toISOString(),
        sentAt: h.sent_at ? new Date(h.sent_at).toISOString() : null,
      })),
      donors: givers.length,
      withEmail: givers.length - postal.length,
      withoutEmail: postal.length,
      withoutEmailDonors: postal
        .slice(0, MAX_POSTAL_BATCH)
        .map((g) => ({ id: g.customer_id, name: g.name, reason: g.deleted ? 'deleted' : 'no-email' })),
      progress: {
        sent: progress.sent,
        queued: progress.queued,
        sending: progress.sending,
        failed: progress.failed,
        notQueued,
      },
      lastQueuedAt: progress.last_queued_at ? new Date(progress.last_queued_at).toISOString() : null,
    };
  }

  /** What a send of `year` is today: interim until the year is over (school's time zone), then final. */
  private edition(year: number): 'interim' | 'final' {
    return statementEditionFor(year, Number(todayIn(this.env.TIME_ZONE).slice(0, 4)));
  }

  /**
   * Before the year ends: queues an interim statement to donors not sent one yet (a second click queues none).
   * After it ends: a final statement to every donor never sent one, and a corrected one to donors whose gifts
   * changed since their last; a second click queues none until gifts change again.
   */
  async send(rawYear: string, ctx: AuditContext): Promise<SendStatementsResultDto> {
    const year = this.year(rawYear);
    const edition = this.edition(year);
    return this.ds.transaction(async (m) => {
      const withEmail = (await this.repo.givers(year, this.env.TIME_ZONE, m)).filter((g) => g.email).length;
      const queued = await this.repo.queueYear(m, year, this.env.TIME_ZONE, ctx.adminId ?? null, edition);
      await this.audit.record('statements.sent', { ...ctx, details: { year, queued, edition }, manager: m });
      return { queued, skipped: Math.max(0, withEmail - queued), edition };
    });
  }

  /** Sends one donor's statement again (also after it was delivered): a new message beside the first. */
  async resend(rawYear: string, customerId: string, ctx: AuditContext): Promise<ResentStatementDto> {
    const year = this.year(rawYear);
    checkedCustomerId(customerId);
    return this.ds.transaction(async (m) => {
      const giver = (await this.repo.givers(year, this.env.TIME_ZONE, m)).find((g) => g.customer_id === customerId);
      if (!giver) throw notFound(`This donor has no gifts in ${year}`);
      if (!giver.email)
        throw new DomainError(
          400,
          giver.deleted
            ? 'This donor was deleted; download the statement instead'
            : 'This donor has no e-mail address. Add one, or download the statement to mail it.',
        );
      const key = `${customerId}:${year}`;
      if (await outbox.pending(m, 'statement', key))
        throw new DomainError(409, `A ${year} statement for this donor is already waiting to be sent`);
      const id = await outbox.enqueueOrResend(m, {
        kind: 'statement',
        subjectKey: key,
        recipient: giver.email,
        customerId,
        statementYear: year,
        requestedBy: ctx.adminId ?? null,
        statementEdition: this.edition(year),
      });
      if (!id) throw new DomainError(409, `A ${year} statement for this donor is already waiting to be sent`);
      await this.audit.record('statement.resent', {
        ...ctx,
        details: { year, customerId, mailId: String(id) },
        manager: m,
      });
      return { messageId: String(id), recipient: giver.email };
    });
  }

  /** Every postal donor's statement of the year in one PDF, each on its own pages, for printing. */
  async postalBatch(rawYear: string, ctx: AuditContext): Promise<{ filename: string; pdf: Buffer; count: number }> {
    const year = this.year(rawYear);
    const postal = (await this.repo.givers(year, this.env.TIME_ZONE)).filter((g) => !g.email);
    if (postal.length === 0) throw notFound(`Every donor of ${year} has an e-mail address: there is nothing to print`);
    if (postal.length > MAX_POSTAL_BATCH)
      throw new DomainError(
        400,
        `${postal.length} donors have no e-mail address; download their statements from their pages (at most ${MAX_POSTAL_BATCH} in one file)`,
      );
    const issuedOn = statementIssuedOn(this.env.TIME_ZONE);
    const school = await readSchoolIdentity(this.ds);
    const statements = [];
    for (const g of postal) {
      const donor = (await findStatementDonor(this.ds, g.customer_id))!;
      statements.push({
        donor,
        year,
        gifts: await donorYearGifts(this.ds, g.customer_id, year, this.env.TIME_ZONE),
        statementText: this.env.YEAR_END_STATEMENT_TEXT,
        issuedOn,
        school,
      });
    }
    const pdf = await renderStatements(statements);
    await this.audit.record('export.downloaded', {
      ...ctx,
      details: { report: 'year-end-statements-postal', year, donors: postal.length },
    });
    return { filename: `year-end-statements-${year}-by-post.pdf`, pdf, count: postal.length };
  }

  async donorYears(customerId: string): Promise<DonorYearsDto> {
    if (!(await findStatementDonor(this.ds, checkedCustomerId(customerId))))
      throw notFound(`Customer not found: ${customerId}`);
    return { years: await donorGiftYears(this.ds, customerId, this.env.TIME_ZONE) };
  }
}
