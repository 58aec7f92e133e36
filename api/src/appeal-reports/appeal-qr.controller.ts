import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import QRCode from 'qrcode';
import { DataSource } from 'typeorm';
import { appealQrUrl } from '../../../core/src/appeals/appeal-share.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { DomainError, ErrorDto } from '../../../core/src/http/errors.js';
import { AdminApi } from '../auth/admin-api.decorator.js';
import { AppealIdParamDto } from '../appeals/dto/appeal.dto.js';

/** Print sizes: 1200 px is 4 inches at 300 dpi (a flyer); the SVG scales to any size. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * An appeal's printable QR code (the `qrcode` package), for flyers and the newsletter: it opens the appeal page with
 * utm_source=qr, so the Appeals report can tell the gifts it brought. Downloads, never cached.
 */
@AdminApi('Appeals', { badRequest: true })
@Controller('admin/appeals')
export class AppealQrController {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  private async url(id: string): Promise<{ slug: string; url: string }> {
    const rows: { slug: string }[] = await this.ds.query(`SELECT slug FROM appeals WHERE id = $1`, [id]);
    if (!rows[0]) throw new DomainError(404, 'No such appeal');
    return { slug: rows[0].slug, url: appealQrUrl(this.env.PUBLIC_URL, rows[0].slug) };
  }

  @Get(':id/qr.png')
  @ApiOperation({ summary: "The appeal page's QR code as a 1200 px PNG: appeal_{slug}_qr.png" })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'PNG' })
  @ApiNotFoundResponse({ type: ErrorDto })
  async png(@Param() p: AppealIdParamDto, @Res() res: Response): Promise<void> {
    const { slug, url } = await this.url(p.id);
    const png = await QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 1200 });
    send(res, 'image/png', `appeal_${slug}_qr.png`, png);
  }

  @Get(':id/qr.svg')
  @ApiOperation({ summary: "The appeal page's QR code as SVG (scales to any print size): appeal_{slug}_qr.svg" })
  @ApiProduces('image/svg+xml')
  @ApiOkResponse({ description: 'SVG' })
  @ApiNotFoundResponse({ type: ErrorDto })
  async svg(@Param() p: AppealIdParamDto, @Res() res: Response): Promise<void> {
    const { slug, url } = await this.url(p.id);
    const svg = await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
    send(res, 'image/svg+xml; charset=utf-8', `appeal_${slug}_qr.svg`, Buffer.from(svg, 'utf8'));
  }
}

function send(res: Response, type: string, filename: string, body: Buffer): void {
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}
