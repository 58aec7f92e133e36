import { formatUsd } from '../gifts/money.js';
import { DEFAULT_SCHOOL_IDENTITY, type SchoolIdentity } from '../site/published-school-facts.js';

/**
 * The words of the e-mails donors receive: a gift's acknowledgment (and its corrected version after a partial
 * refund), the notice that voids one, and the year-end statement's cover note. They follow IRS Publication
 * 1771: the school's legal name, EIN and address, the donor, the date, the amount for money (card, cash,
 * check) or a description without a value for property (stock, items, crypto), and either the
 * no-goods-or-services sentence or the quid-pro-quo disclosure. Each message has a plain-text and an HTML part
 * that say the same; the HTML is large, high-contrast real text (no images) that screen readers read in order.
 * Plain functions of plain facts, so the texts are tested without a database or a mail server.
 */

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

export interface AcknowledgmentFacts {
  receiptNumber: string;
  donorName: string | null;
  /** 'November 22, 2026' */
  giftDate: string;
  /** 'Visa ending in 4242', 'Check', 'Stock/Securities' ... */
  method: string;
  /** Money (card, cash, check): the amount is stated. Property (stock, item, crypto, other): described, no value. */
  isMoney: boolean;
  amountCents: number;
  /** > 0: a corrected acknowledgment after a partial refund. */
  refundedCents: number;
  /** What a gift of property was, as the school recorded it. */
  description: string | null;
  /** Goods or services the donor received in return (quid pro quo), with their fair-market value. */
  goods: { description: string; valueCents: number } | null;
  /** manageUrl: the donor's own page (/my-giving), where they change, pause or cancel the gift. */
  recurring: { frequency: string; nextDate: string | null; manageUrl?: string } | null;
  /** YEAR_END_STATEMENT_TEXT (by default the IRS "no goods or services" sentence: core/src/config/env.dto.ts). */
  noGoodsSentence: string;
  /** Of amountCents, what the donor added to cover the card fee (all of it deductible, like the rest). */
  feeCoverageCents?: number;
  /** The fund the gift went to, named when it is not General. */
  fund?: string | null;
  /** 'In memory of Ada Lovelace' */
  tribute?: string | null;
  /**
   * The thank-you paragraph of the appeal the gift was credited to (staff's plain text): a paragraph of its own
   * after the greeting, above the receipt and the IRS sentences, which it never replaces. Left out of a corrected
   * acknowledgment (that one is about the refund).
   */
  appealThankYou?: string | null;
}

export interface VoidFacts {
  receiptNumber: string;
  donorName: string | null;
  giftDate: string;
  /** Null for a gift of property (its acknowledgment stated no value). */
  amountCents: number | null;
  reason: 'refunded' | 'deleted';
}

/** Which version of a year's statement: before the year ends it is interim; after, final, then corrected. */
export type StatementEdition = 'interim' | 'final' | 'corrected';

export interface StatementFacts {
  donorName: string | null;
  year: number;
  /** Gifts of money only (card, bank, cash, check). */
  totalCents: number;
  /** Gifts of money. */
  giftCount: number;
  /** Gifts of property (stock, in-kind, crypto, other): listed in the statement, never valued. */
  propertyCount?: number;
  filename: string;
  edition?: StatementEdition;
}

/**
 * IRS Publication 1771 as the year-end statement (PDF and cover note) words it. Gifts of property are described and
 * never valued; 'Total contributions' is money only and says so.
 */
export const STATEMENT_TEXTS = {
  cashTotalNote:
    'Total contributions counts gifts of money only (card, bank, cash and check). Gifts of property are listed separately, without a value.',
  propertyHeading: 'Gifts of property',
  propertyNote:
    'We describe gifts of property (such as securities, goods or cryptocurrency) but do not state their value: the value you claim is yours to determine. ' +
    'If you claim more than $500 for gifts of property, the IRS asks you to file Form 8283 with your tax return.',
  edition(edition: StatementEdition, year: number, issuedOn: string): string {
    if (edition === 'interim')
      return `Interim statement: gifts received through ${issuedOn}. Your final statement for ${year} will follow after December 31, ${year}.`;
    if (edition === 'corrected')
      return `Corrected statement: it replaces the ${year} statement we sent you before. Please use this one for your tax records.`;
    return `Final statement for ${year}.`;
  },
  editionTitle: { interim: 'Interim', final: 'Final', corrected: 'Corrected' } as Record<StatementEdition, string>,
};

