import { Body, Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorDto } from '../../../core/src/http/errors.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { requestMeta } from '../auth/auth.controller.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { OwnerOnly } from '../auth/roles.decorator.js';
import { SettingsDto, UpdateSettingsDto } from './settings.dto.js';
import { SettingsService } from './settings.service.js';

@ApiTags('Admin: settings')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorDto })
@OwnerOnly()
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
