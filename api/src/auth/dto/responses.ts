import { ApiProperty } from '@nestjs/swagger';
import { ADMIN_ROLES, type AdminRole } from '../roles.decorator.js';

/* Answers of the admin auth endpoints, for the OpenAPI document (the web app's types are generated from it). */

export class AdminDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'admin@example.org' }) email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ADMIN_ROLES }) role: AdminRole;
}

/**
 * A finished sign-in (`success`, `sessionToken`, `admin`), or the second step it needs (`success: false`, `next`,
 * `challengeToken`): `two-factor` asks for a code (POST /api/admin/login/two-factor), `enrol-two-factor` for
 * enrolment first (POST /api/admin/login/two-factor/setup, then /enrol).
 */
export class LoginResponseDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ required: false, description: 'Bearer token for /api/admin and /api/stripe calls.' })
  sessionToken?: string;
  @ApiProperty({ type: AdminDto, required: false }) admin?: AdminDto;
  @ApiProperty({ required: false, enum: ['two-factor', 'enrol-two-factor'] }) next?: 'two-factor' | 'enrol-two-factor';
  @ApiProperty({ required: false, description: 'Names this sign-in for its second step (10 minutes).' })
  challengeToken?: string;
}

export class SuccessDto {
  @ApiProperty() success: boolean;
}

export class ChangePasswordResponseDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ description: 'The new session of this browser; every other session has ended.' }) sessionToken: string;
  @ApiProperty() message: string;
}

export class LogoutEverywhereResponseDto {
  @ApiProperty() success: boolean;
  @ApiProperty() sessionsRevoked: number;
}

export class MessageDto {
  @ApiProperty() message: string;
}
