import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import {
  donorYearGifts, findStatementDonor, giftsSql, type DonorForStatement, type GiftFilter, type TaxGiftRow,
} from '../../../core/src/statements/statement-gifts.js';

export type { DonorForStatement, TaxGiftRow };

/** A server-side cursor over a query, read in batches inside one read-only transaction. */
export class GiftCursor {
  private readonly done: boolean;
  constructor(
    private readonly qr: QueryRunner,
    readonly first: TaxGiftRow[],
    private readonly batch: number,
  ) {
    this.done = first.length < batch;
  }

  /**
   * Yields the rows batch by batch. The next batch is requested before the current one is handed out, so
   * Postgres produces batch n+1 while Node formats and sends batch n.
   */
  async *batches(): AsyncGenerator<TaxGiftRow[]> {
    try {
      let current = this.first;
      let next = this.done ? null : this.fetch();
      for (;;) {
        if (current.length) yield current;
        if (!next) break;
        current = await next;
        next = current.length < this.batch ? null : this.fetch();
      }
      await this.qr.query('COMMIT');
    } finally {
      await this.close();
    }
  }

  private fetch(): Promise<TaxGiftRow[]> {
    const p: Promise<TaxGiftRow[]> = this.qr.query(`FETCH ${this.batch} FROM tax_gifts`);
    // If the download is abandoned while a prefetch is in flight, its failure must not go unhandled.
    p.catch(() => undefined);
    return p;
  }

  /** Ends the transaction and returns the connection (also when the client went away mid-download). */
  async close(): Promise<void> {
    if (this.qr.isReleased) return;
    await this.qr.query('ROLLBACK').catch(() => undefined);
    await this.qr.release();
  }
}

@Injectable()
export class TaxExportsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Opens a cursor over the year's gifts and reads the first batch, so a database failure is still an ordinary
   * error answer before any CSV byte is sent. Memory stays at one batch whatever the number of gifts.
   */
  async openYearCursor(f: GiftFilter, batch = 2000): Promise<GiftCursor> {
    const { sql, params } = giftsSql(f);
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      await qr.query('BEGIN TRANSACTION READ ONLY');
      await qr.query(`DECLARE tax_gifts NO SCROLL CURSOR FOR ${sql}`, params);
      const first: TaxGiftRow[] = await qr.query(`FETCH ${batch} FROM tax_gifts`);
      return new GiftCursor(qr, first, batch);
    } catch (err) {
      await qr.query('ROLLBACK').catch(() => undefined);
      await qr.release();
      throw err;
    }
  }

  /** One donor's gifts of a year, with receipt numbers (a statement: a handful of rows). */
  donorYear(customerId: string, year: number, timeZone: string): Promise<TaxGiftRow[]> {
    return donorYearGifts(this.ds, customerId, year, timeZone);
  }

  findDonor(id: string): Promise<DonorForStatement | null> {
    return findStatementDonor(this.ds, id);
  }
}
