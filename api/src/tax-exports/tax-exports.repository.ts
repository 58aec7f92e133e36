import { readSchoolIdentity, type SchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openBatchCursor, type BatchCursor } from '../../../core/src/db/batch-cursor.js';
import {
  donorYearGifts,
  findStatementDonor,
  giftsSql,
  type DonorForStatement,
  type GiftFilter,
  type TaxGiftRow,
} from '../../../core/src/statements/statement-gifts.js';

export type { DonorForStatement, TaxGiftRow };

@Injectable()
export class TaxExportsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** The school's facts as published on the website, for the statement's letterhead. */
  schoolIdentity(): Promise<SchoolIdentity> {
    return readSchoolIdentity(this.ds);
  }

  /** A cursor over the year's gifts (see openBatchCursor): memory stays at one batch whatever the number of gifts. */
  openYearCursor(f: GiftFilter, batch = 2000): Promise<BatchCursor<TaxGiftRow>> {
    const { sql, params } = giftsSql(f);
    return openBatchCursor<TaxGiftRow>(this.ds, 'tax_gifts', sql, params, batch);
  }

  /** One donor's gifts of a year, with receipt numbers (a statement: a handful of rows). */
  donorYear(customerId: string, year: number, timeZone: string): Promise<TaxGiftRow[]> {
    return donorYearGifts(this.ds, customerId, year, timeZone);
  }

  findDonor(id: string): Promise<DonorForStatement | null> {
    return findStatementDonor(this.ds, id);
  }
}
