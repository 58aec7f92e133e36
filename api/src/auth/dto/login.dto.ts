import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NOT_AN_EMAIL } from '../../../../core/src/people/email-shape.js';

/** An admin's e-mail as typed at sign-in and on the forgotten-password form: trimmed, one rule for both. */
export class AdminEmailDto {
  @ApiProperty({ example: 'admin@example.org' })
  @IsEmail({}, { message: NOT_AN_EMAIL })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'email is required' })
  @IsNotEmpty({ message: 'email is required' })
  @MaxLength(320, { message: 'email must be at most 320 characters' })
  email: string;
}

export class LoginDto extends AdminEmailDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: 'password is required' })
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(256, { message: 'password must be at most 256 characters' })
  password: string;
}
