import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatCents, formatUsd } from '../../../core/src/gifts/money.js';
import { pdfmake } from '../../../core/src/pdf/pdfmake.js';
import type { SchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { neutraliseCsvRow } from '../http/csv-cell.js';
import type { MonthEndDto, MonthEndFiguresDto } from './month-end.dto.js';

/** The Month-end CSV: one row per figure line (totals, methods, funds), then the payouts and their sums. */
export const MONTH_END_HEADERS = [
  'Section',
  'Item',
  'Gross',
  'Refunds',
  'Disputes',
  'Stripe Fees',
  'Received',
  'After Fees',
  'Payout Status',
  'Arrival Day',
];

const FIGURE_COLUMNS = [
  'grossCents',
  'refundCents',
  'disputeCents',
  'feeCents',
  'receivedCents',
  'afterFeesCents',
] as const;
export const FIGURE_TITLES = ['Gross', 'Refunds', 'Disputes', 'Stripe fees', 'Received', 'After fees'];

export const monthEndFilename = (m: MonthEndDto, ext: 'csv' | 'pdf') => `month-end_${m.month}.${ext}`;

export function monthEndCsvRows(m: MonthEndDto): string[][] {
  const figures = (section: string, r: MonthEndFiguresDto) => [
    section,
    r.name,
    ...FIGURE_COLUMNS.map((k) => formatCents(r[k])),
    '',
    '',
  ];
  const amountOnly = (section: string, item: string, cents: number, status = '', day = '') => [
    section,
    item,
    '',
    '',
    '',
    '',
    '',
    formatCents(cents),
    status,
    day,
  ];
  return [
    figures('Total', m.total),
    figures('Total', m.stripe),
    ...m.byMethod.map((r) => figures('Method', r)),
    ...m.byFund.map((r) => figures('Fund', r)),
    amountOnly('Payouts', 'Deposited', m.depositedCents),
    amountOnly('Payouts', 'In transit', m.inTransitCents),
    ...m.payouts.map((p) => amountOnly('Payout', p.id, p.amountCents, p.status, p.arrivalDay)),
  ].map(neutraliseCsvRow);
}

function figureTable(title: string, rows: MonthEndFiguresDto[]): Content[] {
  return [
    { text: title, style: 'heading' },
    {
      table: {
        headerRows: 1,
        widths: ['*', ...FIGURE_TITLES.map(() => 'auto')],
        body: [
          ['', ...FIGURE_TITLES].map((t) => ({ text: t, bold: true, alignment: t ? 'right' : 'left' })),
          ...rows.map((r) => [
            r.name,
            ...FIGURE_COLUMNS.map((k) => ({ text: formatUsd(r[k]), alignment: 'right' as const })),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

/** The one-page month-end report for the board, under the school's name as published on the website. */
export function monthEndDefinition(m: MonthEndDto, issuedOn: string, school: SchoolIdentity): TDocumentDefinitions {
  const payoutRows = m.payouts.map((p) => [
    p.arrivalDay,
    p.status.replace('_', ' '),
    { text: formatUsd(p.amountCents), alignment: 'right' as const },
  ]);
  return {
    info: { title: `Month-end ${m.label}` },
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [36, 36, 36, 36],
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    styles: {
      title: { fontSize: 14, bold: true },
      heading: { fontSize: 10.5, bold: true, margin: [0, 10, 0, 4] },
      small: { fontSize: 8, color: '#444444' },
    },
    content: [
      { text: `${school.name}: month-end ${m.label}`, style: 'title' },
      {
        text: `${m.fromDay} to ${m.toDay}. Issued ${issuedOn}. Refunds and disputes count on the day they happened; Received = Gross - Refunds - Disputes; After fees = Received - Stripe fees.`,
        style: 'small',
      },
      ...figureTable('Totals', [m.total, m.stripe]),
      ...figureTable('By method', m.byMethod),
      ...figureTable('By fund', m.byFund),
      {
        text: `Payouts arriving in ${m.label}: ${formatUsd(m.depositedCents)} deposited, ${formatUsd(m.inTransitCents)} in transit`,
        style: 'heading',
      },
      payoutRows.length
        ? {
            table: {
              headerRows: 1,
              widths: ['auto', 'auto', 'auto'],
              body: [['Arrival', 'Status', { text: 'Amount', alignment: 'right' }], ...payoutRows],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'No payouts arrive in this month.', italics: true },
    ],
  };
}

export async function renderMonthEnd(m: MonthEndDto, issuedOn: string, school: SchoolIdentity): Promise<Buffer> {
  return pdfmake.createPdf(monthEndDefinition(m, issuedOn, school)).getBuffer();
}
