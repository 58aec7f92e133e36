import { plainText, sanitizeRichText } from './rich-text.js';
import { pageDefinition, type FieldDefinition, type PageContent, type SitePageKey } from './site-pages.js';

/** The longest rich-text field, as HTML (a page section, not a book). */
export const RICH_TEXT_MAX = 20000;

const CHECKS: Partial<Record<FieldDefinition['kind'], { test: (v: string) => boolean; message: string }>> = {
  latitude: {
    test: (v) => /^-?\d{1,2}(\.\d{1,7})?$/.test(v) && Math.abs(Number(v)) <= 90,
    message: 'a latitude between -90 and 90, e.g. 35.9089',
  },
  longitude: {
    test: (v) => /^-?\d{1,3}(\.\d{1,7})?$/.test(v) && Math.abs(Number(v)) <= 180,
    message: 'a longitude between -180 and 180, e.g. -92.6318',
  },
  ein: { test: (v) => /^\d{2}-\d{7}$/.test(v), message: 'two digits, a dash and seven digits, e.g. 71-0123456' },
  phone: {
    test: (v) => /^[0-9()+.\- ]{7,25}$/.test(v) && /\d{7}/.test(v.replace(/\D/g, '')),
    message: 'a phone number, e.g. (870) 555-0142',
  },
  email: {
    test: (v) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v),
    message: 'an e-mail address, e.g. info@example.org',
  },
};

/**
 * A page's content as sent by an editor, made safe and checked: every field of the page present (missing ones
 * keep `base`'s value), unknown keys dropped, rich text through the one sanitiser, one-line fields made plain
 * text, the fields with a shape (map position, EIN, phone, e-mail) checked, and the fields with a length limit (a
 * page's title and description) held to it (a default longer than the limit, written before there was one, stays
 * as it is until someone changes it). Errors name the field's label.
 */
export function cleanPageContent(
  page: SitePageKey,
  input: Record<string, unknown>,
  base: PageContent,
): { content: PageContent; errors: string[] } {
  const def = pageDefinition(page)!;
  const content: PageContent = {};
  const errors: string[] = [];
  for (const f of def.fields) {
    const raw = input[f.key];
    const value = typeof raw === 'string' ? raw : base[f.key];
    const clean =
      f.kind === 'rich'
        ? sanitizeRichText(value.slice(0, RICH_TEXT_MAX))
        : plainText(value, f.kind === 'long-text' ? 1000 : 200);
    const check = CHECKS[f.kind];
    if (check && !check.test(clean)) errors.push(`${f.label} must be ${check.message}.`);
    else if (!clean && f.kind !== 'rich') errors.push(`${f.label} cannot be empty.`);
    else if (f.maxLength && clean.length > f.maxLength && clean !== f.defaultValue)
      errors.push(
        `${f.label} is ${clean.length} characters long: keep it to ${f.maxLength} or fewer (search engines cut the rest).`,
      );
    content[f.key] = clean;
  }
  return { content, errors };
}
