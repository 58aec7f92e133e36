import { Module } from '@nestjs/common';
import { BoardPdfHeading } from '../http/board-pdf-heading.js';
import { MonthEndController } from './month-end.controller.js';
import { MonthEndRepository } from './month-end.repository.js';
import { MonthEndService } from './month-end.service.js';

/** The Month-end view: a month's money, by method and fund, with its payouts; on screen, as CSV and as PDF. */
@Module({ controllers: [MonthEndController], providers: [MonthEndService, MonthEndRepository, BoardPdfHeading] })
export class MonthEndModule {}
