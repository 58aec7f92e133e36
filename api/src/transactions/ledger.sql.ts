import { chargeDisplayStatusSql } from '../../../core/src/gifts/gift-labels.js';
import { parseDollars } from '../../../core/src/gifts/money.js';
import { feeCoverageKeptSql, netCentsSql } from '../../../core/src/gifts/net-amount.js';
import { MONEY_LINE_SQL, REFUND_TYPES } from '../../../core/src/read-model/money-lines.js';
import { chargePartsSql } from '../../../core/src/read-model/day-totals.js';
import type { LedgerMethod, LedgerStatus } from './dto/ledger-query.dto.js';
import { CARD_COLUMNS, MANUAL_COLUMNS } from './transactions.repository.js';

/** The ledger's filters once checked: local days, the search split into amount or text. */
export interface LedgerFilter {
  fromDay: string | null;
  toDay: string | null;
  timeZone: string;
  /** Gross amount in cents, when the search was an amount. */
  amountCents: number | null;
  /** Substring of the donor name or e-mail, when the search was text. */
  text: string | null;
  statuses: LedgerStatus[] | null;
  methods: LedgerMethod[] | null;
  /** Fund ids, any of them; null: every fund. */
  funds: number[] | null;
  /** An appeal id: only gifts credited to it; null: every gift. */
  appeal: string | null;
}

/** Statuses of charges whose Stripe status is not 'succeeded' (the others are all succeeded charges). */
const UNSETTLED_STATUSES: readonly LedgerStatus[] = ['failed', 'pending'];

/** Statuses of gifts given back: with only these, a day range finds the refunds made on those days. */
const REFUND_STATUSES: readonly LedgerStatus[] = ['refunded', 'partially_refunded'];

/** A manual gift's stored donation_type for each ledger method. */
const MANUAL_METHOD_TYPES: Partial<Record<LedgerMethod, string>> = {
  cash: 'cash',
  check: 'check',
  stock: 'stock',
  'in-kind': 'item',
  crypto: 'crypto',
  other: 'other',
};

/** "25", "$1,250.50" are amounts (the one dollars grammar, as the forms read them); anything else is searched as text. */
export function parseSearch(q: string | undefined): Pick<LedgerFilter, 'amountCents' | 'text'> {
  const trimmed = (q ?? '').trim();
  if (!trimmed) return { amountCents: null, text: null };
  const cents = parseDollars(trimmed);
  return cents !== null ? { amountCents: cents, text: null } : { amountCents: null, text: trimmed };
}

/** `%text%` for ILIKE with the pattern characters of the search taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface LedgerSql {
  /** WHERE clause of the card half (over charges c alone), or null when no card row can match. */
  card: string | null;
  /** WHERE clause of the manual half (manual_donations m), or null when no manual row can match. */
  manual: string | null;
  params: unknown[];
  /** Only charges that did not succeed can match: they kept nothing, so the card half's net is 0. */
  unsettledOnly: boolean;
  /**
   * With a day range over gifts: the card half's other conditions and the range's bounds (SQL over the same
   * parameters), so the total can count refunds and disputes on the day they happened, as daily_totals does.
   */
  byDay?: { others: string; from: string | null; to: string | null };
}

/**
 * The filter as two WHERE clauses over one parameter list. A day range is whole local days in TIME_ZONE
 * (inclusive), so each half keeps using its created/donation_date index. A manual gift's status is always
 * 'succeeded'; card charges are filtered by the status the screens show (chargeDisplayStatus).
 */
