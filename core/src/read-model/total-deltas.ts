import type { DataSource } from 'typeorm';

/**
 * Day and month totals without hot rows (issue 31). A writer of a gift row appends its change to total_deltas
 * (inserts only, so N workers never wait on each other's row locks); daily_totals and monthly_totals are views
 * of the folded rows plus the deltas not folded yet (migration ContentionFreeDayTotals1764870000000), so every
 * reader sees the exact totals whether a fold has run or not.
 */

/** The advisory lock key of the fold: one fold at a time, whichever worker's turn it is. */
const FOLD_LOCK = 'fold:total_deltas';

/**
 * Moves every committed delta into daily_totals_folded and monthly_totals_folded (the migration's
 * fold_total_deltas(), one statement) in one transaction: a reader sees the deltas either still in total_deltas or already in the folded rows, never both
 * nor neither. A delta committed while the fold runs is not in its snapshot and stays for the next fold. When
 * another fold holds the lock this one returns at once (a worker never waits for another's fold). Returns how
 * many delta rows were folded (-1: another fold was running).
 */
export async function foldTotalDeltas(ds: DataSource): Promise<number> {
  return ds.transaction(async (m) => {
    const [{ got }] = await m.query(`SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS got`, [FOLD_LOCK]);
    if (!got) return -1;
    const [{ n }] = await m.query(`SELECT fold_total_deltas() AS n`);
    return n as number;
  });
}
