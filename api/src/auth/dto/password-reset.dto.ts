import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NOT_AN_EMAIL } from '../../../../core/src/people/email-shape.js';

export class PasswordResetRequestDto {
  @ApiProperty({ example: 'admin@example.org' })
  @IsEmail({}, { message: NOT_AN_EMAIL })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'email is required' })
  @IsNotEmpty({ message: 'email is required' })
  @MaxLength(320, { message: 'email must be at most 320 characters' })
  email: string;
}

/** Lengths and strength of newPassword are checked by the service, whose messages say why. */
export class PasswordResetConfirmDto {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200, { message: 'Invalid reset token' })
  token: string;

  @ApiProperty({ format: 'password', minLength: 8, maxLength: 256 })
  @IsString({ message: 'newPassword is required' })
  @IsNotEmpty({ message: 'newPassword is required' })
  newPassword: string;
}
