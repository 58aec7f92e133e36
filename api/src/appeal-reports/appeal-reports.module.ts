import { Module } from '@nestjs/common';
import { BoardPdfHeading } from '../http/board-pdf-heading.js';
import { AppealQrController } from './appeal-qr.controller.js';
import { AppealReportsController } from './appeal-reports.controller.js';
import { AppealReportsRepository } from './appeal-reports.repository.js';
import { AppealReportsService } from './appeal-reports.service.js';

/** The Appeals report (figures, days, the year-end pair), an appeal's board PDF and its printable QR code. */
@Module({
  controllers: [AppealReportsController, AppealQrController],
  providers: [AppealReportsService, AppealReportsRepository, BoardPdfHeading],
})
export class AppealReportsModule {}
