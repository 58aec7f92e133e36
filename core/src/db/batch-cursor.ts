import type { DataSource, QueryRunner } from 'typeorm';

/** A server-side cursor over a query, read in batches inside one read-only transaction. */
export class BatchCursor<Row> {
  private readonly done: boolean;
  constructor(
    private readonly qr: QueryRunner,
    private readonly name: string,
    readonly first: Row[],
    private readonly batch: number,
  ) {
    this.done = first.length < batch;
  }

  /**
   * Yields the rows batch by batch. The next batch is requested before the current one is handed out, so
   * Postgres produces batch n+1 while Node formats and sends batch n.
   */
  async *batches(): AsyncGenerator<Row[]> {
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

  private fetch(): Promise<Row[]> {
    const p: Promise<Row[]> = this.qr.query(`FETCH ${this.batch} FROM ${this.name}`);
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

/**
 * Opens a cursor named `name` (a fixed identifier, never input) over `sql` and reads the first batch, so a
 * database failure is still an ordinary error answer before any byte of a download is sent. Memory stays at
 * one batch whatever the number of rows.
 */
export async function openBatchCursor<Row>(
  ds: DataSource,
  name: string,
  sql: string,
  params: unknown[],
  batch = 2000,
): Promise<BatchCursor<Row>> {
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.query('BEGIN TRANSACTION READ ONLY');
    await qr.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
    const first: Row[] = await qr.query(`FETCH ${batch} FROM ${name}`);
    return new BatchCursor<Row>(qr, name, first, batch);
  } catch (err) {
    await qr.query('ROLLBACK').catch(() => undefined);
    await qr.release();
    throw err;
  }
}
