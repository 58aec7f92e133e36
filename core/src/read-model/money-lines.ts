/**
 * Which balance transactions are which money, and the money figures made of them: one definition for the
 * dashboard, the Payouts view and the Month-end view. Each line counts on the day Stripe made it, so a refund or
 * a dispute lowers the month it happened in, not the month of its gift.
 * - gross gifts: the charges and bank payments Stripe took, before fees and refunds;
 * - refunds: money given back to donors;
 * - disputes: dispute withdrawals less reinstatements (and any other adjustment Stripe made);
 * - money lines: all of these; a payout, or a returned (failed or canceled) one, moves money and is none.
 */
export const GROSS_TYPES = ['charge', 'payment'] as const;
export const REFUND_TYPES = ['refund', 'payment_refund'] as const;
export const MOVEMENT_TYPES = ['payout', 'payout_failure', 'payout_cancel'] as const;

const list = (types: readonly string[]) => types.map((t) => `'${t}'`).join(', ');
export const GROSS_TYPES_SQL = `type IN (${list(GROSS_TYPES)})`;
export const MONEY_LINE_SQL = `type NOT IN (${list(MOVEMENT_TYPES)})`;

/** Sums of balance transactions of one type (amount, fee and net in cents; Stripe's signs). */
export interface MoneyLineSums {
  type: string;
  amount: number | string;
  fee: number | string;
  net: number | string;
}

/** The figures, in cents. received = gross - refunds - disputes; afterFees = received - fees. */
export interface MoneyFigures {
  gross: number;
  refunds: number;
  disputes: number;
  fees: number;
  /** Received (after refunds and disputes). */
  received: number;
  /** After Stripe fees: what Stripe pays to the bank. */
  afterFees: number;
}

export const NO_MONEY: MoneyFigures = { gross: 0, refunds: 0, disputes: 0, fees: 0, received: 0, afterFees: 0 };

export function moneyFigures(lines: readonly MoneyLineSums[]): MoneyFigures {
  const f = { ...NO_MONEY };
  for (const l of lines) {
    if ((MOVEMENT_TYPES as readonly string[]).includes(l.type)) continue;
    const amount = Number(l.amount);
    if ((GROSS_TYPES as readonly string[]).includes(l.type)) f.gross += amount;
    else if ((REFUND_TYPES as readonly string[]).includes(l.type)) f.refunds -= amount;
    else f.disputes -= amount;
    f.received += amount;
    f.fees += Number(l.fee);
    f.afterFees += Number(l.net);
  }
  return f;
}

/**
 * Where the money after fees is: gross - refunds - disputes - fees = deposited + in transit + the Stripe
 * balance. The balance goes below zero when refunds or disputes come after the money was paid out; Stripe then
 * takes it from the next payout (or debits the bank). That is money owed to Stripe, never a negative "waiting",
 * so the identity reads afterFees + owed = deposited + inTransit + available, each term zero or more.
 */
export function whereTheMoneyIs(
  afterFees: number,
  deposited: number,
  inTransit: number,
): { deposited: number; inTransit: number; available: number; owed: number } {
  const balance = afterFees - deposited - inTransit;
  return { deposited, inTransit, available: Math.max(0, balance), owed: Math.max(0, -balance) };
}

/** A manual gift (cash, check, ...) as money figures: received whole, no refunds, no Stripe fees. */
export function manualMoney(cents: number): MoneyFigures {
  return { gross: cents, refunds: 0, disputes: 0, fees: 0, received: cents, afterFees: cents };
}

export function addMoney(a: MoneyFigures, b: MoneyFigures): MoneyFigures {
  return {
    gross: a.gross + b.gross,
    refunds: a.refunds + b.refunds,
    disputes: a.disputes + b.disputes,
    fees: a.fees + b.fees,
    received: a.received + b.received,
    afterFees: a.afterFees + b.afterFees,
  };
}