/** The edition a statement of `year` is when no earlier final one was sent: interim until the year is over. */
export function statementEditionFor(year: number, currentYear: number): Extract<StatementEdition, 'interim' | 'final'> {
  return year >= currentYear ? 'interim' : 'final';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** '<Dear Maria Lopez,>' or a greeting that needs no name. */
const greeting = (name: string | null) => (name?.trim() ? `Dear ${name.trim()},` : 'Dear friend of Hillside,');

/** The school's facts in a message: as published on the website (core/src/site/published-school-facts.ts). */
const LETTERHEAD = (s: SchoolIdentity) => [s.name, s.streetAddress, `EIN ${s.ein}`];
const SIGNATURE = (s: SchoolIdentity) => ['With gratitude,', s.name, `${s.phone} · ${s.email}`];
const STATUS_LINE = (s: SchoolIdentity) => `${s.taxExemptStatus} EIN ${s.ein}.`;

/**
 * A paragraph is a string; a table is rows of [label, value]; a link is a button-like line with its address; a
 * sentence may end in an address, which the HTML part makes a link.
 */
type Block = string | Array<[string, string]> | { link: string; label: string } | { sentence: string; link: string };

function plain(title: string, name: string | null, blocks: Block[], s: SchoolIdentity): string {
  const parts = [LETTERHEAD(s).join('\n'), title, greeting(name)];
  for (const b of blocks) {
    parts.push(
      typeof b === 'string'
        ? b
        : Array.isArray(b)
          ? b.map(([k, v]) => `${k}: ${v}`).join('\n')
          : 'sentence' in b
            ? `${b.sentence} ${b.link}`
            : `${b.label}:\n${b.link}`,
    );
  }
  parts.push(SIGNATURE(s).join('\n'), STATUS_LINE(s));
  return `${parts.join('\n\n')}\n`;
}

const P = 'margin:0 0 18px;';

function html(title: string, name: string | null, blocks: Block[], s: SchoolIdentity): string {
  const body = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p style="${P}">${esc(b)}</p>`
        : 'sentence' in b
          ? `<p style="${P}">${esc(b.sentence)} <a href="${esc(b.link)}" style="color:#0b4f8a">${esc(b.link)}</a></p>`
          : !Array.isArray(b)
            ? `<p style="${P}"><a href="${esc(b.link)}" style="color:#0b4f8a;font-weight:bold">${esc(b.label)}</a><br><span style="font-size:15px;word-break:break-all">${esc(b.link)}</span></p>`
            : `<table style="border-collapse:collapse;margin:0 0 18px;font-size:18px"><tbody>${b
                .map(
                  ([k, v]) =>
                    `<tr><th scope="row" style="text-align:left;padding:6px 18px 6px 0;vertical-align:top">${esc(k)}</th><td style="padding:6px 0">${esc(v)}</td></tr>`,
                )
                .join('')}</tbody></table>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#ffffff">` +
    `<div style="max-width:640px;margin:0 auto;padding:24px;font-family:Georgia,'Times New Roman',serif;font-size:18px;line-height:1.6;color:#1b1b1b">` +
    `<p style="margin:0;font-size:22px;font-weight:bold">${esc(s.name)}</p>` +
    `<p style="margin:0 0 24px;font-size:16px;color:#333333">${esc(s.streetAddress)}<br>EIN ${esc(s.ein)}</p>` +
    `<h1 style="font-size:26px;line-height:1.3;margin:0 0 18px">${esc(title)}</h1>` +
    `<p style="${P}">${esc(greeting(name))}</p>${body}` +
    `<p style="${P}">${SIGNATURE(s).map(esc).join('<br>')}</p>` +
    `<p style="margin:24px 0 0;font-size:16px;color:#333333">${esc(STATUS_LINE(s))}</p></div></body></html>`
  );
}

