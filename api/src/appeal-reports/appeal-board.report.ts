import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatUsd } from '../../../core/src/gifts/money.js';
import { pdfmake } from '../../../core/src/pdf/pdfmake.js';
import type { SchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import type { AppealReportDetailDto, AppealReportRowDto } from './dto/appeal-report.dto.js';

export const appealBoardFilename = (a: AppealReportRowDto) => `appeal_${a.slug}.pdf`;

const GOAL_UNIT: Record<string, string> = { donors: 'donors', new_monthly_donors: 'new monthly donors' };

/** The goal as the board reads it: '$5,000.00' or '50 donors'. */
export function goalText(a: AppealReportRowDto): string {
  if (a.goalKind === 'dollars') return a.goalCents === null ? 'none' : formatUsd(a.goalCents);
  return a.goalCount === null ? 'none' : `${a.goalCount} ${GOAL_UNIT[a.goalKind] ?? a.goalKind}`;
}

/** The figures, in the order of the Appeals report's columns (one list for the report page's table and the PDF). */
export function appealFigureLines(a: AppealReportRowDto): Array<[string, string]> {
  return [
    ['Raised', formatUsd(a.raisedCents)],
    ['Goal', goalText(a)],
    ['Percent of goal', `${a.percentOfGoal}%`],
    ['Donors', String(a.donorCount)],
    ['New donors', String(a.newDonorCount)],
    ['Gifts', String(a.giftCount)],
    ['Average gift', formatUsd(a.averageGiftCents)],
    ['Monthly gifts started', String(a.recurringStarted)],
    ...(a.matchedCents > 0
      ? ([['Matched (pledged by the match, not charged)', formatUsd(a.matchedCents)]] as Array<[string, string]>)
      : []),
  ];
}

/**
 * One page for the board: the appeal's figures (the same the appeal page's bar and the Appeals report show) and
 * its gifts by week (a day per row would not fit a long appeal on one page).
 */
export function appealBoardDefinition(
  r: AppealReportDetailDto,
  issuedOn: string,
  school: SchoolIdentity,
): TDocumentDefinitions {
  const a = r.appeal;
  const weeks: Array<{ from: string; to: string; cents: number; gifts: number }> = [];
  r.byDay.forEach((d, i) => {
    if (i % 7 === 0) weeks.push({ from: d.day, to: d.day, cents: 0, gifts: 0 });
    const w = weeks[weeks.length - 1];
    w.to = d.day;
    w.cents += d.raisedCents;
    w.gifts += d.giftCount;
  });
  const right = (text: string): Content => ({ text, alignment: 'right' });
  return {
    info: { title: `Appeal: ${a.name}` },
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 48],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    styles: {
      title: { fontSize: 16, bold: true },
      heading: { fontSize: 11.5, bold: true, margin: [0, 14, 0, 4] },
      small: { fontSize: 8.5, color: '#444444' },
    },
    content: [
      { text: school.name, style: 'small' },
      { text: `Appeal: ${a.name}`, style: 'title' },
      {
        text: `${a.startsOn} to ${a.endsOn} (${a.state}). Issued ${issuedOn}. Raised is net of refunds and of disputes not won, card, bank and recorded gifts together.`,
        style: 'small',
      },
      { text: 'Figures', style: 'heading' },
      {
        table: { widths: ['*', 'auto'], body: appealFigureLines(a).map(([k, v]) => [k, right(v)]) },
        layout: 'lightHorizontalLines',
      },
      { text: 'By week', style: 'heading' },
      weeks.length
        ? {
            table: {
              headerRows: 1,
              widths: ['*', 'auto', 'auto'],
              body: [
                [
                  { text: 'Week', bold: true },
                  { text: 'Gifts', bold: true, alignment: 'right' as const },
                  { text: 'Raised', bold: true, alignment: 'right' as const },
                ],
                ...weeks
                  .slice(0, 20)
                  .map((w) => [
                    w.from === w.to ? w.from : `${w.from} to ${w.to}`,
                    right(String(w.gifts)),
                    right(formatUsd(w.cents)),
                  ]),
              ],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'No gifts yet.', italics: true },
    ],
  };
}

export async function renderAppealBoard(
  r: AppealReportDetailDto,
  issuedOn: string,
  school: SchoolIdentity,
): Promise<Buffer> {
  return pdfmake.createPdf(appealBoardDefinition(r, issuedOn, school)).getBuffer();
}
