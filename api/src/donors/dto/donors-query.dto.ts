import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../http/page-query.dto.js';

export const DONOR_LISTS = ['donors', 'attempts'] as const;
export type DonorList = (typeof DONOR_LISTS)[number];

export class DonorsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: DONOR_LISTS,
    default: 'donors',
    description:
      'donors: everyone with a completed gift (or created by an admin). attempts: customers left by card attempts that never completed a gift, not counted as donors anywhere.',
  })
  @IsOptional()
  @IsIn(DONOR_LISTS as unknown as string[], { message: `show must be one of ${DONOR_LISTS.join(', ')}` })
  show?: DonorList;

  @ApiPropertyOptional({ description: 'Search in name and e-mail (substring, case-insensitive).', maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;
}
