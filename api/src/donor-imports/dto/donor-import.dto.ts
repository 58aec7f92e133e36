import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';

export class UploadQueryDto {
  @ApiPropertyOptional({ example: 'donors-2019-2025.csv', maxLength: 200, description: 'The file name, to show in the audit log and the preview.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[^\u0000-\u001f/\\]*$/, { message: 'fileName must be a plain file name' })
  fileName?: string;
}

/** Which CSV column (0-based index) holds each field; name, giftDate and amount are required. */
export class ColumnMappingDto {
  @ApiProperty({ type: Number, minimum: 0 }) @IsInt({ message: 'name must be a column number' }) @Min(0) @Max(499) @IsDefined({ message: 'Choose the column with the donor name' }) name: number;
  @ApiProperty({ type: Number, minimum: 0 }) @IsInt({ message: 'giftDate must be a column number' }) @Min(0) @Max(499) @IsDefined({ message: 'Choose the column with the gift date' }) giftDate: number;
  @ApiProperty({ type: Number, minimum: 0 }) @IsInt({ message: 'amount must be a column number' }) @Min(0) @Max(499) @IsDefined({ message: 'Choose the column with the amount' }) amount: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'email must be a column number' }) @Min(0) @Max(499) email?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'phone must be a column number' }) @Min(0) @Max(499) phone?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'address must be a column number' }) @Min(0) @Max(499) address?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'city must be a column number' }) @Min(0) @Max(499) city?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'state must be a column number' }) @Min(0) @Max(499) state?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'zip must be a column number' }) @Min(0) @Max(499) zip?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'type must be a column number' }) @Min(0) @Max(499) type?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'note must be a column number' }) @Min(0) @Max(499) note?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 }) @IsOptional() @IsInt({ message: 'fund must be a column number' }) @Min(0) @Max(499) fund?: number;
}

export class PreviewBodyDto {
  @ApiProperty({ type: ColumnMappingDto })
  @IsDefined({ message: 'mapping is required' })
  @ValidateNested()
  @Type(() => ColumnMappingDto)
  mapping: ColumnMappingDto;
}

export class UploadedImportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ type: [String] }) headers: string[];
  @ApiProperty({ description: 'Data rows (the header row is not counted).' }) rowCount: number;
  @ApiProperty({ type: ColumnMappingDto, description: 'Columns guessed from the header names; fields not guessed are absent.' }) suggestedMapping: Partial<ColumnMappingDto>;
}

export class RowErrorDto {
  @ApiProperty({ description: "The spreadsheet's row number (the header is row 1)." }) row: number;
  @ApiProperty() reason: string;
}

export class PreviewDonorDto {
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The matched donor; null for a new one.' }) customerId: string | null;
  @ApiProperty({ description: 'Gifts of this donor in the file.' }) gifts: number;
}

export class ImportPreviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() rowCount: number;
  @ApiProperty({ description: 'Gifts the import will add (rows of new and matched donors).' }) readyRows: number;
  @ApiProperty({ description: 'Donors the import will create.' }) newDonors: number;
  @ApiProperty({ description: 'Existing donors the file matched (by e-mail, then name and address).' }) matchedDonors: number;
  @ApiProperty({ description: 'Rows an earlier import already added: skipped.' }) alreadyImported: number;
  @ApiProperty() errorCount: number;
  @ApiProperty({ type: [RowErrorDto], description: 'The first 1,000 rows with errors, and why.' }) errors: RowErrorDto[];
  @ApiProperty({ type: [PreviewDonorDto], description: 'The first 20 new donors.' }) newDonorSamples: PreviewDonorDto[];
  @ApiProperty({ type: [PreviewDonorDto], description: 'The first 20 matched donors.' }) matchedDonorSamples: PreviewDonorDto[];
}

export class ImportProgressDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Rows to import in all.' }) total: number;
  @ApiProperty({ description: 'Rows imported (or skipped as already imported) so far.' }) processed: number;
  @ApiProperty() giftsAdded: number;
  @ApiProperty() donorsCreated: number;
  @ApiProperty({ description: 'True once every row is in; call again until then.' }) finished: boolean;
}