function message(s: SchoolIdentity, subject: string, title: string, name: string | null, blocks: Block[]): MailText {
  return { subject, text: plain(title, name, blocks, s), html: html(title, name, blocks, s) };
}

const PROPERTY_ACKNOWLEDGMENT_NOTE =
  'As the law asks, this acknowledgment describes your gift of property but does not state its value; the value you claim is yours to determine.';

/**
 * An appeal's thank-you paragraph as the mail shows it: one paragraph of plain text (line breaks and runs of
 * spaces folded, at most 1,000 characters). The HTML part escapes it like every other paragraph, so markup typed
 * by staff arrives as text.
 */
export function appealParagraph(text: string | null | undefined): string {
  const folded = (text ?? '').replace(/\s+/g, ' ').trim();
  return folded.length > 1000 ? `${folded.slice(0, 999)}…` : folded;
}

/** A gift's acknowledgment; after a partial refund, the corrected acknowledgment under the same receipt number. */
export function acknowledgmentMail(f: AcknowledgmentFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  const corrected = f.refundedCents > 0;
  const net = f.amountCents - f.refundedCents;
  const title = corrected ? 'Corrected acknowledgment of your gift' : 'Thank you for your gift';
  const subject = corrected
    ? `Corrected receipt ${f.receiptNumber} - ${SCHOOL.name}`
    : `Thank you for your gift - receipt ${f.receiptNumber} - ${SCHOOL.name}`;
  const rows: Array<[string, string]> = [
    ['Receipt number', f.receiptNumber],
    ['Date of gift', f.giftDate],
  ];
  if (f.isMoney) {
    if (corrected)
      rows.push(
        ['Amount given', formatUsd(f.amountCents)],
        ['Amount refunded', formatUsd(f.refundedCents)],
        ['Contribution', formatUsd(net)],
      );
    else rows.push(['Amount', formatUsd(f.amountCents)]);
    if (f.feeCoverageCents) rows.push(['Of which to cover fees', `${formatUsd(f.feeCoverageCents)} (deductible too)`]);
    rows.push(['Paid by', f.method]);
  } else {
    rows.push(['Gift', f.method], ['Description', f.description?.trim() || f.method]);
  }
  if (f.fund) rows.push(['Designated to', f.fund]);
  if (f.tribute) rows.push(['Tribute', f.tribute]);
  if (f.recurring) {
    rows.push(['Frequency', f.recurring.frequency]);
    if (f.recurring.nextDate) rows.push(['Next gift', f.recurring.nextDate]);
  }
  const thankYou = corrected ? '' : appealParagraph(f.appealThankYou);
  const blocks: Block[] = [
    ...(thankYou ? [thankYou] : []),
    corrected
      ? `Part of your gift of ${f.giftDate} was refunded, so this corrected acknowledgment replaces the one we sent before under the same receipt number. Please use this one for your tax records.`
      : `Thank you for your generous gift to ${SCHOOL.name}. This e-mail is your receipt: please keep it for your tax records.`,
    rows,
  ];
  if (!f.isMoney) blocks.push(PROPERTY_ACKNOWLEDGMENT_NOTE);
  if (f.goods) {
    const deductible = Math.max(0, (f.isMoney ? net : 0) - f.goods.valueCents);
    blocks.push(
      `In return for your contribution you received ${f.goods.description.trim()}, with an estimated fair-market value of ${formatUsd(f.goods.valueCents)}.` +
        (f.isMoney
          ? ` The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the money you gave over the value of what you received: ${formatUsd(deductible)}.`
          : ' Only the value of your gift above that amount is deductible for federal income tax purposes.'),
    );
  } else {
    blocks.push(f.noGoodsSentence);
  }
  if (f.recurring)
    blocks.push(
      `You will receive an acknowledgment like this one for each ${f.recurring.frequency.toLowerCase()} gift.`,
    );
  if (f.recurring?.manageUrl) {
    blocks.push({
      sentence: `To change the amount or the card, pause or cancel your ${f.recurring.frequency.toLowerCase()} gift, visit My Giving:`,
      link: f.recurring.manageUrl,
    });
  }
  return message(SCHOOL, subject, title, f.donorName, blocks);
}

