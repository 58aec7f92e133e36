import { ApiProperty } from '@nestjs/swagger';

export class StatementDonorDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ enum: ['no-email', 'deleted'], description: 'Why the statement goes by post.' }) reason: 'no-email' | 'deleted';
}

export class StatementProgressDto {
  @ApiProperty({ description: 'Donors whose statement was delivered.' }) sent: number;
  @ApiProperty({ description: 'Donors whose statement waits to be sent.' }) queued: number;
  @ApiProperty({ description: 'Donors whose statement is being sent right now.' }) sending: number;
  @ApiProperty({ description: 'Donors whose statement failed for good.' }) failed: number;
  @ApiProperty({ description: 'Donors with an e-mail address and no statement queued yet.' }) notQueued: number;
}

export class StatementRunDto {
  @ApiProperty({ example: 2026 }) year: number;
  @ApiProperty({ description: 'Donors who gave that year (net of refunds).' }) donors: number;
  @ApiProperty({ description: 'Of those, donors with an e-mail address.' }) withEmail: number;
  @ApiProperty({ description: 'Donors whose statement must go by post (no e-mail address, or deleted).' }) withoutEmail: number;
  @ApiProperty({ type: [StatementDonorDto], description: 'Those donors (at most 500).' }) withoutEmailDonors: StatementDonorDto[];
  @ApiProperty({ type: StatementProgressDto }) progress: StatementProgressDto;
  @ApiProperty({ nullable: true, type: String, description: 'ISO time statements of this year were last queued.' }) lastQueuedAt: string | null;
}

export class SendStatementsResultDto {
  @ApiProperty({ description: 'Statements queued now (donors not sent before, and failed ones tried again).' }) queued: number;
  @ApiProperty({ description: 'Donors already sent or waiting, left alone.' }) skipped: number;
}

export class ResentStatementDto {
  @ApiProperty() messageId: string;
  @ApiProperty() recipient: string;
}

export class DonorYearsDto {
  @ApiProperty({ type: [Number], description: 'Calendar years with gifts that count, newest first.', example: [2026, 2025] }) years: number[];
}
