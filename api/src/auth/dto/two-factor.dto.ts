import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LoginResponseDto } from './responses.js';

const CODE = /^[\sA-Za-z0-9-]{6,24}$/;
const CODE_MESSAGE = 'code must be the 6-digit code from your authenticator app or a recovery code';

export class ChallengeDto {
  @ApiProperty({ description: 'The challengeToken of the sign-in answer' })
  @IsString({ message: 'challengeToken is required' })
  @IsNotEmpty({ message: 'challengeToken is required' })
  @MaxLength(200, { message: 'Your sign-in has expired. Please sign in again.' })
  challengeToken: string;
}

export class TwoFactorCodeDto extends ChallengeDto {
  @ApiProperty({ example: '123456', description: 'A 6-digit code, or one of the recovery codes (xxxxx-xxxxx)' })
  @IsString({ message: CODE_MESSAGE })
  @Matches(CODE, { message: CODE_MESSAGE })
  code: string;
}

export class AccountCodeDto {
  @ApiProperty({ example: '123456' })
  @IsString({ message: CODE_MESSAGE })
  @Matches(CODE, { message: CODE_MESSAGE })
  code: string;
}

/**
 * Starting two-factor set-up from the account page replaces the secret and every recovery code, so a session
 * alone is not enough: the admin proves it is them with their password, or a current code when two-factor is on.
 */
export class TwoFactorSetupDto {
  @ApiPropertyOptional({ format: 'password', description: 'The admin’s password' })
  @IsOptional()
  @IsString({ message: 'password must be text' })
  @MaxLength(256, { message: 'password must be at most 256 characters' })
  password?: string;

  @ApiPropertyOptional({
    example: '123456',
    description: 'Or a current code from the authenticator app, or a recovery code',
  })
  @IsOptional()
  @IsString({ message: CODE_MESSAGE })
  @Matches(CODE, { message: CODE_MESSAGE })
  code?: string;
}

export class EnrolmentStartDto {
  @ApiProperty({ description: 'The secret, base32, for typing into the app' }) secret: string;
  @ApiProperty({ description: 'otpauth:// address' }) otpauthUrl: string;
  @ApiProperty({ description: 'The otpauth address as a QR code (PNG data: URL)' }) qrCode: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Ten single-use recovery codes, shown once' }) recoveryCodes: string[];
}

export class EnrolResponseDto extends LoginResponseDto {
  @ApiProperty({ type: [String], description: 'Ten single-use recovery codes, shown once' }) recoveryCodes: string[];
}

export class TwoFactorStatusDto {
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) enabledAt: string | null;
  @ApiProperty() recoveryCodesLeft: number;
  @ApiProperty({ description: 'The school requires two-factor sign-in of every admin' }) required: boolean;
  @ApiProperty({ description: 'The server can enrol (TWO_FACTOR_KEY is set)' }) available: boolean;
}

export class SessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) lastSeenAt: string;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: String, nullable: true }) userAgent: string | null;
  @ApiProperty({ description: 'The session this request came with' }) current: boolean;
}
