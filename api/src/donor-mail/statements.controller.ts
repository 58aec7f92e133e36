import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request, Response } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { DonorYearsDto, ResentStatementDto, SendStatementsResultDto, StatementRunDto } from './dto/statements.dto.js';
import { StatementsService } from './statements.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: tax exports', { badRequest: 'Year outside 2000..next year, or a malformed donor id.' })
@Controller('admin/tax-exports')
export class StatementsController {
  constructor(@Inject(StatementsService) private readonly service: StatementsService) {}

  @Get('statements/:year')
  @ApiOperation({
    summary: 'Year-end statements by e-mail: who gave, who has an e-mail address, and how far sending got',
  })
  @ApiOkResponse({ type: StatementRunDto })
  run(@Param('year') year: string): Promise<StatementRunDto> {
    return this.service.run(year);
  }

  @Post('statements/:year/send')
  @HttpCode(202)
  @ApiOperation({
    summary: 'E-mail every donor of the year their statement (only those not sent yet)',
    description: 'Queued in the outbox; follow with GET statements/{year}.',
  })
  @ApiAcceptedResponse({ type: SendStatementsResultDto })
  send(@Param('year') year: string, @Req() req: Request): Promise<SendStatementsResultDto> {
    return this.service.send(year, AuditService.context(req));
  }

  @Post('statements/:year/resend/:customerId')
  @HttpCode(202)
  @ApiOperation({ summary: "E-mail one donor's statement again" })
  @ApiAcceptedResponse({ type: ResentStatementDto })
  @ApiError(404)
  @ApiError(409)
  resend(
    @Param('year') year: string,
    @Param('customerId') customerId: string,
    @Req() req: Request,
  ): Promise<ResentStatementDto> {
    return this.service.resend(year, customerId, AuditService.context(req));
  }

  @Get('statements/:year/postal')
  @ApiOperation({ summary: "The statements of the year's donors without an e-mail address, in one printable PDF" })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'PDF' })
  @ApiError(404)
  async postal(@Param('year') year: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { filename, pdf } = await this.service.postalBatch(year, AuditService.context(req));
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.end(pdf);
  }

  @Get('years/:customerId')
  @ApiOperation({ summary: 'The years a donor gave in (for their Year-End Statement button)' })
  @ApiOkResponse({ type: DonorYearsDto })
  @ApiError(404)
  years(@Param('customerId') customerId: string): Promise<DonorYearsDto> {
    return this.service.donorYears(customerId);
  }
}
