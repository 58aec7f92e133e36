import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GENERAL_FUND_ID } from '../../../core/src/funds/funds.repository.js';
import { feeCoverageKeptSql, netCentsSql } from '../../../core/src/gifts/net-amount.js';

export interface FundTotalsRow {
  id: number;
  name: string;
  archived: boolean;
  gifts: string;
  to_fund: string;
  fee_coverage: string;
}

/**
 * Each fund's gifts over whole local days (both ends included, either may be open): how many, what reached the
 * fund (net of refunds and disputes not won, fee coverage set apart) and the fee coverage donors added. Every
 * fund is listed, with zeros when it had no gifts. One pass over the succeeded charges and the manual gifts of
 * the range, grouped by fund.
 */
@Injectable()
export class FundTotalsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async totals(r: { fromDay: string | null; toDay: string | null; timeZone: string }): Promise<FundTotalsRow[]> {
    const range = (col: string) =>
      `($1::date IS NULL OR ${col} >= ($1::date::timestamp AT TIME ZONE $3)) AND ($2::date IS NULL OR ${col} < (($2::date + 1)::timestamp AT TIME ZONE $3))`;
    return this.ds.query(
      `SELECT f.id, f.name, f.archived_at IS NOT NULL AS archived,
              (coalesce(c.n, 0) + coalesce(m.n, 0))::bigint AS gifts,
              (coalesce(c.net, 0) - coalesce(c.fees, 0) + coalesce(m.net, 0))::bigint AS to_fund,
              coalesce(c.fees, 0)::bigint AS fee_coverage
         FROM funds f
         LEFT JOIN (SELECT c.fund_id, count(*) AS n, sum(${netCentsSql('c')}) AS net, sum(${feeCoverageKeptSql('c')}) AS fees
                      FROM charges c WHERE c.status = 'succeeded' AND ${range('c.created')} GROUP BY c.fund_id) c ON c.fund_id = f.id
         LEFT JOIN (SELECT m.fund_id, count(*) AS n, sum(m.amount) AS net
                      FROM manual_donations m WHERE ${range('m.donation_date')} GROUP BY m.fund_id) m ON m.fund_id = f.id
        ORDER BY f.id <> ${GENERAL_FUND_ID}, lower(f.name)`,
      [r.fromDay, r.toDay, r.timeZone],
    );
  }
}
