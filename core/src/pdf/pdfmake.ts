import pdfmake from 'pdfmake';

/**
 * pdfmake, set up once for every PDF the school makes (year-end statements, the month-end report).
 * pdfmake 0.3 refuses every font file its access policy does not allow, even the names of PDF's standard 14
 * fonts. We use only standard Helvetica (built into every PDF reader, nothing to embed or read from disk) and
 * allow exactly those names; remote URLs are never fetched.
 */
const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const ALLOWED_FONTS = new Set(Object.values(HELVETICA));
pdfmake.addFonts({ Helvetica: HELVETICA });
pdfmake.setLocalAccessPolicy((path: string) => ALLOWED_FONTS.has(path));
pdfmake.setUrlAccessPolicy(() => false);

export { pdfmake };
