import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class DonorExportQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

export class EraseDonorDto {
  @ApiProperty({ description: "The donor's name exactly as shown (their e-mail when they have no name), to confirm" })
  @IsString({ message: "confirmName must be the donor's name as shown" })
  @MaxLength(500, { message: "confirmName must be the donor's name as shown" })
  confirmName: string;
}

export class ErasedDto {
  @ApiProperty() id: string;
  @ApiProperty() erased: boolean;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'Rows changed per table' })
  changed: Record<string, number>;
}
