import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { AUTOMATIC_ACKNOWLEDGMENTS } from '../../../core/src/acknowledgments/acknowledgment-setting.js';
import {
  acknowledgeNewGift,
  applyCardRefund,
  voidDeletedManualGift,
} from '../../../core/src/acknowledgments/acknowledge-gift.js';
import {
  acknowledgments,
  type GiftToAcknowledge,
} from '../../../core/src/acknowledgments/acknowledgments.repository.js';
import { settings } from '../../../core/src/settings/settings.repository.js';
import { declinedRenewals } from '../../../core/src/donor-access/declined-renewals.js';
import { failedBankDebits } from '../../../core/src/donor-access/failed-bank-debits.js';
import { outbox } from '../../../core/src/mail-outbox/outbox.repository.js';
import { OutboxSender } from './outbox-sender.js';
import { PeriodicTask } from './periodic-task.js';

const EVERY_MS = 2000;
const BATCH = 200;

/**
 * Finds what donors should hear about and queues it in the outbox, beside the projections rather than inside
 * them: declined renewals of recurring gifts get one "update your card" e-mail, bank debits that failed after
 * processing one "did not go through" note; new gifts (succeeded card
 * charges and manual gifts) get an acknowledgment with the next receipt number
 * when automatic acknowledgments are on and the gift is dated after they were switched on (so history that
 * arrives later is never mailed); refunds of acknowledged gifts get a correction or a void, and deleted manual
 * gifts a void, whatever the switch says. Each gift is handled in its own transaction under a lock on it, and
 * the outbox's UNIQUE key makes a second worker or a second pass a no-op.
 */
@Injectable()
export class Acknowledger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(OutboxSender) private readonly sender: OutboxSender,
  ) {
    this.task = new PeriodicTask('acknowledger', EVERY_MS, () => this.pass().then(() => undefined), logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  /** Resolves once a whole pass that began after the call has finished (see PeriodicTask.nextPass). */
  nextPass(): Promise<void> {
    return this.task.nextPass();
  }

  /** One pass over new gifts, refunds and deletions; answers how many messages it queued. */
  async pass(): Promise<number> {
    let queued = 0;
    const switch_ = (await settings.read(this.ds, AUTOMATIC_ACKNOWLEDGMENTS)).value;
    if (switch_.enabled && switch_.since) {
      const since = new Date(switch_.since);
      const gifts = [
        ...(await acknowledgments.cardCandidates(this.ds, since, BATCH)),
        ...(await acknowledgments.manualCandidates(this.ds, since, this.env.TIME_ZONE, BATCH)),
      ];
      for (const gift of gifts)
        if (await this.each(gift, (m) => acknowledgeNewGift(m, gift, this.env.TIME_ZONE).then((r) => r.queued)))
          queued++;
      for (const r of await declinedRenewals.candidates(this.ds, since, BATCH)) {
        const mail = {
          kind: 'payment-failed' as const,
          subjectKey: r.invoice_id,
          recipient: r.email,
          customerId: r.customer_id,
        };
        if (
          await this.each(
            { giftKind: 'card', giftId: r.invoice_id },
            async (m) => (await outbox.enqueue(m, mail)) !== null,
          )
        )
          queued++;
      }
      for (const r of await failedBankDebits.candidates(this.ds, since, BATCH)) {
        const mail = {
          kind: 'bank-payment-failed' as const,
          subjectKey: r.charge_id,
          recipient: r.email,
          customerId: r.customer_id,
          giftKind: 'card' as const,
          giftId: r.charge_id,
        };
        if (
          await this.each(
            { giftKind: 'card', giftId: r.charge_id },
            async (m) => (await outbox.enqueue(m, mail)) !== null,
          )
        )
          queued++;
      }
    }
    for (const { gift_id } of await acknowledgments.refundChanges(this.ds, BATCH)) {
      if (
        await this.each({ giftKind: 'card', giftId: gift_id }, (m) =>
          applyCardRefund(m, gift_id).then((r) => r !== null),
        )
      )
        queued++;
    }
    for (const { gift_id } of await acknowledgments.deletedManualGifts(this.ds, BATCH)) {
      if (await this.each({ giftKind: 'manual', giftId: gift_id }, (m) => voidDeletedManualGift(m, gift_id))) queued++;
    }
    if (queued) {
      this.logger.info({ queued }, 'acknowledger queued donor e-mail');
      this.sender.kick();
    }
    return queued;
  }

  /** One gift in its own transaction, so one that fails (logged, tried again next pass) holds up no other. */
  private async each(
    gift: Pick<GiftToAcknowledge, 'giftKind' | 'giftId'>,
    work: (m: DataSource['manager']) => Promise<boolean>,
  ): Promise<boolean> {
    try {
      return await this.ds.transaction(work);
    } catch (err) {
      this.logger.warn(
        { giftKind: gift.giftKind, giftId: gift.giftId, err: (err as Error).message },
        'could not acknowledge a gift yet',
      );
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
