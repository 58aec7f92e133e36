import { readSchoolIdentity } from '../../../../core/src/site/published-school-facts.js';
import type { EnvDto } from '../../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../../core/src/db/queryable.js';
import { formatReceiptNumber } from '../../../../core/src/acknowledgments/receipt-number.js';
import { FREQUENCY_LABELS, type Frequency } from '../../../../core/src/gifts/frequencies.js';
import { isCashGift, MANUAL_TYPE_LABELS, type ManualDonationType } from '../../../../core/src/gifts/gift-labels.js';
import type { OutboxRow } from '../../../../core/src/mail-outbox/outbox.repository.js';
import {
  acknowledgmentMail,
  mailDate,
  statementEditionFor,
  statementMail,
  tributeMail,
  voidMail,
  type StatementEdition,
} from '../../../../core/src/school/donor-mail-texts.js';
import { tributeLine } from '../../../../core/src/gifts/gift-designation.js';
import { GENERAL_FUND_ID } from '../../../../core/src/funds/funds.repository.js';
import { donorYearGifts, findStatementDonor } from '../../../../core/src/statements/statement-gifts.js';
import {
  renderStatement,
  statementFilename,
  statementIssuedOn,
  statementTotals,
} from '../../../../core/src/statements/year-end-statement.pdf.js';
import { giftFacts } from './gift-facts.repository.js';
import { composeBankPaymentFailed, composePaymentFailed, composeSignInLink } from './compose-donor-access.js';
import { composePlanChange } from './compose-plan-change.js';
import type { Composed } from './composed.js';

/** "Visa ending in 4242"; a bank debit (no brand, the account's last four) "Bank account ending in 6789". */
function cardMethod(brand: string | null, last4: string | null): string {
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : last4 ? 'Bank account' : 'Card';
  return last4 ? `${name} ending in ${last4}` : name;
}

/** The refunded amount a correction was queued for (its key ends in `:refunded:<cents>`). */
function correctionRefund(row: OutboxRow): number | null {
  const m = /:refunded:(\d+)$/.exec(row.subject_key);
  return m ? Number(m[1]) : null;
}

async function composeCard(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const g = await giftFacts.card(db, row.gift_id!);
  if (!g) return { undeliverable: 'The gift is no longer in the records' };
  const recurring =
    g.subscription_id && g.frequency !== 'one-time'
      ? {
          frequency: FREQUENCY_LABELS[g.frequency as Frequency] ?? g.frequency,
          nextDate: g.next_date ? mailDate(new Date(g.next_date), env.TIME_ZONE) : null,
          manageUrl: `${env.PUBLIC_URL.replace(/\/+$/, '')}/my-giving`,
        }
      : null;
  return {
    mail: acknowledgmentMail(
      {
        receiptNumber: formatReceiptNumber(g.receipt_year, g.receipt_seq),
        donorName: g.donor_name,
        giftDate: mailDate(new Date(g.created), env.TIME_ZONE),
        method: cardMethod(g.brand, g.last4),
        isMoney: true,
        amountCents: Number(g.amount),
        refundedCents:
          row.kind === 'correction' ? (correctionRefund(row) ?? Number(g.amount_refunded)) : Number(g.amount_refunded),
        description: null,
        goods: null,
        recurring,
        noGoodsSentence: env.YEAR_END_STATEMENT_TEXT,
        feeCoverageCents: Number(g.fee_coverage),
        fund: designatedFund(g),
        tribute: g.tribute_kind && g.tribute_name ? tributeLine({ kind: g.tribute_kind, name: g.tribute_name }) : null,
        appealThankYou: g.appeal_thank_you,
      },
      await readSchoolIdentity(db),
    ),
  };
}

/** The fund a gift names in its mail: only a chosen one (General goes without saying). */
function designatedFund(g: { fund_id: number; fund_name: string | null }): string | null {
  return Number(g.fund_id) !== GENERAL_FUND_ID ? g.fund_name : null;
}

/** The notice to the person a tribute gift names: no amount unless the donor allowed it. */
async function composeTribute(db: Queryable, row: OutboxRow): Promise<Composed> {
  const g = await giftFacts.card(db, row.gift_id!);
  if (!g || !g.tribute_kind || !g.tribute_name) return { undeliverable: 'The tribute is no longer in the records' };
  return {
    mail: tributeMail(
      {
        tribute: tributeLine({ kind: g.tribute_kind, name: g.tribute_name }),
        donorName: g.donor_name,
        amountCents: g.tribute_show_amount ? Number(g.amount) - Number(g.fee_coverage) : null,
        fund: designatedFund(g),
      },
      await readSchoolIdentity(db),
    ),
  };
}

