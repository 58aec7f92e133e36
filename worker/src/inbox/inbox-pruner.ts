import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { inboxRetentionDays } from '../../../core/src/settings/admin-settings.js';
import { stripeEvents } from './stripe-events.repository.js';
import { donorLinks } from '../../../core/src/donor-access/donor-links.js';

/** Rows per statement: short transactions, so projection never waits long on the pruner. */
const BATCH = 1000;
const EVERY_MS = 3600_000;

/**
 * Retention of the inbox: a Stripe event's payload carries the donor's name, e-mail, phone and address, and
 * the read model needs it only until the event is projected. Once a processed event is older than the
 * retention (the Settings page's value, else INBOX_RETENTION_DAYS) its payload becomes a stub of id, type and created (stripeEvents.prunePayloads);
 * the row stays, so duplicate deliveries are still recognised and the history of what arrived is kept.
 * Unprocessed (failed or waiting) events keep their payload until they are processed. Donors' My Giving sign-in
 * links older than the retention (at least 8 days) go too, with their sessions. Runs at start-up and
 * then hourly in every worker; concurrent pruners take different rows.
 */
@Injectable()
export class InboxPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
    this.timer = setInterval(() => this.schedule(), EVERY_MS);
    this.timer.unref();
  }

  private schedule(): void {
    if (this.running || this.stopped) return;
    this.running = this.prune()
      .catch((err) => {
        this.logger.warn({ err: (err as Error).message }, 'inbox pruning failed; trying again in an hour');
        return 0;
      })
      .finally(() => (this.running = undefined));
  }

  /** Prunes every due payload, batch by batch; returns how many. */
  async prune(): Promise<number> {
    let total = 0;
    // The owner's setting (Settings page) when stored, else INBOX_RETENTION_DAYS.
    const { days } = await inboxRetentionDays(this.ds, this.env.INBOX_RETENTION_DAYS);
    for (;;) {
      const n = await stripeEvents.prunePayloads(this.ds, days, BATCH);
      total += n;
      if (n < BATCH || this.stopped) break;
    }
    if (total) this.logger.info({ count: total, retentionDays: days }, 'pruned the payloads of old inbox events');
    const links = await donorLinks.prune(this.ds, days);
    if (links) this.logger.info({ count: links }, "forgot donors' old My Giving sign-in links");
    return total;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
