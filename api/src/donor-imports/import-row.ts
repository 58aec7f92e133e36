import { createHash } from 'node:crypto';
import { emailKey } from '../../../core/src/donor-identity/email-key.js';
import { dayOf } from '../../../core/src/gifts/calendar.js';
import { IMPORT_FIELDS, type ColumnMapping, type ImportField } from '../../../core/src/donor-imports/column-mapping.js';
import { checkManualDonation, type ManualDonationInput } from '../manual-donations/manual-donation.validation.js';
import { manualAmountCents } from '../../../core/src/gifts/manual-amount.js';
import type { PreviewRowDto, RowProblemDto } from './dto/donor-import.dto.js';
import { isCashGift } from '../../../core/src/gifts/gift-labels.js';

/** Header words that suggest a field, so a usual spreadsheet needs no mapping by hand. */
const HEADER_HINTS: Record<ImportField, RegExp> = {
  name: /^(donor ?)?(full ?)?name$|^donor$/,
  firstName: /^(donor ?)?first( ?name)?$|^given ?name$|^fname$/,
  lastName: /^(donor ?)?(last|sur|family)( ?name)?$|^lname$/,
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
  appeal: /^appeal( name| slug)?$/,
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
  cash: 'cash',
  check: 'check',
  cheque: 'check',
  stock: 'stock',
  securities: 'stock',
  'in-kind': 'item',
  'in kind': 'item',
  inkind: 'item',
  item: 'item',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
  other: 'other',
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

/** One thing wrong with a row: the field (null for the row as a whole), the text that failed, and why. */
export type RowProblem = RowProblemDto;

/** What the preview lists of every row, good or bad: as read when it could be, else as the file has it. */
export type ShownRow = Omit<PreviewRowDto, 'row' | 'outcome'>;

export type RowResult =
  { ok: true; value: ImportedGift; shown: ShownRow } | { ok: false; problems: RowProblem[]; shown: ShownRow };

const clean = (v: string | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();
const norm = (v: string | null) => (v ?? '').toLowerCase();

/** The manual-gift fields an import fills -> the import field whose cell it comes from. */
const FROM_FIELD: Record<string, ImportField> = {
  donorName: 'name',
  donorEmail: 'email',
  donorPhone: 'phone',
  donorAddress: 'address',
  amount: 'amount',
  donationType: 'type',
  donationDate: 'giftDate',
  notes: 'note',
  giftDescription: 'note',
  fundId: 'fund',
  appealId: 'appeal',
};

/**
 * One CSV row, through the mapping, checked by the manual-gift rules themselves (checkManualDonation), so an
 * imported gift obeys exactly what the Add Manual Donation form obeys. A bad row answers every problem at once,
 * each with the rule's own sentence and the text that failed.
 */
export async function readRow(
  cells: readonly string[],
  mapping: ColumnMapping,
  timeZone: string,
  now: Date,
  funds: ReadonlyMap<string, number> = new Map(),
  appeals: ReadonlyMap<string, string> = new Map(),
): Promise<RowResult> {
  const cell = (f: ImportField) => (mapping[f] === undefined ? '' : clean(cells[mapping[f]!]));
  const name = mapping.name === undefined ? clean(`${cell('firstName')} ${cell('lastName')}`) : cell('name');
  const problems: RowProblem[] = [];
  // The fund by its name in any letter case; a blank cell is General.
  const fundName = cell('fund');
  const fundId = fundName ? funds.get(fundName.toLowerCase()) : 1;
  if (fundId === undefined) {
    problems.push({
      field: 'fund',
      value: fundName,
      message: `Unknown fund (add it on the Funds page first, or use ${[...funds.keys()].join(', ') || 'general'})`,
    });
  }
  // The appeal by its short address (slug) or its name, in any letter case; a blank cell is none.
  const appealText = cell('appeal');
  const appealId = appealText ? appeals.get(appealText.toLowerCase()) : null;
  if (appealId === undefined) {
    problems.push({
      field: 'appeal',
      value: appealText,
      message: 'Unknown appeal (use its name or short address as the Appeals page shows it)',
    });
  }
  const line1 = cell('address') || null;
  const city = cell('city') || null;
  const state = cell('state').toUpperCase() || null;
  const zip = cell('zip') || null;
  const typeText = cell('type').toLowerCase();
  const donationType = mapping.type === undefined || typeText === '' ? 'cash' : TYPE_WORDS[typeText];
  if (!donationType)
    problems.push({
      field: 'type',
      value: cell('type'),
      message: 'Unknown gift type (use cash, check, stock, in-kind or crypto)',
    });
  const cityLine = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const fullAddress = [line1, cityLine].filter(Boolean).join(', ');
  // '$1,250.00' as spreadsheets write it: the one dollars grammar takes the $ and the commas.
  const amountText = cell('amount');
  const day = isoDay(cell('giftDate'));
  const checked = await checkManualDonation(
    {
      donorName: name,
      donorEmail: cell('email'),
      donorPhone: cell('phone') || undefined,
      donorAddress: fullAddress || undefined,
      amount: amountText,
      donationType: donationType ?? 'cash',
      donationDate: day,
      notes: cell('note') || undefined,
      // A non-cash row's note is its description (required: its acknowledgment describes the gift, never values it).
      giftDescription: isCashGift('manual', donationType ?? 'cash') ? undefined : cell('note') || undefined,
      fundId: fundId ?? 1,
      appealId: appealId ?? undefined,
    },
    timeZone,
    now,
  );
  const shown: ShownRow = {
    name,
    email: cell('email') || null,
    date: cell('giftDate'),
    amountCents: manualAmountCents(amountText),
    amountText,
    type: donationType ?? cell('type'),
    fund: fundName || 'General',
  };
  if (!checked.ok) {
    for (const p of checked.problems) {
      const field = FROM_FIELD[p.field] ?? null;
      problems.push({
        field,
        value:
          field === 'name'
            ? name
            : field === 'address'
              ? fullAddress
              : field === 'giftDate'
                ? cell('giftDate')
                : field
                  ? cell(field)
                  : '',
        message: p.message,
      });
    }
  }
  if (!checked.ok || problems.length) return { ok: false, problems: ordered(problems), shown };
  // The e-mail as its donor-identity key: the donor key, the match and the stored address agree (ASCII letters folded only).
  const gift = { ...checked.value, donorEmail: checked.value.donorEmail ? emailKey(checked.value.donorEmail) : null };
  const donorKey = gift.donorEmail ? `e:${gift.donorEmail}` : `n:${norm(gift.donorName)}|${norm(line1)}|${norm(zip)}`;
  const rowKey = createHash('sha256')
    .update(
      JSON.stringify([
        donorKey,
        gift.donationDate.toISOString(),
        gift.amountCents,
        gift.donationType,
        gift.notes ?? '',
      ]),
    )
    .digest('hex');
  return {
    ok: true,
    value: { gift, address: { line1, city, state, postal_code: zip }, donorKey, rowKey },
    shown: { ...shown, date: dayOf(gift.donationDate, timeZone) },
  };
}

/** Problems in the mapping screen's field order, so a row reads left to right as the admin mapped it. */
function ordered(problems: RowProblem[]): RowProblem[] {
  const at = (p: RowProblem) => (p.field === null ? IMPORT_FIELDS.length : IMPORT_FIELDS.indexOf(p.field));
  return [...problems].sort((a, b) => at(a) - at(b));
}
