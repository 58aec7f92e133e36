import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AdminEmailDto } from './login.dto.js';

export class PasswordResetRequestDto extends AdminEmailDto {}

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
