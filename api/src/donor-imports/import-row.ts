import { createHash } from 'node:crypto';
import { isCashGift } from '../../../core/src/gifts/gift-labels.js';
import { validateManualDonation, type ManualDonationInput } from '../manual-donations/manual-donation.validation.js';

/** The fields a CSV column can be mapped to. name, giftDate and amount are required; the others are optional. */
export const IMPORT_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'state', 'zip', 'giftDate', 'amount', 'type', 'note', 'fund'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_FIELDS: readonly ImportField[] = ['name', 'giftDate', 'amount'];
/** Field -> index of the CSV column it reads. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** Header words that suggest a field, so a usual spreadsheet needs no mapping by hand. */
const HEADER_HINTS: Record<ImportField, RegExp> = {
  name: /^(donor ?)?(full ?)?name$|^donor$/,
  email: /^(donor ?)?e-?mail( address)?$/,
  phone: /^(donor ?)?(phone|telephone|tel)( number)?$/,
  address: /^(street ?)?address( ?(line ?)?1)?$|^street$/,
  city: /^city$|^town$/,
  state: /^state$|^st$/,
  zip: /^(zip|postal)( ?code)?$|^zipcode$/,
  giftDate: /^(gift |donation )?date$|^date (given|received)$/,
  amount: /^(gift |donation )?amount$|^total$/,
  type: /^(gift |donation )?(type|method)$|^payment (type|method)$/,
  note: /^notes?$|^memo$|^check (number|no\.?|#)$/,
  fund: /^(fund|designation|designated to|campaign)$/,
};

export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const i = headers.findIndex((h) => HEADER_HINTS[field].test(h.trim().toLowerCase()));
    if (i >= 0 && !Object.values(mapping).includes(i)) mapping[field] = i;
  }
  return mapping;
}

/** The spreadsheet's words for a gift's type -> our manual donation types (in-kind is 'item'). */
const TYPE_WORDS: Record<string, string> = {
  cash: 'cash', check: 'check', cheque: 'check', stock: 'stock', securities: 'stock', 'in-kind': 'item', 'in kind': 'item',
  inkind: 'item', item: 'item', crypto: 'crypto', cryptocurrency: 'crypto', other: 'other',
};

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 3/7/2024 (how US spreadsheets write dates) -> 2024-03-07; anything else is left for the manual-gift rules. */
function isoDay(text: string): string {
  const m = US_DATE.exec(text);
  return m ? `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}` : text;
}

export interface ImportedGift {
  gift: ManualDonationInput;
  /** The donor's address parts, for a new Stripe customer and for matching. */
  address: { line1: string | null; city: string | null; state: string | null; postal_code: string | null };
  /** Who the row is about: 'e:<email>' or 'n:<name>|<line1>|<zip>' (lower-cased). Rows of one new donor share it. */
  donorKey: string;
  /** The idempotency key: a hash of the normalized row. The same gift in any later file has the same key. */
  rowKey: string;
}

export type RowResult = { ok: true; value: ImportedGift } | { ok: false; reason: string };

const clean = (v: string | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();
const norm = (v: string | null) => (v ?? '').toLowerCase();

/**
 * One CSV row, through the mapping, checked by the manual-gift rules themselves (validateManualDonation), so an
 * imported gift obeys exactly what the Add Manual Donation form obeys. The reason is the rule's own sentence.
 */
export async function readRow(
  cells: readonly string[], mapping: ColumnMapping, timeZone: string, now: Date, funds: ReadonlyMap<string, number> = new Map(),
): Promise<RowResult> {
  const cell = (f: ImportField) => (mapping[f] === undefined ? '' : clean(cells[mapping[f]!]));
  // The fund by its name in any letter case; a blank cell is General.
  const fundName = cell('fund');
  const fundId = fundName ? funds.get(fundName.toLowerCase()) : 1;
  if (fundId === undefined) return { ok: false, reason: `Unknown fund "${fundName}" (add it on the Funds page first, or use ${[...funds.keys()].join(', ') || 'general'})` };
  const line1 = cell('address') || null;
  const city = cell('city') || null;
  const state = cell('state').toUpperCase() || null;
  const zip = cell('zip') || null;
  const typeText = cell('type').toLowerCase();
  const donationType = mapping.type === undefined || typeText === '' ? 'cash' : TYPE_WORDS[typeText];
  if (!donationType) return { ok: false, reason: `Unknown gift type "${cell('type')}" (use cash, check, stock, in-kind or crypto)` };
  const cityLine = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const fullAddress = [line1, cityLine].filter(Boolean).join(', ');
  const checked = await validateManualDonation({
    donorName: cell('name'),
    donorEmail: cell('email'),
    donorPhone: cell('phone') || undefined,
    donorAddress: fullAddress || undefined,
    amount: cell('amount').replace(/^\$/, ''),
    donationType,
    donationDate: isoDay(cell('giftDate')),
    notes: cell('note') || undefined,
    // A non-cash row's note is its description (required: its acknowledgment describes the gift, never values it).
    giftDescription: isCashGift('manual', donationType) ? undefined : cell('note') || undefined,
    fundId,
  }, timeZone, now);
  if (!checked.ok) return { ok: false, reason: checked.message };
  const gift = { ...checked.value, donorEmail: checked.value.donorEmail?.toLowerCase() ?? null };
  const donorKey = gift.donorEmail ? `e:${gift.donorEmail}` : `n:${norm(gift.donorName)}|${norm(line1)}|${norm(zip)}`;
  const rowKey = createHash('sha256')
    .update(JSON.stringify([donorKey, gift.donationDate.toISOString(), gift.amountCents, gift.donationType, gift.notes ?? '']))
    .digest('hex');
  return { ok: true, value: { gift, address: { line1, city, state, postal_code: zip }, donorKey, rowKey } };
}
