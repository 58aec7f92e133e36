import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorDto } from '../../../core/src/http/errors.js';
import { AdminApi } from '../auth/admin-api.decorator.js';
import { AuditService } from '../auth/audit.service.js';
import { sendPdf } from '../http/pdf-response.js';
import { BoardPdfHeading } from '../http/board-pdf-heading.js';
import { appealBoardFilename, renderAppealBoard } from './appeal-board.report.js';
import { AppealReportsService } from './appeal-reports.service.js';
import { AppealIdParamDto } from '../appeals/dto/appeal.dto.js';
import { AppealReportDetailDto, AppealReportListDto } from './dto/appeal-report.dto.js';

@AdminApi('Appeals', { badRequest: true })
@Controller('admin/appeal-reports')
export class AppealReportsController {
  constructor(
    @Inject(AppealReportsService) private readonly reports: AppealReportsService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(BoardPdfHeading) private readonly heading: BoardPdfHeading,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The Appeals report: each appeal's raised, goal, percent, donors, new donors, average gift, monthly plans started; this year's year-end appeal and last year's",
    description: 'Amounts in CENTS, from the kept totals (appeal_totals): the figures the appeal page shows.',
  })
  @ApiOkResponse({ type: AppealReportListDto })
  list(): Promise<AppealReportListDto> {
    return this.reports.list();
  }

  @Get(':id')
  @ApiOperation({ summary: "One appeal's figures and its gifts by day (school's time zone)" })
  @ApiOkResponse({ type: AppealReportDetailDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  detail(@Param() p: AppealIdParamDto): Promise<AppealReportDetailDto> {
    return this.reports.detail(p.id);
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: "An appeal's one-page summary for the board: appeal_{slug}.pdf" })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'PDF' })
  @ApiNotFoundResponse({ type: ErrorDto })
  async pdf(@Param() p: AppealIdParamDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const r = await this.reports.detail(p.id);
    const { issuedOn, school } = await this.heading.read();
    const pdf = await renderAppealBoard(r, issuedOn, school);
    await this.audit.record('export.downloaded', {
      ...AuditService.context(req),
      success: true,
      details: { report: 'appeal-pdf', appealId: r.appeal.id },
    });
    sendPdf(res, appealBoardFilename(r.appeal), pdf);
  }
}
