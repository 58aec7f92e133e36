import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPersonName } from '../../http/is-person-name.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' || v === null ? undefined : v;
};

/** POST /api/stripe/customers (the Create New Donor dialog). */
export class CreateDonorDto {
  @ApiProperty({ example: 'Jane Doe', maxLength: 256 })
  @IsPersonName('name')
  @Transform(trim)
  @MaxLength(256, { message: 'name must be at most 256 characters' })
  @IsNotEmpty({ message: 'name is required' })
  @IsString({ message: 'name is required' })
  name: string;

  @ApiProperty({ example: 'jane@example.org', maxLength: 512 })
  @Transform(trim)
  @MaxLength(512, { message: 'email must be at most 512 characters' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @IsNotEmpty({ message: 'email is required' })
  @IsString({ message: 'email is required' })
  email: string;

  @ApiPropertyOptional({ example: '+1 870 555 0100', maxLength: 40 })
  @Transform(emptyToUndefined)
  @IsOptional()
  @MaxLength(40, { message: 'phone must be at most 40 characters' })
  @IsString({ message: 'phone must be text' })
  phone?: string;

  @ApiPropertyOptional({
    description: 'One free-text line; stored as address.line1 in Stripe.',
    example: '12 Oak Street, Mountain View, AR',
    maxLength: 200,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @MaxLength(200, { message: 'address must be at most 200 characters' })
  @IsString({ message: 'address must be text' })
  address?: string;
}
