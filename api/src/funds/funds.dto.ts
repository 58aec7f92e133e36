import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { DateRangeQueryDto } from '../http/date-range.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const NAME = 'name must be 1 to 60 characters';

export class FundDto {
  @ApiProperty({ example: 2 }) id: number;
  @ApiProperty({ example: 'Transportation' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'The accessible van and its rides' }) description:
    string | null;
  @ApiProperty({ description: 'Archived funds keep their gifts but are no longer offered' }) archived: boolean;
}

export class CardFeeDto {
  @ApiProperty({ example: 290, description: 'The percentage part in basis points (290 = 2.9%)' }) basisPoints: number;
  @ApiProperty({ example: 30 }) fixedCents: number;
}

export class BankFeeDto {
  @ApiProperty({ example: 80, description: 'The percentage part in basis points (80 = 0.8%)' }) basisPoints: number;
  @ApiProperty({ example: 500, description: 'The most the fee comes to, in cents' }) capCents: number;
}

/** What the donate page offers beside the amount: the open funds and the fees "cover the fees" makes up (card, or US bank account). */
export class DonationOptionsDto {
  @ApiProperty({ type: [FundDto] }) funds: FundDto[];
  @ApiProperty({ type: CardFeeDto }) cardFee: CardFeeDto;
  @ApiProperty({ type: BankFeeDto }) bankFee: BankFeeDto;
}

/** A fund's optional description, the same rule on create and update. */
class FundDescriptionDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'description must be at most 200 characters' })
  description?: string | null;
}

export class CreateFundDto extends FundDescriptionDto {
  @ApiProperty({ example: 'Scholarships' })
  @Transform(trim)
  @IsString({ message: NAME })
  @IsNotEmpty({ message: NAME })
  @MaxLength(60, { message: NAME })
  name: string;
}

export class UpdateFundDto extends FundDescriptionDto {
  @ApiPropertyOptional()
  @Transform(trim)
  @ValidateIf((o) => o.name !== undefined)
  @IsString({ message: NAME })
  @IsNotEmpty({ message: NAME })
  @MaxLength(60, { message: NAME })
  name?: string;

  @ApiPropertyOptional({ description: 'Archive (no longer offered) or bring back' })
  @IsOptional()
  @IsBoolean({ message: 'archived must be true or false' })
  archived?: boolean;
}

export class FundTotalsQueryDto extends DateRangeQueryDto {}

export class FundTotalDto {
  @ApiProperty({ example: 2 }) fundId: number;
  @ApiProperty({ example: 'Transportation' }) name: string;
  @ApiProperty() archived: boolean;
  @ApiProperty({ description: 'Succeeded card gifts and manual gifts to the fund in the range.' }) gifts: number;
  @ApiProperty({
    description: 'CENTS that reached the fund: net of refunds and disputes not won, without the fee coverage.',
  })
  toFundCents: number;
  @ApiProperty({ description: 'CENTS donors added to cover card fees on these gifts (kept apart from the fund).' })
  feeCoverageCents: number;
}
