/**
 * Read models of a given size, bulk-loaded from the generator into their own database
 * (school_bench_<charges>), and kept between runs: a database whose comment records the same generator
 * parameters is reused (after applying any new migrations) instead of loaded again.
 */
import pg from 'pg';
import { oneTimeRateFor, type HistoryOptions } from '../../../dev/demo-history/generator/index.js';
import { loadBulk, type BulkLoadResult } from '../../fixtures/loaders/bulk.js';
import { runMigrations } from '../../../core/src/db/data-source.js';
import { dbUrl, PG_ADMIN_URL } from './env.js';
import { fmtInt } from './report.js';
import { migrations } from '../../../migrations/index.js';

export interface Dataset {
  name: string;
  url: string;
  pool: pg.Pool;
  history: HistoryOptions;
  load: BulkLoadResult;
  reused: boolean;
  describe: string;
}

const DAY = 86_400_000;

/** Charges -> donors: 10 charges per donor on average, so 1,000,000 charges come with 100,000 donors. */
export function historyFor(charges: number, months = 24, end?: Date): HistoryOptions {
  const donors = Math.max(100, Math.round(charges / 10));
  const endDate = end ?? new Date(Math.floor(Date.now() / DAY) * DAY);
  return {
    seed: 1969,
    donors,
    months,
    endDate,
    oneTimeGiftsPerDonor: oneTimeRateFor({ donors, months, targetCardGifts: charges }),
  };
}

export async function dataset(
  charges: number,
  opts: { months?: number; endDate?: Date; suffix?: string; fresh?: boolean; log?: (s: string) => void } = {},
): Promise<Dataset> {
  const name = `school_bench_${charges}${opts.months && opts.months !== 24 ? `_${opts.months}m` : ''}${opts.suffix ? `_${opts.suffix}` : ''}`;
  const history = historyFor(charges, opts.months, opts.endDate);
  const marker = JSON.stringify({ ...history, endDate: history.endDate.toISOString(), v: 1 });
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  let reuse = false;
  let previous: BulkLoadResult | undefined;
  try {
    const found = await admin.query(
      `SELECT shobj_description(oid, 'pg_database') AS c FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (!opts.fresh && found.rows[0]?.c) {
      const saved = JSON.parse(found.rows[0].c);
      reuse = saved.marker === marker;
      previous = saved.load;
    }
    if (!reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = dbUrl(name);
  await runMigrations(url, migrations);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let load: BulkLoadResult;
  if (reuse && previous) {
    load = previous;
    opts.log?.(`reusing ${name} (${fmtInt(load.charges)} charges)`);
  } else {
    let last = 0;
    load = await loadBulk(pool, {
      history,
      onProgress: (p) => {
        if (Date.now() - last > 2000 || p.phase !== 'rows') {
          last = Date.now();
          opts.log?.(`loading ${name}: ${p.phase} ${fmtInt(p.charges)} charges, ${fmtInt(p.donors)} donors`);
        }
      },
    });
    opts.log?.(`loaded ${name}: ${fmtInt(load.charges)} charges in ${load.seconds.toFixed(1)} s`);
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(`COMMENT ON DATABASE ${name} IS '${JSON.stringify({ marker, load }).replaceAll("'", "''")}'`);
    await c.end();
  }
  const describe = `${fmtInt(load.charges)} charges (${fmtInt(load.succeededCharges)} succeeded), ${fmtInt(load.donors)} donors, ${fmtInt(load.manualDonations)} manual gifts, ${fmtInt(load.subscriptions)} plans over ${history.months} months`;
  return { name, url, pool, history, load, reused: reuse, describe };
}

/** `--sizes 10000,100000` on the command line, else the given default. */
export function sizesFromArgs(defaults: number[]): number[] {
  const i = process.argv.indexOf('--sizes');
  if (i < 0) return defaults;
  return process.argv[i + 1].split(',').map((s) => Number(s.replace(/k$/i, '000').replace(/m$/i, '000000')));
}

export const log = (s: string) => process.stdout.write(`  ${s}\n`);
