import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

import { FREQUENCIES, type Frequency } from '../../../../core/src/gifts/frequencies.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: an empty string means "not given". */
const trimOrUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
};

/**
 * The donor's form data (SPEC section 3, Donation form data), shared by both public donation calls.
 * The form requires the address fields, but the server accepts them missing: the payment provider only gets an
 * address when all four parts are there (SPEC section 5), and a record without one is still a gift.
 */
export class DonorDetailsDto {
  @ApiPropertyOptional({ enum: FREQUENCIES, default: 'one-time' })
  // Only an absent field takes the default: IsOptional would also wave null through, past the default, into
  // a NOT NULL column (a 500).
  @ValidateIf((o) => o.frequency !== undefined)
  @IsIn(FREQUENCIES, { message: `frequency must be one of ${FREQUENCIES.join(', ')}` })
  frequency: Frequency = 'one-time';

  @ApiProperty() @Transform(trim) @IsString() @IsNotEmpty({ message: 'firstName is required' }) @MaxLength(100)
  firstName: string;

  @ApiProperty() @Transform(trim) @IsString() @IsNotEmpty({ message: 'lastName is required' }) @MaxLength(100)
  lastName: string;

  @ApiProperty() @Transform(trim) @IsEmail({}, { message: 'email must be a valid e-mail address' }) @MaxLength(254)
  email: string;

  @ApiPropertyOptional() @Transform(trimOrUndefined) @IsOptional() @IsString() @MaxLength(40)
  phone?: string;

  @ApiPropertyOptional() @Transform(trimOrUndefined) @IsOptional() @IsString() @MaxLength(200)
  address?: string;

  @ApiPropertyOptional() @Transform(trimOrUndefined) @IsOptional() @IsString() @MaxLength(100)
  city?: string;

  @ApiPropertyOptional() @Transform(trimOrUndefined) @IsOptional() @IsString() @MaxLength(50)
  state?: string;

  @ApiPropertyOptional() @Transform(trimOrUndefined) @IsOptional() @IsString() @MaxLength(20)
  zipCode?: string;
}
