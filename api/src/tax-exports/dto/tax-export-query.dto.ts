import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

/** The tax CSVs' filter: only the gifts credited to one appeal. */
export class TaxExportQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'An appeal id: only the gifts credited to that appeal.' })
  @IsOptional()
  @IsUUID('all', { message: 'appeal must be an appeal id' })
  appeal?: string;
}
