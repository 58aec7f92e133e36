import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IMPORT_FIELDS, type ImportField } from '../../../../core/src/donor-imports/column-mapping.js';

export class UploadQueryDto {
  @ApiPropertyOptional({
    example: 'donors-2019-2025.csv',
    maxLength: 200,
    description: 'The file name, to show in the audit log and the preview.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  // eslint-disable-next-line no-control-regex -- refusing control characters in a file name is the point
  @Matches(/^[^\u0000-\u001f/\\]*$/, { message: 'fileName must be a plain file name' })
  fileName?: string;
}

/**
 * Which CSV column (0-based index) holds each field. Required (core/src/donor-imports/column-mapping.ts, whose
 * sentences a refusal carries): giftDate, amount, and either name or both firstName and lastName.
 */
export class ColumnMappingDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    description: "The donor's full name (or map firstName and lastName instead)",
  })
  @IsOptional()
  @IsInt({ message: 'name must be a column number' })
  @Min(0)
  @Max(499)
  name?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0, description: 'With lastName, instead of name' })
  @IsOptional()
  @IsInt({ message: 'firstName must be a column number' })
  @Min(0)
  @Max(499)
  firstName?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0, description: 'With firstName, instead of name' })
  @IsOptional()
  @IsInt({ message: 'lastName must be a column number' })
  @Min(0)
  @Max(499)
  lastName?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'giftDate must be a column number' })
  @Min(0)
  @Max(499)
  giftDate?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'amount must be a column number' })
  @Min(0)
  @Max(499)
  amount?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'email must be a column number' })
  @Min(0)
  @Max(499)
  email?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'phone must be a column number' })
  @Min(0)
  @Max(499)
  phone?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'address must be a column number' })
  @Min(0)
  @Max(499)
  address?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'city must be a column number' })
  @Min(0)
  @Max(499)
  city?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'state must be a column number' })
  @Min(0)
  @Max(499)
  state?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'zip must be a column number' })
  @Min(0)
  @Max(499)
  zip?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'type must be a column number' })
  @Min(0)
  @Max(499)
  type?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'note must be a column number' })
  @Min(0)
  @Max(499)
  note?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0 })
  @IsOptional()
  @IsInt({ message: 'fund must be a column number' })
  @Min(0)
  @Max(499)
  fund?: number;
  @ApiPropertyOptional({ type: Number, minimum: 0, description: "The appeal's name or short address (slug)" })
  @IsOptional()
  @IsInt({ message: 'appeal must be a column number' })
  @Min(0)
  @Max(499)
  appeal?: number;
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
  @ApiProperty({
    type: ColumnMappingDto,
    description: 'Columns guessed from the header names; fields not guessed are absent.',
  })
  suggestedMapping: Partial<ColumnMappingDto>;
}

export class RowProblemDto {
  @ApiProperty({
    enum: IMPORT_FIELDS,
    nullable: true,
    type: String,
    description: 'The mapped field whose cell failed; null for the row as a whole (a duplicate).',
  })
  field: ImportField | null;

  @ApiProperty({
    description: 'The text that failed, as the file has it (the whole name or address when made of several cells).',
  })
  value: string;
  @ApiProperty({ example: 'Enter a valid amount (e.g., 25.00 or 1,250.00)' }) message: string;
}

export class RowErrorDto {
  @ApiProperty({ description: "The spreadsheet's row number (the header is row 1)." }) row: number;
  @ApiProperty({ type: [RowProblemDto], description: 'Every problem of the row, in the order of the mapping fields.' })
  problems: RowProblemDto[];
}

export class PreviewRowDto {
  @ApiProperty({ description: "The spreadsheet's row number (the header is row 1)." }) row: number;
  @ApiProperty({
    enum: ['new', 'matched', 'imported', 'error'],
    description: 'New donor, matched donor, already imported (skipped), or left out with errors.',
  })
  outcome: 'new' | 'matched' | 'imported' | 'error';

  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({
    description: "The gift's day (YYYY-MM-DD) in the school's time zone; a row with errors shows the file's text.",
  })
  date: string;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: "CENTS, by the manual gifts' amount rule; null when the amount cannot be read.",
  })
  amountCents: number | null;
  @ApiProperty({ description: 'The amount as the file has it.' }) amountText: string;
  @ApiProperty({
    description:
      "The manual gift type (cash, check, stock, item, crypto, other); a row with errors shows the file's text.",
  })
  type: string;
  @ApiProperty({ description: 'The fund named by the row (General when blank).' }) fund: string;
}

export class PreviewRowsQueryDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    description: 'List the rows after this spreadsheet row number (the last row of the page before).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'after must be a row number' })
  @Min(0)
  @Max(100_000_000)
  after?: number;
}

export class PreviewRowsDto {
  @ApiProperty({ type: [PreviewRowDto], description: 'The next 100 rows, in file order; empty after the last.' })
  rows: PreviewRowDto[];
}

export class ImportPreviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() rowCount: number;
  @ApiProperty({ description: 'Gifts the import will add (rows of new and matched donors).' }) readyRows: number;
  @ApiProperty({ description: 'Donors the import will create.' }) newDonors: number;
  @ApiProperty({ description: 'Existing donors the file matched (by e-mail, then name and address).' })
  matchedDonors: number;
  @ApiProperty({ description: 'Rows an earlier import already added: skipped.' }) alreadyImported: number;
  @ApiProperty() errorCount: number;
  @ApiProperty({
    description: 'CENTS: the sum of every amount in the file that can be read, rows with errors included.',
  })
  fileTotalCents: number;
  @ApiProperty({ description: 'CENTS: the sum of the gifts the import will add.' }) importTotalCents: number;
  @ApiProperty({ description: 'Rows whose amount cannot be read (not in fileTotalCents).' }) unreadAmounts: number;
  @ApiProperty({ type: [RowErrorDto], description: 'The first 1,000 rows with errors, each with every problem.' })
  errors: RowErrorDto[];
  @ApiProperty({ type: [PreviewRowDto], description: 'The first 100 rows; GET :id/rows?after= lists the next.' })
  rows: PreviewRowDto[];
}

export class ImportProgressDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Rows to import in all.' }) total: number;
  @ApiProperty({ description: 'Rows imported (or skipped as already imported) so far.' }) processed: number;
  @ApiProperty() giftsAdded: number;
  @ApiProperty() donorsCreated: number;
  @ApiProperty({ description: 'True once every row is in; call again until then.' }) finished: boolean;
}
