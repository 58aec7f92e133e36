import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin@example.org' })
  @IsString({ message: 'email is required' })
  @IsNotEmpty({ message: 'email is required' })
  @MaxLength(320, { message: 'email must be at most 320 characters' })
  email: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'password is required' })
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(256, { message: 'password must be at most 256 characters' })
  password: string;
}
