import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Lengths and strength of newPassword are checked by the service, whose messages say why. */
export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: 'currentPassword is required' })
  @IsNotEmpty({ message: 'currentPassword is required' })
  @MaxLength(256, { message: 'currentPassword must be at most 256 characters' })
  currentPassword: string;

  @ApiProperty({ format: 'password', minLength: 8, maxLength: 256 })
  @IsString({ message: 'newPassword is required' })
  @IsNotEmpty({ message: 'newPassword is required' })
  newPassword: string;
}