export function ledgerWhere(f: LedgerFilter): LedgerSql {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const card: string[] = [];
  const manual: string[] = [];
  // Which halves can match at all comes first: a parameter only one half would use must not be sent when that
  // half is left out (Postgres cannot type a parameter no statement mentions).
  const wantsCard = !f.methods || f.methods.includes('card');
  const wantsBank = !f.methods || f.methods.includes('bank');
  const manualTypes = f.methods
    ? f.methods.map((m) => MANUAL_METHOD_TYPES[m]).filter((t): t is string => Boolean(t))
    : null;
  const cardPossible = wantsCard || wantsBank;
  const manualPossible =
    (!f.statuses || f.statuses.includes('succeeded')) && (manualTypes === null || manualTypes.length > 0);
  const unsettledOnly = Boolean(f.statuses?.every((st) => UNSETTLED_STATUSES.includes(st)));
  if (!cardPossible && !manualPossible) return { card: null, manual: null, params: [], unsettledOnly };
  // Refunds are found by the day they were made (their balance transactions), not the day of their gift.
  const byRefundDay = Boolean(f.statuses?.every((st) => REFUND_STATUSES.includes(st)));
  const bounds: { from: string | null; to: string | null } = { from: null, to: null };
  let dayConditions = 0;
  if (f.fromDay || f.toDay) {
    const tz = p(f.timeZone);
    const refundDays: string[] = [];
    if (f.fromDay) {
      const from = `(${p(f.fromDay)}::date::timestamp AT TIME ZONE ${tz})`;
      (byRefundDay ? refundDays : card).push(`${byRefundDay ? 'b' : 'c'}.created >= ${from}`);
      manual.push(`m.donation_date >= ${from}`);
      bounds.from = from;
    }
    if (f.toDay) {
      const to = `((${p(f.toDay)}::date + 1)::timestamp AT TIME ZONE ${tz})`;
      (byRefundDay ? refundDays : card).push(`${byRefundDay ? 'b' : 'c'}.created < ${to}`);
      manual.push(`m.donation_date < ${to}`);
      bounds.to = to;
    }
    dayConditions = byRefundDay ? 0 : card.length;
    if (byRefundDay) {
      const types = REFUND_TYPES.map((t) => `'${t}'`).join(', ');
      card.push(
        `EXISTS (SELECT 1 FROM balance_transactions b WHERE b.charge_id = c.id AND b.type IN (${types}) AND ${refundDays.join(' AND ')})`,
      );
    }
  }
  if (f.amountCents !== null) {
    const amount = p(f.amountCents);
    card.push(`c.amount = ${amount}`);
    manual.push(`m.amount = ${amount}`);
  }
  if (f.text !== null) {
    const like = p(likePattern(f.text));
    // The charge's billing name or e-mail, or its donor's: two trigram indexes, one bitmap OR.
    card.push(
      `((coalesce(c.billing_name,'') || ' ' || coalesce(c.billing_email,'')) ILIKE ${like}
        OR c.customer_id = ANY(ARRAY(SELECT id FROM donors WHERE (coalesce(name,'') || ' ' || coalesce(email,'')) ILIKE ${like})))`,
    );
    manual.push(`(m.donor_name ILIKE ${like} OR m.donor_email ILIKE ${like})`);
  }
  if (cardPossible) {
    if (f.statuses && unsettledOnly) {
      // A charge that did not succeed shows its Stripe status as it is: charges_unsettled_idx answers alone.
      card.push(`c.status <> 'succeeded'`, `c.status = ANY(${p(f.statuses)}::text[])`);
    } else if (f.statuses) {
      card.push(`(${chargeDisplayStatusSql('c')}) = ANY(${p(f.statuses)}::text[])`);
    }
    if (!wantsCard) card.push('c.brand IS NULL');
    else if (!wantsBank) card.push('c.brand IS NOT NULL');
  }
  if (manualPossible && manualTypes) manual.push(`m.donation_type = ANY(${p(manualTypes)}::text[])`);
  if (f.funds) {
    const funds = p(f.funds);
    if (cardPossible) card.push(`c.fund_id = ANY(${funds}::int[])`);
    if (manualPossible) manual.push(`m.fund_id = ANY(${funds}::int[])`);
  }
  if (f.appeal) {
    const appeal = p(f.appeal);
    if (cardPossible) card.push(`c.appeal_id = ${appeal}::uuid`);
    if (manualPossible) manual.push(`m.appeal_id = ${appeal}::uuid`);
  }
  const where = (parts: string[]) => (parts.length ? parts.join(' AND ') : 'true');
  const byDay =
    cardPossible && dayConditions > 0 && !unsettledOnly
      ? { others: where(card.slice(dayConditions)), ...bounds }
      : undefined;
  return {
    card: cardPossible ? where(card) : null,
    manual: manualPossible ? where(manual) : null,
    params,
    unsettledOnly,
    byDay,
  };
}

