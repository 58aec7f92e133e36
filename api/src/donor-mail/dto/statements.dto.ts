import { ApiProperty } from '@nestjs/swagger';

export class StatementDonorDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ enum: ['no-email', 'deleted'], description: 'Why the statement goes by post.' }) reason:
    'no-email' | 'deleted';
}

export class StatementProgressDto {
  @ApiProperty({ description: 'Donors whose statement was delivered.' }) sent: number;
  @ApiProperty({ description: 'Donors whose statement waits to be sent.' }) queued: number;
  @ApiProperty({ description: 'Donors whose statement is being sent right now.' }) sending: number;
  @ApiProperty({ description: 'Donors whose statement failed for good.' }) failed: number;
  @ApiProperty({ description: 'Donors with an e-mail address and no statement queued yet.' }) notQueued: number;
}

export class StatementHistoryDto {
  @ApiProperty({ example: 'cus_123' }) customerId: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({
    enum: ['interim', 'final', 'corrected', 'unversioned'],
    description: 'Which version of the statement (unversioned: queued before versions existed).',
  })
  edition: 'interim' | 'final' | 'corrected' | 'unversioned';
  @ApiProperty({ enum: ['queued', 'sending', 'sent', 'failed'] }) status: 'queued' | 'sending' | 'sent' | 'failed';
  @ApiProperty() queuedAt: string;
  @ApiProperty({ nullable: true, type: String }) sentAt: string | null;
}

export class StatementRunDto {
  @ApiProperty({ example: 2026 }) year: number;
  @ApiProperty({
    enum: ['interim', 'final'],
    description: 'What a send is now: interim until the year is over (TIME_ZONE), then final.',
  })
  edition: 'interim' | 'final';
  @ApiProperty({ example: '2026-12-31', description: "The year's last day." }) yearEnds: string;
  @ApiProperty({
    description:
      'Donors a send now would reach (interim: not sent yet or failed; final: never sent a final statement, or their gifts changed since).',
  })
  toSend: number;
  @ApiProperty({
    type: [StatementHistoryDto],
    description: "The year's statement messages, newest first (at most 200).",
  })
  history: StatementHistoryDto[];
  @ApiProperty({ description: 'Donors who gave that year (net of refunds).' }) donors: number;
  @ApiProperty({ description: 'Of those, donors with an e-mail address.' }) withEmail: number;
  @ApiProperty({ description: 'Donors whose statement must go by post (no e-mail address, or deleted).' })
  withoutEmail: number;
  @ApiProperty({ type: [StatementDonorDto], description: 'Those donors (at most 500).' })
  withoutEmailDonors: StatementDonorDto[];
  @ApiProperty({ type: StatementProgressDto }) progress: StatementProgressDto;
  @ApiProperty({ nullable: true, type: String, description: 'ISO time statements of this year were last queued.' })
  lastQueuedAt: string | null;
}

export class SendStatementsResultDto {
  @ApiProperty({ description: 'Statements queued now (donors not sent before, and failed ones tried again).' })
  queued: number;
  @ApiProperty({ description: 'Donors already sent or waiting, left alone.' }) skipped: number;
  @ApiProperty({ enum: ['interim', 'final'], description: 'The version queued (final covers corrected statements).' })
  edition: 'interim' | 'final';
}

export class ResentStatementDto {
  @ApiProperty() messageId: string;
  @ApiProperty() recipient: string;
}

export class DonorYearsDto {
  @ApiProperty({
    type: [Number],
    description: 'Calendar years with gifts that count, newest first.',
    example: [2026, 2025],
  })
  years: number[];
}
