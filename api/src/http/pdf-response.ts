import type { Response } from 'express';

/** Sends a PDF as a download that no cache keeps. */
export function sendPdf(res: Response, filename: string, pdf: Buffer): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(pdf);
}