/** The notice that withdraws an acknowledgment: the gift was refunded in full, or removed from the school's records. */
export function voidMail(f: VoidFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  const what =
    f.amountCents === null ? `your gift of ${f.giftDate}` : `your gift of ${formatUsd(f.amountCents)} on ${f.giftDate}`;
  const why =
    f.reason === 'refunded' ? `Because ${what} was refunded in full` : `Because ${what} was removed from our records`;
  return message(
    SCHOOL,
    `Receipt ${f.receiptNumber} is void - ${SCHOOL.name}`,
    `Receipt ${f.receiptNumber} is void`,
    f.donorName,
    [
      `${why}, the acknowledgment we sent you with receipt number ${f.receiptNumber} is void. Please do not use it for your tax records.`,
      `If you have a question about this, reply to this e-mail or call us at ${SCHOOL.phone}.`,
    ],
  );
}

/** The cover note of an e-mailed year-end statement (the statement itself is the attached PDF). */
export function statementMail(f: StatementFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  const count = (n: number) => (n === 1 ? '1 gift' : `${n} gifts`);
  const edition = f.edition ?? 'final';
  const label = edition === 'final' ? '' : `${STATEMENT_TEXTS.editionTitle[edition].toLowerCase()} `;
  const rows: Array<[string, string]> = [
    ['Year', String(f.year)],
    ['Statement', STATEMENT_TEXTS.editionTitle[edition]],
  ];
  if (f.giftCount > 0)
    rows.push(['Gifts of money', count(f.giftCount)], ['Total contributions', formatUsd(f.totalCents)]);
  if (f.propertyCount)
    rows.push(['Gifts of property', `${count(f.propertyCount)} (described in the statement, no value stated)`]);
  const blocks: Block[] = [
    `Thank you for supporting ${SCHOOL.name} in ${f.year}. Your ${label}year-end giving statement is attached as a PDF (${f.filename}).`,
    rows,
  ];
  if (edition === 'interim')
    blocks.push(
      `This statement lists your gifts so far: your final statement for ${f.year} will follow after the year ends.`,
    );
  if (edition === 'corrected') blocks.push(`It replaces the ${f.year} statement we sent you before.`);
  if (f.propertyCount) blocks.push(STATEMENT_TEXTS.cashTotalNote);
  blocks.push('Please keep the statement with your tax records.');
  const subject = `Your ${f.year} ${label}year-end giving statement - ${SCHOOL.name}`;
  return message(SCHOOL, subject, `Your ${label}giving statement for ${f.year}`, f.donorName, blocks);
}

export interface SignInLinkFacts {
  url: string;
  minutes: number;
}

/** The sign-in link a donor asked for on the My Giving page. */
export function signInLinkMail(f: SignInLinkFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  return message(SCHOOL, `Your sign-in link for My Giving - ${SCHOOL.name}`, 'Your sign-in link', null, [
    `You asked to see and manage your gifts to ${SCHOOL.name}. Open this link to sign in:`,
    { link: f.url, label: 'Sign in to My Giving' },
    `The link works once, for ${f.minutes} minutes. If it has expired, you can ask for a new one on the same page.`,
    `If you did not ask for it, you can ignore this e-mail: nothing changes without the link.`,
  ]);
}

export interface PaymentFailedFacts {
  donorName: string | null;
  frequency: string;
  amountCents: number;
  /** 'Visa ending in 0341' or 'Bank account ending in 6789', or null when it is unknown. */
  card: string | null;
  /** How the gift is paid: by card (the default), or from a US bank account. */
  method?: 'card' | 'bank';
  url: string;
  days: number;
}

