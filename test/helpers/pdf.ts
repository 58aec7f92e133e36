import { PDFParse } from 'pdf-parse';
import type { Response, Test } from 'supertest';

/** A PDF's text with runs of white space folded to one space (what a reader sees, line breaks aside). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Sends a request whose answer is a PDF: the response (body as a Buffer) and the PDF's text. */
export async function fetchPdf(req: Test): Promise<{ res: Response; text: string }> {
  const res = await req.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  return { res, text: res.status === 200 ? await pdfText(res.body as Buffer) : '' };
}
