import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { AcknowledgmentsService } from './acknowledgments.service.js';
import {
  AcknowledgmentSettingDto,
  DonorMessagesDto,
  MailSummaryDto,
  RetriedMailDto,
  SendAcknowledgmentDto,
  SentAcknowledgmentDto,
} from './dto/donor-mail.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: donor mail')
@Controller('admin')
export class AcknowledgmentsController {
  constructor(@Inject(AcknowledgmentsService) private readonly service: AcknowledgmentsService) {}

  @Get('acknowledgments/setting')
  @ApiOperation({
    summary: 'Automatic acknowledgments: on or off, and since when (owners change it on the Settings page)',
  })
  @ApiOkResponse({ type: AcknowledgmentSettingDto })
  setting(): Promise<AcknowledgmentSettingDto> {
    return this.service.setting();
  }

  @Get('donors/:customerId/messages')
  @ApiOperation({ summary: "A donor's e-mail: every message sent or waiting, and the gifts never acknowledged" })
  @ApiOkResponse({ type: DonorMessagesDto })
  @ApiError(400)
  @ApiError(404)
  messages(@Param('customerId') customerId: string): Promise<DonorMessagesDto> {
    return this.service.donorMessages(customerId);
  }

  @Post('donors/:customerId/acknowledgments')
  @HttpCode(202)
  @ApiOperation({
    summary: "Send (or send again) a gift's acknowledgment to the donor",
    description:
      'A gift without a receipt number gets the next one of its year. The e-mail goes through the outbox (202: queued).',
  })
  @ApiAcceptedResponse({ type: SentAcknowledgmentDto })
  @ApiError(400, 'No e-mail address, refunded in full, or a malformed id.')
  @ApiError(404)
  @ApiError(409, 'One is already waiting to be sent.')
  send(
    @Param('customerId') customerId: string,
    @Body() body: SendAcknowledgmentDto,
    @Req() req: Request,
  ): Promise<SentAcknowledgmentDto> {
    return this.service.send(customerId, body, AuditService.context(req));
  }

  @Get('mail')
  @ApiOperation({ summary: 'The outbox: messages waiting, being sent and failed for good (with the latest failures)' })
  @ApiOkResponse({ type: MailSummaryDto })
  summary(): Promise<MailSummaryDto> {
    return this.service.summary();
  }

  @Post('mail/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a failed message again, with fresh attempts' })
  @ApiOkResponse({ type: RetriedMailDto })
  @ApiError(400)
  @ApiError(404)
  retry(@Param('id') id: string, @Req() req: Request): Promise<RetriedMailDto> {
    return this.service.retry(id, AuditService.context(req));
  }
}