async function composeManual(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const g = await giftFacts.manual(db, row.gift_id!);
  if (!g) return { undeliverable: 'The gift was deleted before its acknowledgment was sent' };
  return {
    mail: acknowledgmentMail(
      {
        receiptNumber: formatReceiptNumber(g.receipt_year, g.receipt_seq),
        donorName: g.donor_name,
        giftDate: mailDate(new Date(g.donation_date), env.TIME_ZONE),
        method: MANUAL_TYPE_LABELS[g.donation_type as ManualDonationType] ?? g.donation_type,
        isMoney: isCashGift('manual', g.donation_type),
        amountCents: Number(g.amount),
        refundedCents: 0,
        description: g.gift_description,
        goods:
          g.goods_description && g.goods_value !== null
            ? { description: g.goods_description, valueCents: Number(g.goods_value) }
            : null,
        recurring: null,
        noGoodsSentence: env.YEAR_END_STATEMENT_TEXT,
        appealThankYou: g.appeal_thank_you,
      },
      await readSchoolIdentity(db),
    ),
  };
}

async function composeVoid(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const giftKind = row.gift_kind!;
  const g = await giftFacts.voided(db, giftKind, row.gift_id!);
  if (!g) return { undeliverable: 'The acknowledgment is no longer in the records' };
  return {
    mail: voidMail(
      {
        receiptNumber: formatReceiptNumber(g.receipt_year, g.receipt_seq),
        donorName: g.donor_name,
        giftDate: mailDate(new Date(g.gift_at), env.TIME_ZONE),
        amountCents: giftKind === 'card' ? Number(g.amount) : null,
        reason: giftKind === 'card' ? 'refunded' : 'deleted',
      },
      await readSchoolIdentity(db),
    ),
  };
}

/** The year-end statement, the same PDF the donor's page downloads, attached to a short cover note. */
async function composeStatement(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const year = row.statement_year!;
  const donor = await findStatementDonor(db, row.customer_id!);
  if (!donor) return { undeliverable: 'The donor is no longer in the records' };
  const gifts = await donorYearGifts(db, donor.id, year, env.TIME_ZONE);
  const totals = statementTotals(gifts);
  if (totals.gifts.length + totals.property.length === 0)
    return { undeliverable: `No gifts of ${year} count any more (all were refunded)` };
  const issuedOn = statementIssuedOn(env.TIME_ZONE);
  const edition =
    (row.statement_edition as StatementEdition | null | undefined) ??
    statementEditionFor(year, Number(issuedOn.slice(-4)));
  const pdf = await renderStatement({
    donor,
    year,
    gifts,
    statementText: env.YEAR_END_STATEMENT_TEXT,
    issuedOn,
    edition,
    school: await readSchoolIdentity(db),
  });
  const filename = statementFilename(year, donor);
  return {
    mail: statementMail(
      {
        donorName: donor.name,
        year,
        totalCents: totals.totalCents,
        giftCount: totals.gifts.length,
        propertyCount: totals.property.length,
        filename,
        edition,
      },
      await readSchoolIdentity(db),
    ),
    attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
  };
}

/**
 * Builds a queued message from the read model as it is at send time (the outbox row holds only what the
 * message is about). `undeliverable` when what it is about is gone.
 */
export function composeMail(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  switch (row.kind) {
    case 'acknowledgment':
    case 'correction':
      return row.gift_kind === 'manual' ? composeManual(db, row, env) : composeCard(db, row, env);
    case 'void':
      return composeVoid(db, row, env);
    case 'statement':
      return composeStatement(db, row, env);
    case 'sign-in-link':
      return composeSignInLink(db, row, env);
    case 'payment-failed':
      return composePaymentFailed(db, row, env);
    case 'bank-payment-failed':
      return composeBankPaymentFailed(db, row, env);
    case 'tribute':
      return composeTribute(db, row);
    case 'plan-change':
      return composePlanChange(db, row, env);
    default:
      return Promise.resolve({ undeliverable: `Unknown kind of message: ${String(row.kind)}` });
  }
}
