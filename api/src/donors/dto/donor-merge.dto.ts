import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** The `duplicate` of the merge preview (query) and the merge (body): the record to merge into this donor. */
export class MergeDuplicateDto {
  @ApiProperty({
    example: 'cus_456',
    description: 'The duplicate record: its gifts move to the donor of the path, which is kept.',
  })
  @IsString({ message: 'duplicateId is required' })
  @Matches(/^cus_[A-Za-z0-9]{1,250}$/, { message: 'duplicateId must be a donor id (cus_...)' })
  duplicateId: string;
}

export class MergeGiftsDto {
  @ApiProperty() count: number;
  @ApiProperty({ description: 'DOLLARS, net of refunds.' }) total: number;
}

export class MergeSideDto {
  @ApiProperty({ example: 'cus_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
  @ApiProperty({ type: MergeGiftsDto, description: 'Succeeded card gifts.' }) cardGifts: MergeGiftsDto;
  @ApiProperty({ type: MergeGiftsDto }) manualGifts: MergeGiftsDto;
  @ApiProperty({ type: MergeGiftsDto, description: 'Card and manual gifts together.' }) allGifts: MergeGiftsDto;
}

export class MergePreviewDto {
  @ApiProperty({ type: MergeSideDto, description: 'The record that is kept (the donor of the path).' })
  kept: MergeSideDto;
  @ApiProperty({ type: MergeSideDto, description: 'The record merged into it.' }) duplicate: MergeSideDto;
  @ApiProperty({ type: MergeGiftsDto, description: 'The kept donor after the merge.' }) after: MergeGiftsDto;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      "The address that signs in to My Giving for both records' gifts after the merge: the kept donor's (null when it has none).",
  })
  selfServiceEmail: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      "A warning to show before merging when the two e-mail addresses are not the same donor's: which address keeps My Giving and which loses it. Null when nobody loses it.",
  })
  emailWarning: string | null;
}

export class MergeResultDto {
  @ApiProperty({ example: '12' }) mergeId: string;
  @ApiProperty() keptId: string;
  @ApiProperty() mergedId: string;
  @ApiProperty() movedCardGifts: number;
  @ApiProperty() movedManualGifts: number;
}

export class DonorMergeDto {
  @ApiProperty({ example: '12' }) id: string;
  @ApiProperty() mergedId: string;
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ description: 'ISO time.' }) mergedAt: string;
  @ApiProperty({ nullable: true, type: String }) mergedBy: string | null;
  @ApiProperty({ description: 'Gifts moved when merged (card and manual).' }) movedGifts: number;
}

export class MergeUndoneDto {
  @ApiProperty() mergeId: string;
  @ApiProperty({ enum: [true] }) undone: true;
  @ApiProperty() restoredGifts: number;
}
