import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../http/page-query.dto.js';

export class CustomersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Search in name and e-mail (substring, case-insensitive).', maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;
}
