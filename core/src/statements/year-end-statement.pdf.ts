import { pdfmake } from '../pdf/pdfmake.js';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { DEFAULT_SCHOOL_IDENTITY, type SchoolIdentity } from '../site/published-school-facts.js';
import { giftMethodLabel, isCashGift } from '../gifts/gift-labels.js';
import { STATEMENT_TEXTS, statementEditionFor, type StatementEdition } from '../school/donor-mail-texts.js';
import { formatUsd } from '../gifts/money.js';
import type { DonorForStatement, TaxGiftRow } from './statement-gifts.js';
import { todayIn } from '../gifts/calendar.js';

export interface StatementInput {
  donor: DonorForStatement;
  year: number;
  gifts: TaxGiftRow[];
  statementText: string;
  issuedOn: string;
  /** Interim (the year is not over), final or corrected; without it, interim or final by the year. */
  edition?: StatementEdition;
  /** The school's facts as published on the website (readSchoolIdentity); the SPEC's without it. */
  school?: SchoolIdentity;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today in the school's time zone as a statement prints it: 'Nov 22, 2026'. */
export function statementIssuedOn(timeZone: string, now: Date = new Date()): string {
  const today = todayIn(timeZone, now);
  return `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(8, 10)}, ${today.slice(0, 4)}`;
}

/** 'jane-doe' from 'Jane Doe!'; the id when the name leaves nothing (the filename must be plain ASCII). */
export function filenamePart(name: string | null, id: string): string {
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || id;
}

/** year-end-statement-2026-jane-doe.pdf */
export function statementFilename(year: number, donor: Pick<DonorForStatement, 'id' | 'name'>): string {
  return `year-end-statement-${year}-${filenamePart(donor.name, donor.id)}.pdf`;
}

export function donorAddressLines(d: DonorForStatement): string[] {
  const cityLine = [d.address_city, [d.address_state, d.address_postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [d.address_line1, d.address_line2, cityLine].filter((l): l is string => Boolean(l && l.trim()));
}

/** The gifts that count: net of refunds, fully refunded or lost-dispute gifts left out. */
export function statementGifts(gifts: TaxGiftRow[]): TaxGiftRow[] {
  return gifts.filter((g) => Number(g.net) > 0);
}

export interface StatementTotals {
  /** Gifts of money that count (card, bank, cash, check), with amounts. */
  gifts: TaxGiftRow[];
  /** Their total in cents: 'Total contributions'. */
  totalCents: number;
  /** Gifts of property (stock, in-kind, crypto, other): described, never valued, not in the total. */
  property: TaxGiftRow[];
}

/** What a statement adds up to: gifts of money and their total in cents, and gifts of property apart (IRS Pub. 1771). */
export function statementTotals(gifts: TaxGiftRow[]): StatementTotals {
  const counted = statementGifts(gifts);
  const money = counted.filter((g) => isCashGift(g.source, g.gift_type));
  return {
    gifts: money,
    totalCents: money.reduce((sum, g) => sum + Number(g.net), 0),
    property: counted.filter((g) => !isCashGift(g.source, g.gift_type)),
  };
}

const RULE = {
  hLineWidth: (i: number) => (i === 1 ? 0.7 : 0),
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 6,
};
const head = (...titles: string[]) =>
  titles.map((t, i) => ({
    text: t,
    bold: true,
    ...(i === 3 && t === 'Amount' ? { alignment: 'right' as const } : {}),
  }));

/** The gifts of property: date, receipt, kind and the school's description; no value column. */
function propertyContent(property: TaxGiftRow[]): Content[] {
  return [
    { text: STATEMENT_TEXTS.propertyHeading, bold: true, fontSize: 12, margin: [0, 4, 0, 6] },
    {
      table: {
        headerRows: 1,
        widths: [80, 80, 100, '*'],
        body: [
          head('Date', 'Receipt', 'Gift', 'Description'),
          ...property.map((g) => [
            g.day_label,
            g.receipt_number ?? '',
            giftMethodLabel(g.source, g.gift_type, g.brand, g.last4),
            g.description?.trim() || '',
          ]),
        ],
      },
      layout: RULE,
    },
    { text: STATEMENT_TEXTS.propertyNote, margin: [0, 8, 0, 12] },
  ];
}

/** One donor's statement as pdfmake content (several can share one document, for postal mail). */
function statementContent(s: StatementInput): Content[] {
  const { gifts, totalCents: total, property } = statementTotals(s.gifts);
  const edition = s.edition ?? statementEditionFor(s.year, Number(s.issuedOn.slice(-4)));
  const SCHOOL = s.school ?? DEFAULT_SCHOOL_IDENTITY;
  const body: Content[] = [
    { text: SCHOOL.name, style: 'school' },
    { text: [SCHOOL.streetAddress, SCHOOL.mailingAddress, `EIN ${SCHOOL.ein}`].join('\n'), style: 'small' },
    { text: `Year-End Giving Statement ${s.year}`, style: 'title' },
    { text: `Issued ${s.issuedOn}`, style: 'small' },
    { text: STATEMENT_TEXTS.edition(edition, s.year, s.issuedOn), bold: edition !== 'final', margin: [0, 6, 0, 0] },
    {
      text: [s.donor.name || 'Donor', ...donorAddressLines(s.donor), s.donor.email ?? ''].filter(Boolean).join('\n'),
      margin: [0, 12, 0, 12],
    },
    {
      text: `Thank you for supporting ${SCHOOL.name}. This statement lists the contributions we received from you between January 1 and December 31, ${s.year}.`,
      margin: [0, 0, 0, 10],
    },
  ];
  if (gifts.length === 0 && property.length === 0) {
    body.push({ text: `No contributions were recorded for ${s.year}.`, italics: true, margin: [0, 0, 0, 10] });
  } else if (gifts.length === 0) {
    body.push({ text: `No gifts of money were recorded for ${s.year}.`, italics: true, margin: [0, 0, 0, 10] });
  } else {
    body.push({
      table: {
        headerRows: 1,
        // Fixed widths: 'auto' makes pdfmake measure every cell twice, the larger part of a 500-gift statement.
        widths: [80, 80, '*', 80],
        body: [
          head('Date', 'Receipt', 'Method', 'Amount'),
          ...gifts.map((g) => [
            g.day_label,
            g.receipt_number ?? '',
            // The gift's line names a tribute and a chosen fund under its method.
            [
              giftMethodLabel(g.source, g.gift_type, g.brand, g.last4),
              g.fund ? `To the ${g.fund} fund` : '',
              g.tribute ?? '',
            ]
              .filter(Boolean)
              .join('\n'),
            { text: formatUsd(Number(g.net)), alignment: 'right' as const },
          ]),
        ],
      },
      layout: RULE,
    });
  }
  body.push(
    {
      text: `Total contributions for ${s.year}: ${formatUsd(total)}`,
      bold: true,
      margin: [0, 12, 0, property.length ? 2 : 12],
    },
    ...(property.length
      ? [
          { text: STATEMENT_TEXTS.cashTotalNote, style: 'small', margin: [0, 0, 0, 12] } as Content,
          ...propertyContent(property),
        ]
      : []),
    { text: s.statementText, margin: [0, 0, 0, 12] },
    {
      text: `${SCHOOL.taxExemptStatus} EIN ${SCHOOL.ein}. Please keep this statement for your tax records.`,
      style: 'small',
    },
  );
  return body;
}

/** A document of one or more statements, each starting on a new page. */
export function statementDefinition(...statements: StatementInput[]): TDocumentDefinitions {
  const content: Content[] = statements.flatMap((s, i) => {
    const part = statementContent(s);
    return i === 0 ? part : [{ text: '', pageBreak: 'before' as const }, ...part];
  });
  const title =
    statements.length === 1
      ? `Year-End Giving Statement ${statements[0].year}`
      : `Year-End Giving Statements ${statements[0]?.year ?? ''}`;
  return {
    info: { title, author: (statements[0]?.school ?? DEFAULT_SCHOOL_IDENTITY).name },
    pageSize: 'LETTER',
    pageMargins: [54, 54, 54, 54],
    defaultStyle: { font: 'Helvetica', fontSize: 10.5 },
    styles: {
      school: { fontSize: 16, bold: true },
      title: { fontSize: 14, bold: true, margin: [0, 16, 0, 2] },
      small: { fontSize: 9, color: '#444444' },
    },
    content,
  };
}

/**
 * The statement a donor or an admin downloads now: the school's configured statement text, issued today in the
 * school's time zone, its edition by the year (My Giving and Tax Exports).
 */
export function renderStatementNow(
  env: { YEAR_END_STATEMENT_TEXT: string; TIME_ZONE: string },
  donor: DonorForStatement,
  year: number,
  gifts: TaxGiftRow[],
  school?: SchoolIdentity,
): Promise<Buffer> {
  return renderStatement({
    donor,
    year,
    gifts,
    school,
    statementText: env.YEAR_END_STATEMENT_TEXT,
    issuedOn: statementIssuedOn(env.TIME_ZONE),
  });
}

export async function renderStatement(s: StatementInput): Promise<Buffer> {
  return pdfmake.createPdf(statementDefinition(s)).getBuffer();
}

/** Several donors' statements in one PDF, one after the other (the postal batch). */
export async function renderStatements(statements: StatementInput[]): Promise<Buffer> {
  return pdfmake.createPdf(statementDefinition(...statements)).getBuffer();
}
