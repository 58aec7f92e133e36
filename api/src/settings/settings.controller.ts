import { Body, Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { requestMeta } from '../auth/auth.controller.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { SettingsDto, UpdateSettingsDto } from './settings.dto.js';
import { SettingsService } from './settings.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: settings', { roles: 'owner' })
@Controller('admin/settings')
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly service: SettingsService) {}

  @Get()
  @ApiOkResponse({ type: SettingsDto })
  read(): Promise<SettingsDto> {
    return this.service.read();
  }

  @Patch()
  @ApiOperation({ summary: 'Changes the settings sent; each change is audited' })
  @ApiOkResponse({ type: SettingsDto })
  update(
    @CurrentAdmin() actor: PublicAdmin,
    @Body() body: UpdateSettingsDto,
    @Req() req: Request,
  ): Promise<SettingsDto> {
    return this.service.update(actor, body, requestMeta(req));
  }
}
