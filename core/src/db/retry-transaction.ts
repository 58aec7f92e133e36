import type { DataSource, EntityManager } from 'typeorm';

/** Postgres's answer to a deadlock (40P01) or a serialization failure (40001): the whole transaction may run again. */
export function isRetryableTransactionError(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs `work` in one transaction and runs it again (up to `attempts` times) when Postgres aborted it for a deadlock
 * or a serialization failure, as Postgres's documentation asks of every client. An admin write that moves the
 * read model's totals (a manual gift, a merge, an import step, an erasure) can meet the worker projecting the same
 * donor's events at that moment; one of the two is aborted, and the API side must not answer 500 for it.
 * `work` must only touch the database: it may run more than once.
 */
export async function transactionWithRetry<T>(
  ds: DataSource,
  work: (m: EntityManager) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
      // A short pause that grows and differs between callers, so the two sides do not meet again at once.
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
