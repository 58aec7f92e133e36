import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openBatchCursor, type BatchCursor } from '../../../core/src/db/batch-cursor.js';
import {
  ledgerAllSql,
  ledgerPageSql,
  ledgerTotalsFromAggregatesSql,
  ledgerTotalsSql,
  ledgerWhere,
  type LedgerFilter,
} from './ledger.sql.js';
import type { GiftRow } from './transaction.mapper.js';

export interface LedgerTotalsRow {
  count: string;
  net: string;
  /** Of net, the fee coverage donors added. */
  fees: string;
}

/** The whole ledger (every donor's card charges and manual gifts), filtered: a page, its totals, a cursor. */
@Injectable()
export class LedgerRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  page(f: LedgerFilter, offset: number, limit: number): Promise<GiftRow[]> {
    const { sql, params } = ledgerPageSql(ledgerWhere(f), offset, limit);
    return this.ds.query(sql, params);
  }

  /** From the aggregates when the filter allows (a date range and methods), else from the rows. */
  async totals(f: LedgerFilter): Promise<LedgerTotalsRow> {
    const { sql, params } = ledgerTotalsFromAggregatesSql(f) ?? ledgerTotalsSql(ledgerWhere(f));
    const [row] = await this.ds.query(sql, params);
    return { count: row.count ?? '0', net: row.net ?? '0', fees: row.fees ?? '0' };
  }

  cursor(f: LedgerFilter): Promise<BatchCursor<GiftRow>> {
    const { sql, params } = ledgerAllSql(ledgerWhere(f));
    return openBatchCursor<GiftRow>(this.ds, 'ledger_rows', sql, params);
  }
}
