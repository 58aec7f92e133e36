import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { AUTOMATIC_ACKNOWLEDGMENTS } from '../../../core/src/acknowledgments/acknowledgment-setting.js';
import { sendAcknowledgment } from '../../../core/src/acknowledgments/acknowledge-gift.js';
import { centsToDollars } from '../../../core/src/gifts/money.js';
import { DomainError, notFound } from '../../../core/src/http/errors.js';
import { outbox } from '../../../core/src/mail-outbox/outbox.repository.js';
import { settings } from '../../../core/src/settings/settings.repository.js';
import { AuditService } from '../auth/audit.service.js';
import { DonorMailRepository, type MessageRow } from './donor-mail.repository.js';
import type {
  AcknowledgmentSettingDto,
  DonorMessageDto,
  DonorMessagesDto,
  MailSummaryDto,
  SendAcknowledgmentDto,
  SentAcknowledgmentDto,
} from './dto/donor-mail.dto.js';
import { BIGSERIAL_ID } from '../http/ids.js';

export interface AuditContext {
  adminId?: string;
  ip?: string;
  userAgent?: string;
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/;

/** A donor id from a path, or a 400 naming what was expected. */
export function checkedCustomerId(id: string): string {
  if (!CUSTOMER_ID.test(id)) throw new DomainError(400, `Invalid donor id: ${id.slice(0, 60)} (expected cus_...)`);
  return id;
}

export function toMessage(r: MessageRow): DonorMessageDto {
  return {
    id: String(r.id),
    kind: r.kind,
    status: r.status,
    recipient: r.recipient,
    receiptNumber: r.receipt_number,
    statementYear: r.statement_year,
    giftKind: r.gift_kind,
    giftId: r.gift_id,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    attempts: r.attempts,
    lastError: r.last_error,
  };
}

/**
 * The admin's side of acknowledgments: the automatic switch, a donor's messages with Send/Resend, and the
 * outbox's failures with Retry. Every write is audited in its own transaction with the change.
 */
@Injectable()
export class AcknowledgmentsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(DonorMailRepository) private readonly repo: DonorMailRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async setting(): Promise<AcknowledgmentSettingDto> {
    const s = await settings.read(this.ds, AUTOMATIC_ACKNOWLEDGMENTS);
    return {
      enabled: s.value.enabled,
      since: s.value.since,
      updatedAt: s.updatedAt ? new Date(s.updatedAt).toISOString() : null,
      updatedBy: await this.repo.adminName(s.updatedBy),
    };
  }

  async donorMessages(customerId: string): Promise<DonorMessagesDto> {
    const donor = await this.findDonor(customerId);
    const [messages, gifts] = await Promise.all([
      this.repo.messages(customerId),
      this.repo.unacknowledgedGifts(customerId),
    ]);
    return {
      email: donor.deleted_at ? null : donor.email,
      messages: messages.map(toMessage),
      unacknowledgedGifts: gifts.map((g) => ({
        giftKind: g.gift_kind,
        giftId: g.gift_id,
        date: new Date(g.at).toISOString(),
        amount: centsToDollars(Number(g.net)),
        receiptNumber: g.receipt_number,
      })),
    };
  }

  /** Send (first time) or Resend a gift's acknowledgment to the donor's current address. */
  async send(customerId: string, body: SendAcknowledgmentDto, ctx: AuditContext): Promise<SentAcknowledgmentDto> {
    await this.findDonor(customerId);
    return this.ds.transaction(async (m) => {
      const result = await sendAcknowledgment(m, {
        customerId,
        giftKind: body.giftKind,
        giftId: body.giftId,
        adminId: ctx.adminId ?? null,
        timeZone: this.env.TIME_ZONE,
      });
      if (!result.ok) throw new DomainError(result.status, result.message);
      await this.audit.record('acknowledgment.sent', {
        ...ctx,
        details: {
          customerId,
          giftKind: body.giftKind,
          giftId: body.giftId,
          receiptNumber: result.receiptNumber,
          mailId: result.messageId,
        },
        manager: m,
      });
      return { receiptNumber: result.receiptNumber, recipient: result.recipient, messageId: result.messageId };
    });
  }

  async summary(): Promise<MailSummaryDto> {
    const [counts, failed] = await Promise.all([outbox.counts(this.ds), this.repo.failed()]);
    return {
      ...counts,
      smtpConfigured: Boolean(this.env.SMTP_URL),
      failedMessages: failed.map((r) => ({ ...toMessage(r), customerId: r.customer_id })),
    };
  }

  async retry(id: string, ctx: AuditContext): Promise<{ id: string; status: 'queued' }> {
    if (!BIGSERIAL_ID.test(id)) throw new DomainError(400, 'Invalid message id');
    await this.ds.transaction(async (m) => {
      if (!(await outbox.retry(m, id))) throw notFound('No failed message with this id');
      await this.audit.record('mail.retried', { ...ctx, details: { mailId: id }, manager: m });
    });
    return { id, status: 'queued' };
  }

  private async findDonor(customerId: string) {
    const donor = await this.repo.donor(checkedCustomerId(customerId));
    if (!donor) throw notFound(`Customer not found: ${customerId}`);
    return donor;
  }
}
