/**
 * Which balance transactions are which money, one definition for the payouts view and the dashboard:
 * - gross gifts: the charges and bank payments Stripe took, before fees and refunds;
 * - money lines: everything the school received or gave back (gifts, refunds, dispute withdrawals and fees,
 *   reinstatements); a payout, or a returned (failed or canceled) one, moves money and is neither.
 */
export const GROSS_TYPES_SQL = `type IN ('charge', 'payment')`;
export const MONEY_LINE_SQL = `type NOT IN ('payout', 'payout_failure', 'payout_cancel')`;