/**
 * The card half always comes first, with `WHERE false` when no card row can match: it names the union's
 * columns (the manual half's are unnamed). Postgres answers `WHERE false` without reading the table.
 */
function union(w: LedgerSql, limit = ''): string {
  const card = `SELECT ${CARD_COLUMNS} FROM charges c LEFT JOIN donors d ON d.id = c.customer_id WHERE ${w.card ?? 'false'}`;
  const manual = w.manual && `SELECT ${MANUAL_COLUMNS} FROM manual_donations m WHERE ${w.manual}`;
  if (!limit) return manual ? `${card} UNION ALL ${manual}` : card;
  const cardPart = `(${card} ORDER BY c.created DESC, c.id DESC ${limit})`;
  return manual ? `${cardPart} UNION ALL (${manual} ORDER BY m.donation_date DESC, m.id DESC ${limit})` : cardPart;
}

/** One page, newest first: each half ordered and limited on its own index, then merged. */
export function ledgerPageSql(w: LedgerSql, offset: number, limit: number): { sql: string; params: unknown[] } {
  const params = [...w.params, offset + limit, offset, limit];
  const [reach, skip, take] = [params.length - 2, params.length - 1, params.length].map((i) => `$${i}`);
  return {
    sql: `SELECT * FROM (${union(w, `LIMIT ${reach}`)}) t ORDER BY at DESC, id DESC OFFSET ${skip} LIMIT ${take}`,
    params,
  };
}

/**
 * Count and net money of everything the filter matches (not only the page). Net counts only gifts that reached
 * the school (succeeded card charges less refunds and disputes not won, and manual gifts), netCents's rule.
 */
export function ledgerTotalsSql(w: LedgerSql): { sql: string; params: unknown[] } {
  const byDay = w.byDay;
  const inRange = (col: string) =>
    [byDay?.from && `${col} >= ${byDay.from}`, byDay?.to && `${col} < ${byDay.to}`].filter(Boolean).join(' AND ');
  const halves = [
    w.card &&
      `SELECT count(*) AS n, ${w.unsettledOnly || byDay ? '0' : `coalesce(sum(${netCentsSql('c')}) FILTER (WHERE c.status = 'succeeded'), 0)`} AS net,
              ${w.unsettledOnly ? '0' : `coalesce(sum(${feeCoverageKeptSql('c')}) FILTER (WHERE c.status = 'succeeded'), 0)`} AS fees
         FROM charges c WHERE ${w.card}`,
    // Over a day range the net counts each part of a gift on its own day (chargePartsSql): the gifts made in the
    // range, less the refunds made and disputes opened in it, plus the disputes won in it, whatever the day of their gift.
    byDay &&
      `SELECT 0, coalesce(sum(p.amount), 0), 0 FROM charges c CROSS JOIN LATERAL (${chargePartsSql('c')}) p
        WHERE c.status = 'succeeded' AND ${byDay.others} AND ${inRange('p.at')}
          AND (${inRange('c.created')} OR ((c.refunds <> '[]'::jsonb OR c.disputed)${byDay.to ? ` AND c.created < ${byDay.to}` : ''}))`,
    w.manual &&
      `SELECT count(*) AS n, coalesce(sum(m.amount), 0) AS net, 0 AS fees FROM manual_donations m WHERE ${w.manual}`,
  ].filter(Boolean);
  if (!halves.length) return { sql: `SELECT 0::bigint AS count, 0::bigint AS net, 0::bigint AS fees`, params: [] };
  return {
    sql: `SELECT sum(n)::bigint AS count, sum(net)::bigint AS net, sum(fees)::bigint AS fees FROM (${halves.join(' UNION ALL ')}) t`,
    params: w.params,
  };
}

/**
 * The same totals from the incremental aggregates, when the filter allows: daily_totals holds, per local day and
 * kind, the count and net amount of every succeeded card charge and manual gift (the worker and the manual-gift
 * service keep it in the transactions that write those rows); the few charges that did not succeed are counted
 * on charges_unsettled_idx. A search or a status filter needs the rows themselves (null: use ledgerTotalsSql),
 * since the aggregates do not know names, amounts or refund states.
 */