/** A recurring gift's renewal was declined: plain words and a link straight to updating the card or account. */
export function paymentFailedMail(f: PaymentFailedFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  const freq = f.frequency.toLowerCase();
  if (f.method === 'bank') {
    const account = f.card ? f.card.charAt(0).toLowerCase() + f.card.slice(1) : 'bank account';
    return message(
      SCHOOL,
      `Your ${freq} gift could not be charged - ${SCHOOL.name}`,
      `Your ${freq} gift could not be charged`,
      f.donorName,
      [
        `We tried to take your ${freq} gift of ${formatUsd(f.amountCents)} from your ${account}, and the bank did not complete the payment. This often happens when an account is closed or its details change.`,
        `To keep your gift going, choose a card or another bank account here (no password needed):`,
        { link: f.url, label: 'Update how you give' },
        `The link works for ${f.days} days. When you update it, the missed gift is taken at once. We will also try the account again over the next few days.`,
        `If you would rather stop your gift, you can do that from the same page. Questions? Reply to this e-mail or call us at ${SCHOOL.phone}.`,
      ],
    );
  }
  return message(
    SCHOOL,
    `Your ${freq} gift could not be charged - ${SCHOOL.name}`,
    `Your ${freq} gift could not be charged`,
    f.donorName,
    [
      `We tried to charge your ${freq} gift of ${formatUsd(f.amountCents)} to ${f.card ?? 'your card'}, and the bank declined it. This often happens when a card expires or is replaced.`,
      `To keep your gift going, update your card here (no password needed):`,
      { link: f.url, label: 'Update your card' },
      `The link works for ${f.days} days. When you update the card, the missed gift is charged to it at once. We will also try the card again over the next few days.`,
      `If you would rather stop your gift, you can do that from the same page. Questions? Reply to this e-mail or call us at ${SCHOOL.phone}.`,
    ],
  );
}

/** What a donor (or an admin on their behalf) changed on a recurring gift. */
export type PlanChangeKind = 'amount' | 'pause' | 'resume' | 'cancel' | 'card';

export interface PlanChangeFacts {
  donorName: string | null;
  /** 'Monthly' */
  frequency: string;
  change: PlanChangeKind;
  /** The gift's amount per charge after the change, fee coverage included. */
  amountCents: number;
  /** The amount before, for a change of amount. */
  fromCents: number | null;
  /** The part of amountCents that covers the processing fees (0 when the donor does not cover them). */
  feeCoverageCents: number;
  /** 'Visa ending in 4242', 'your bank account ending in 6789': how the gift is paid (after a change of card or account). */
  method: string | null;
  /** The day the change was made ('November 27, 2026'). */
  madeOn: string;
  /** The day it takes effect ('December 26, 2026'); null when it took effect at once. */
  effectiveOn: string | null;
  /** Made by the school at the donor's request. */
  byAdmin: boolean;
  /** The donor's page, to see or change the gift. */
  manageUrl: string;
}

const PLAN_CHANGE_TITLES: Record<PlanChangeKind, string> = {
  amount: 'amount changed',
  pause: 'paused',
  resume: 'resumed',
  cancel: 'canceled',
  card: 'payment method changed',
};

/** "$75.00 (including $2.40 to cover the processing fees)" */
const withFees = (cents: number, fee: number) =>
  `${formatUsd(cents)}${fee > 0 ? ` (including ${formatUsd(fee)} to cover the processing fees)` : ''}`;

/** The one sentence that says what changed and when it takes effect. */
function planChangeSentence(f: PlanChangeFacts, freq: string): string {
  const amount = withFees(f.amountCents, f.feeCoverageCents);
  switch (f.change) {
    case 'amount':
      return `On ${f.madeOn}, your ${freq} gift was changed${f.fromCents !== null ? ` from ${formatUsd(f.fromCents)}` : ''} to ${amount}. The new amount is charged ${f.effectiveOn ? `from your next gift on ${f.effectiveOn}` : 'from your next gift'}; nothing was charged today.`;
    case 'pause':
      return `On ${f.madeOn}, your ${freq} gift of ${amount} was paused. Nothing will be charged until it is resumed.`;
    case 'resume':
      return `On ${f.madeOn}, your ${freq} gift of ${amount} was resumed.${f.effectiveOn ? ` The next charge is on ${f.effectiveOn}.` : ''}`;
    case 'cancel':
      return f.effectiveOn
        ? `On ${f.madeOn}, you asked to end your ${freq} gift of ${amount}. It ends on ${f.effectiveOn}, and nothing is charged after that.`
        : `On ${f.madeOn}, your ${freq} gift of ${amount} was canceled. Nothing more will be charged.`;
    case 'card':
      return `On ${f.madeOn}, your ${freq} gift of ${amount} was set to be paid with ${f.method ?? 'a new payment method'}${f.effectiveOn ? `, from the next charge on ${f.effectiveOn}` : ''}.`;
  }
}

