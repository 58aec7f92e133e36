import { MAIL_KINDS } from '../../../../core/src/mail-outbox/outbox.repository.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';

/* Requests and answers of the donor mail endpoints: the automatic-acknowledgments switch's state, a donor's messages,
   Send/Resend of a gift's acknowledgment, and the outbox's failures. */

export class AcknowledgmentSettingDto {
  @ApiProperty() enabled: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'ISO time the switch was last turned on: gifts dated earlier are never e-mailed automatically.',
  })
  since: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'ISO time of the last change.' }) updatedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Name of the admin who changed it last.' }) updatedBy:
    string | null;
}

export class SendAcknowledgmentDto {
  @ApiProperty({ enum: ['card', 'manual'] })
  @IsIn(['card', 'manual'], { message: 'giftKind must be card or manual' })
  giftKind: 'card' | 'manual';

  @ApiProperty({ example: 'ch_123', description: 'A charge id (card) or a manual gift id (uuid).' })
  @Matches(/^((ch|py)_[A-Za-z0-9]{1,250}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
    message: 'giftId must be a charge id (ch_...) or a manual gift id (uuid)',
  })
  @IsString({ message: 'giftId must be a charge id (ch_...) or a manual gift id (uuid)' })
  giftId: string;
}

export class SentAcknowledgmentDto {
  @ApiProperty({ example: '2026-000123' }) receiptNumber: string;
  @ApiProperty() recipient: string;
  @ApiProperty({ description: 'The outbox message id.' }) messageId: string;
}

export class DonorMessageDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: MAIL_KINDS }) kind: string;
  @ApiProperty({ enum: ['queued', 'sending', 'sent', 'failed'] }) status: string;
  @ApiProperty() recipient: string;
  @ApiProperty({ nullable: true, type: String, example: '2026-000123' }) receiptNumber: string | null;
  @ApiProperty({ nullable: true, type: Number }) statementYear: number | null;
  @ApiProperty({ nullable: true, type: String, enum: ['card', 'manual'] }) giftKind: 'card' | 'manual' | null;
  @ApiProperty({ nullable: true, type: String }) giftId: string | null;
  @ApiProperty({ description: 'ISO time it was queued.' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String }) sentAt: string | null;
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: String, description: 'Why the last attempt failed.' }) lastError: string | null;
}

export class UnacknowledgedGiftDto {
  @ApiProperty({ enum: ['card', 'manual'] }) giftKind: 'card' | 'manual';
  @ApiProperty() giftId: string;
  @ApiProperty({ description: 'ISO time of the gift.' }) date: string;
  @ApiProperty({ description: 'DOLLARS, net of refunds.' }) amount: number;
  @ApiProperty({ nullable: true, type: String }) receiptNumber: string | null;
}

export class DonorMessagesDto {
  @ApiProperty({ type: [DonorMessageDto], description: 'Newest first (at most 200).' }) messages: DonorMessageDto[];
  @ApiProperty({
    type: [UnacknowledgedGiftDto],
    description: 'Gifts no acknowledgment was e-mailed for, newest first (at most 100).',
  })
  unacknowledgedGifts: UnacknowledgedGiftDto[];
  @ApiProperty({ nullable: true, type: String, description: 'Where messages to this donor go now.' }) email:
    string | null;
}

export class FailedMailDto extends DonorMessageDto {
  @ApiPropertyOptional({ nullable: true, type: String }) customerId: string | null;
}

export class MailSummaryDto {
  @ApiProperty() queued: number;
  @ApiProperty() sending: number;
  @ApiProperty() failed: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Seconds the oldest waiting message has waited.' })
  oldestQueuedSeconds: number | null;
  @ApiProperty({ description: 'Whether SMTP_URL is set (without it nothing is sent).' }) smtpConfigured: boolean;
  @ApiProperty({ type: [FailedMailDto], description: 'Messages that failed for good, newest first (at most 50).' })
  failedMessages: FailedMailDto[];
}

export class RetriedMailDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['queued'] }) status: 'queued';
}