export function ledgerTotalsFromAggregatesSql(f: LedgerFilter): { sql: string; params: unknown[] } | null {
  // The aggregates know neither funds, appeals nor fee coverage: with a fund or appeal filter the rows answer.
  if (f.text !== null || f.amountCents !== null || f.statuses || f.funds || f.appeal) return null;
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const wantsCard = !f.methods || f.methods.includes('card');
  const wantsBank = !f.methods || f.methods.includes('bank');
  const manualTypes = f.methods
    ? f.methods.map((m) => MANUAL_METHOD_TYPES[m]).filter((t): t is string => Boolean(t))
    : null;
  const kinds: string[] = [];
  if (wantsCard && wantsBank) kinds.push(`source = 'card'`);
  else if (wantsCard) kinds.push(`(source = 'card' AND brand <> 'unknown')`);
  else if (wantsBank) kinds.push(`(source = 'card' AND brand = 'unknown')`);
  if (manualTypes === null) kinds.push(`source = 'manual'`);
  else if (manualTypes.length) kinds.push(`(source = 'manual' AND donation_type = ANY(${p(manualTypes)}::text[]))`);
  if (!kinds.length) return { sql: `SELECT 0::bigint AS count, 0::bigint AS net, 0::bigint AS fees`, params: [] };
  const days: string[] = [];
  const unsettled: string[] = [`status <> 'succeeded'`];
  if (!wantsCard) unsettled.push('brand IS NULL');
  else if (!wantsBank) unsettled.push('brand IS NOT NULL');
  if (f.fromDay) {
    const from = p(f.fromDay);
    days.push(`day >= ${from}::date`);
    unsettled.push(`created >= (${from}::date::timestamp AT TIME ZONE ${p(f.timeZone)})`);
  }
  if (f.toDay) {
    const to = p(f.toDay);
    days.push(`day <= ${to}::date`);
    unsettled.push(`created < ((${to}::date + 1)::timestamp AT TIME ZONE ${p(f.timeZone)})`);
  }
  const daily = `SELECT coalesce(sum(count), 0) AS n, coalesce(sum(amount), 0) AS net, 0 AS fees FROM daily_totals WHERE (${kinds.join(' OR ')})${days.map((d) => ` AND ${d}`).join('')}`;
  const halves = [daily];
  if (wantsCard || wantsBank) {
    halves.push(`SELECT count(*), 0, 0 FROM charges WHERE ${unsettled.join(' AND ')}`);
    // Fee coverage from the few charges that carry it (charges_fee_coverage_idx), over the same days and methods.
    const covered = unsettled.slice(1).map((w) => w.replace(/\b(created|brand)\b/g, 'c.$1'));
    halves.push(
      `SELECT 0, 0, coalesce(sum(${feeCoverageKeptSql('c')}), 0) FROM charges c WHERE c.fee_coverage > 0 AND c.status = 'succeeded'${covered.map((w) => ` AND ${w}`).join('')}`,
    );
  }
  return {
    sql: `SELECT sum(n)::bigint AS count, sum(net)::bigint AS net, sum(fees)::bigint AS fees FROM (${halves.join(' UNION ALL ')}) t`,
    params,
  };
}

/**
 * Every matching row, newest first, for the CSV cursor, each card gift with Stripe's fees on it (processing and
 * dispute fees, from its balance transactions: balance_transactions_charge_idx; 0 until Stripe's line is read).
 */
export function ledgerAllSql(w: LedgerSql): { sql: string; params: unknown[] } {
  const fee = `CASE WHEN t.kind = 'card' THEN (SELECT coalesce(sum(b.fee), 0) FROM balance_transactions b WHERE b.charge_id = t.id AND ${MONEY_LINE_SQL.replace('type', 'b.type')}) ELSE 0 END`;
  return {
    sql: `SELECT t.*, ${fee}::bigint AS stripe_fee FROM (${union(w)}) t ORDER BY at DESC, id DESC`,
    params: w.params,
  };
}
