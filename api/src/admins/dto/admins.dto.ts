import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ADMIN_ROLES, type AdminRole } from '../../auth/roles.decorator.js';

const ROLE_MESSAGE = `role must be one of ${ADMIN_ROLES.join(', ')}`;

export class InviteAdminDto {
  @ApiProperty({ example: 'bookkeeper@example.org' })
  @IsString({ message: 'email must be a valid e-mail address' })
  @MaxLength(320, { message: 'email must be at most 320 characters' })
  @Matches(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiProperty({ example: 'Sam Bookkeeper' })
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name: string;

  @ApiProperty({ enum: ADMIN_ROLES })
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role: AdminRole;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: ADMIN_ROLES })
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role: AdminRole;
}

export class AdminListingDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ADMIN_ROLES }) role: AdminRole;
  @ApiProperty({ enum: ['active', 'invited', 'disabled'] }) status: 'active' | 'invited' | 'disabled';
  @ApiProperty() twoFactorEnabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastSignInAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Live sessions' }) activeSessions: number;
}
