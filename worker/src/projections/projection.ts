import type { AggregateBatch } from '../../../core/src/read-model/aggregate-batch.js';
import type { ReadModelWrite } from '../../../core/src/read-model/later-state.js';
import type { BalanceTransactionToRead } from '../../../core/src/queue/queue.constants.js';

export interface ProjectionContext extends ReadModelWrite {
  timeZone: string;
  /** In the worker's batch transaction: the aggregates' changes, applied once when the batch's rows are written. */
  aggregates?: AggregateBatch;
  /**
   * In the worker's batch transaction: balance transactions the events name by id only, read from Stripe after
   * the batch commits (a follow-up job) instead of inside it.
   */
  balanceTransactionsToRead?: BalanceTransactionToRead[];
}

/** Applies one Stripe object, seen at `at` (event.created, or when a backfill read it), to the read model. */
export type Projection = (ctx: ProjectionContext, object: any, at: number) => Promise<void>;