/** The short confirmation of a change to a recurring gift: what changed, when it takes effect, where to see it. */
export function planChangeMail(f: PlanChangeFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  const freq = f.frequency.toLowerCase();
  const title = `Your ${freq} gift: ${PLAN_CHANGE_TITLES[f.change]}`;
  return message(SCHOOL, `${title} - ${SCHOOL.name}`, title, f.donorName, [
    `${planChangeSentence(f, freq)}${f.byAdmin ? ' We made this change at your request.' : ''}${f.change === 'cancel' ? ' Gifts already made stay on your records and statements. Thank you for your support.' : ''}`,
    `To see or change your gift (no password needed):`,
    { link: f.manageUrl, label: 'Your giving' },
    `If you did not ask for this change, please call us at ${SCHOOL.phone} or reply to this e-mail.`,
  ]);
}

export interface BankPaymentFailedFacts {
  donorName: string | null;
  amountCents: number;
  /** The day the donor gave ('November 22, 2026'). */
  giftDate: string;
  /** 'Bank account ending in 6789'. */
  account: string;
  /** The bank's reason as Stripe words it, when there is one. */
  reason: string | null;
  /** The donate page, to give again. */
  donateUrl: string;
}

/** A gift by bank account that the bank returned after days of processing: nothing was taken, and what to do. */
export function bankPaymentFailedMail(
  f: BankPaymentFailedFacts,
  SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY,
): MailText {
  return message(
    SCHOOL,
    `Your bank payment did not go through - ${SCHOOL.name}`,
    'Your bank payment did not go through',
    f.donorName,
    [
      `Thank you for your gift of ${formatUsd(f.amountCents)} on ${f.giftDate}. Your bank did not complete the payment from your ${f.account}${f.reason ? `: "${f.reason}"` : ''}. No money was taken, and no receipt will be issued for it.`,
      `Please check the account details with your bank. To give again, by card or from another account, use our donation page:`,
      { link: f.donateUrl, label: 'Give again' },
      `Or call us at ${SCHOOL.phone} and we will take your gift by phone. Questions? Reply to this e-mail.`,
    ],
  );
}

export interface TributeFacts {
  /** 'In memory of Ada Lovelace' */
  tribute: string;
  donorName: string | null;
  /** Null unless the donor allowed the amount to be shown. */
  amountCents: number | null;
  fund: string | null;
}

/**
 * The notice to the person the donor named: a gift was made in honor or memory of someone. No amount unless
 * allowed. The subject is the school's own words only: a name the donor typed never reaches a subject line.
 */
export function tributeMail(f: TributeFacts, SCHOOL: SchoolIdentity = DEFAULT_SCHOOL_IDENTITY): MailText {
  const who = f.donorName?.trim() || 'A friend of the school';
  const gift = f.amountCents === null ? 'a gift' : `a gift of ${formatUsd(f.amountCents)}`;
  const where = f.fund ? ` to our ${f.fund} fund` : '';
  return message(
    SCHOOL,
    `A tribute gift to ${SCHOOL.name}`,
    `A gift ${f.tribute.charAt(0).toLowerCase()}${f.tribute.slice(1)}`,
    null,
    [
      `${who} has made ${gift}${where} ${f.tribute.charAt(0).toLowerCase()}${f.tribute.slice(1)}, and asked us to let you know.`,
      `${SCHOOL.name} trains and educates developmentally disabled adults. Gifts like this one keep our classes, rides and programs going.`,
      `If you have a question, reply to this e-mail or call us at ${SCHOOL.phone}.`,
    ],
  );
}

/** A date as the e-mails write it, in the school's time zone: 'November 22, 2026'. */
export function mailDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(at);
}
