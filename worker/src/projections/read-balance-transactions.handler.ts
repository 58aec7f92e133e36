import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { type BalanceTransactionToRead, JobName, type JobData } from '../../../core/src/queue/queue.constants.js';
import { LOOKUP_OPTIONS } from '../../../core/src/read-model/later-state.js';
import { moneyMovement } from '../../../core/src/read-model/money-movement.repository.js';
import { toBalanceTransactionRow } from '../../../core/src/read-model/to-money-rows.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import type { JobHandler } from '../jobs/job-handler.js';
import { readBalanceTransaction } from './money.projection.js';

/** Stripe look-ups at once per job, for lines read one by one. */
const AT_ONCE = 4;
/** A line is made in the second of its charge or refund; the listing looks this far either side. */
const MARGIN_SECONDS = 60;
/** Lines this far apart in time are listed separately (a replay of old events must not list months). */
const GAP_SECONDS = 300;

/**
 * The fees of the charges and refunds a projection batch wrote, read outside any projection's transaction.
 * Stripe's events name a charge's or refund's balance transaction by id only. One look-up per line would cost
 * a request per gift (and Stripe allows 100 reads a second in live mode), so the lines are listed instead:
 * `GET /v1/balance_transactions?created[gte]=..&created[lte]=..`, 100 a page, over the seconds the batch's
 * gifts were made, stopping once every line wanted is seen. A line the listing does not show (a bank payment's
 * line is made when it settles, days after the payment) and lines queued without a time are read one by one,
 * so a gift's fee is known once its events are, not only when its payout comes. A failed read is a warning, as
 * it was inside the projection; the payout's reconciliation reads the line again.
 */
@Injectable()
export class ReadBalanceTransactionsHandler implements JobHandler<JobName.ReadBalanceTransactions> {
  readonly jobName = JobName.ReadBalanceTransactions as const;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async handle({ items }: JobData[JobName.ReadBalanceTransactions]): Promise<void> {
    const stored = await moneyMovement.storedBalanceTransactions(
      this.ds,
      items.map((i) => i.id),
    );
    const todo = items.filter((i) => !stored.has(i.id));
    const oneByOne = todo.filter((i) => typeof i.created !== 'number');
    for (const group of timeGroups(todo.filter((i) => typeof i.created === 'number')))
      oneByOne.push(...(await this.list(group)));
    const ctx = {
      db: this.ds,
      stripe: this.stripe,
      timeZone: this.env.TIME_ZONE,
      warn: (msg: string, details?: Record<string, unknown>) => this.logger.warn(details ?? {}, msg),
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, oneByOne.length) }, async () => {
        for (let i = next++; i < oneByOne.length; i = next++)
          await readBalanceTransaction(ctx, oneByOne[i].id, oneByOne[i].id, oneByOne[i].chargeId);
      }),
    );
  }

  /** Lists the group's lines and stores those found; answers the lines the listing did not show. */
  private async list(group: BalanceTransactionToRead[]): Promise<BalanceTransactionToRead[]> {
    const wanted = new Map(group.map((i) => [i.id, i]));
    const times = group.map((i) => i.created!);
    const found: Stripe.BalanceTransaction[] = [];
    try {
      const params = {
        created: { gte: Math.min(...times) - MARGIN_SECONDS, lte: Math.max(...times) + MARGIN_SECONDS },
        limit: 100,
      };
      for await (const t of this.stripe.balanceTransactions.list(params, LOOKUP_OPTIONS)) {
        if (!wanted.has(t.id)) continue;
        found.push(t);
        if (found.length === wanted.size) break;
      }
    } catch (err) {
      this.logger.warn(
        { lines: group.length, err: (err as Error).message },
        'could not list balance transactions; their payouts will bring them',
      );
    }
    await moneyMovement.upsertBalanceTransactions(
      this.ds,
      found.map((t) => toBalanceTransactionRow(t, null, wanted.get(t.id)!.chargeId)),
      this.env.TIME_ZONE,
    );
    const seen = new Set(found.map((t) => t.id));
    return group.filter((i) => !seen.has(i.id));
  }
}

/** Items by time, split where two are more than GAP_SECONDS apart. */
export function timeGroups(items: BalanceTransactionToRead[]): BalanceTransactionToRead[][] {
  const sorted = [...items].sort((a, b) => a.created! - b.created!);
  const groups: BalanceTransactionToRead[][] = [];
  for (const item of sorted) {
    const last = groups.at(-1);
    if (last && item.created! - last.at(-1)!.created! <= GAP_SECONDS) last.push(item);
    else groups.push([item]);
  }
  return groups;
}
