import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Req,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { badRequest } from '../../../core/src/http/errors.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { requestMeta } from '../auth/auth.controller.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { LogoutEverywhereResponseDto, SuccessDto } from '../auth/dto/responses.js';
import { SessionDto } from '../auth/dto/two-factor.dto.js';
import { AdminsService } from './admins.service.js';
import { AdminListingDto, ChangeRoleDto, InviteAdminDto } from './dto/admins.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

const uuid = (name: string) =>
  new ParseUUIDPipe({ errorHttpStatusCode: 400, exceptionFactory: () => badRequest(`${name} must be a UUID`) });

@AdminApi('Admin: admins', { roles: 'owner' })
@Controller('admin/admins')
export class AdminsController {
  constructor(@Inject(AdminsService) private readonly admins: AdminsService) {}

  @Get()
  @ApiOperation({ summary: 'Every admin with role, status (active, invited, disabled), two-factor and live sessions' })
  @ApiOkResponse({ type: [AdminListingDto] })
  list(): Promise<AdminListingDto[]> {
    return this.admins.list();
  }

  @Post()
  @ApiOperation({
    summary: 'Invites an admin: an e-mail with a single-use link (7 days) to set a password and enrol two-factor',
  })
  @ApiCreatedResponse({ type: AdminListingDto })
  @ApiError(409, 'The e-mail already belongs to an admin.')
  invite(
    @CurrentAdmin() actor: PublicAdmin,
    @Body() body: InviteAdminDto,
    @Req() req: Request,
  ): Promise<AdminListingDto> {
    return this.admins.invite(actor, body, requestMeta(req));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes an admin’s role (the last active owner cannot be demoted)' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiError(409)
  async changeRole(
    @CurrentAdmin() actor: PublicAdmin,
    @Param('id') id: string,
    @Body() body: ChangeRoleDto,
    @Req() req: Request,
  ): Promise<SuccessDto> {
    await this.admins.changeRole(actor, id, body.role, requestMeta(req));
    return { success: true };
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Disables an admin: sign-in refused, every session ends at once (not the last active owner)',
  })
  @ApiOkResponse({ type: SuccessDto })
  async disable(@CurrentAdmin() actor: PublicAdmin, @Param('id') id: string, @Req() req: Request): Promise<SuccessDto> {
    await this.admins.setDisabled(actor, id, true, requestMeta(req));
    return { success: true };
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  async enable(@CurrentAdmin() actor: PublicAdmin, @Param('id') id: string, @Req() req: Request): Promise<SuccessDto> {
    await this.admins.setDisabled(actor, id, false, requestMeta(req));
    return { success: true };
  }

  @Post(':id/resend-invite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a pending invitation again (a new link; the earlier one stops working)' })
  @ApiOkResponse({ type: SuccessDto })
  async resendInvite(
    @CurrentAdmin() actor: PublicAdmin,
    @Param('id') id: string,
    @Req() req: Request,
  ): Promise<SuccessDto> {
    await this.admins.resendInvite(actor, id, requestMeta(req));
    return { success: true };
  }

  @Post(':id/reset-two-factor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clears an admin’s two-factor sign-in (a lost phone) and ends their sessions' })
  @ApiOkResponse({ type: SuccessDto })
  async resetTwoFactor(
    @CurrentAdmin() actor: PublicAdmin,
    @Param('id') id: string,
    @Req() req: Request,
  ): Promise<SuccessDto> {
    await this.admins.resetTwoFactor(actor, id, requestMeta(req));
    return { success: true };
  }

  @Get(':id/sessions')
  @ApiOkResponse({ type: [SessionDto] })
  sessions(@Param('id') id: string, @Req() req: Request): Promise<SessionDto[]> {
    return this.admins.sessionsOf(id, req.adminSessionId);
  }

  @Delete(':id/sessions/:sessionId')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  async revokeSession(
    @CurrentAdmin() actor: PublicAdmin,
    @Param('id') id: string,
    @Param('sessionId', uuid('sessionId')) sessionId: string,
    @Req() req: Request,
  ): Promise<SuccessDto> {
    await this.admins.revokeSession(actor, id, sessionId, requestMeta(req));
    return { success: true };
  }

  @Post(':id/logout-everywhere')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends every session of the admin' })
  @ApiOkResponse({ type: LogoutEverywhereResponseDto })
  async signOutEverywhere(
    @CurrentAdmin() actor: PublicAdmin,
    @Param('id') id: string,
    @Req() req: Request,
  ): Promise<LogoutEverywhereResponseDto> {
    return { success: true, sessionsRevoked: await this.admins.signOutEverywhere(actor, id, requestMeta(req)) };
  }
}
