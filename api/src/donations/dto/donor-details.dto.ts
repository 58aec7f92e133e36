import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

import { IsFundId, toFundId } from '../../http/ids.js';
import { FREQUENCIES, type Frequency } from '../../../../core/src/gifts/frequencies.js';
import { TRIBUTE_KINDS, type TributeKind } from '../../../../core/src/gifts/gift-designation.js';
import { IsPersonName } from '../../http/is-person-name.js';

const TRIBUTE_NAME_REQUIRED = 'tributeName is required for a gift in honor or memory of someone';
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

  @ApiProperty()
  @IsPersonName('firstName')
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'firstName is required' })
  @MaxLength(100)
  firstName: string;

  @ApiProperty()
  @IsPersonName('lastName')
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'lastName is required' })
  @MaxLength(100)
  lastName: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional()
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(40)
  phone?: string;

  @ApiPropertyOptional()
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  address?: string;

  @ApiPropertyOptional()
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  city?: string;

  @ApiPropertyOptional()
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(50)
  state?: string;

  @ApiPropertyOptional()
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(20)
  zipCode?: string;

  // Where the gift goes and in whose name (all optional: a donor who wants none of it sends none of it).

  @ApiPropertyOptional({
    description: 'Add the card fee so the school nets the whole gift (the server computes the amount).',
  })
  @IsOptional()
  @IsBoolean({ message: 'coverFees must be true or false' })
  coverFees?: boolean;

  @ApiPropertyOptional({
    description: 'The fund the gift goes to (GET /api/donation-options lists them); General when absent.',
    example: 1,
  })
  @Transform(toFundId)
  @IsOptional()
  @IsFundId('fundId must be one of the funds offered')
  fundId?: number;

  @ApiPropertyOptional({
    enum: TRIBUTE_KINDS,
    description: 'A tribute gift: in honor of, or in memory of, tributeName.',
  })
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsIn(TRIBUTE_KINDS, { message: `tributeKind must be one of ${TRIBUTE_KINDS.join(', ')}` })
  tributeKind?: TributeKind;

  @ApiPropertyOptional({
    description:
      'Whom the tribute gift honors or remembers: with tributeKind, it makes the gift a tribute (the kind alone is not one); required when whom to tell is given. A name only: no link, markup or line break.',
  })
  @IsPersonName('tributeName')
  @Transform(trimOrUndefined)
  @ValidateIf((o) => o.tributeName !== undefined || o.tributeEmail !== undefined || o.tributeAddress !== undefined)
  // Applied right to left: a missing name is named as missing, not as too long.
  @MaxLength(120, { message: 'tributeName must be at most 120 characters' })
  @IsString({ message: TRIBUTE_NAME_REQUIRED })
  @IsNotEmpty({ message: TRIBUTE_NAME_REQUIRED })
  tributeName?: string;

  @ApiPropertyOptional({ description: 'An e-mail address to tell of the tribute gift.' })
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'tributeEmail must be a valid e-mail address' })
  @MaxLength(254)
  tributeEmail?: string;

  @ApiPropertyOptional({ description: 'A postal address to tell of the tribute gift (the school mails a card).' })
  @Transform(trimOrUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(300)
  tributeAddress?: string;

  @ApiPropertyOptional({ description: 'Whether the notice may state the amount.' })
  @IsOptional()
  @IsBoolean({ message: 'tributeShowAmount must be true or false' })
  tributeShowAmount?: boolean;
}
