import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Day and month totals that N workers write without waiting on each other (issue 31). Every batch of every
 * worker used to upsert the same few rows (today's and this month's buckets), so a second worker waited on the
 * first one's row locks until its commit. Now a writer appends its changes to total_deltas (inserts only: no
 * conflict, no row lock anyone else wants), and a worker folds them into the folded tables now and then, one
 * fold at a time (core/src/read-model/total-deltas.ts).
 * - daily_totals_folded and monthly_totals_folded: the tables daily_totals and monthly_totals were, renamed.
 * - total_deltas: the not yet folded changes, by day and bucket (the month is the day's month).
 * - daily_totals and monthly_totals: views of folded rows plus the deltas not folded yet, summed by key, so
 *   every reader reads the exact totals as before, by the same names, and a filter on the key (a range of days
 *   or months) is applied inside both parts (the folded part by its primary key).
 * - fold_total_deltas(): moves every committed delta into the folded rows in one statement (a reader sees each
 *   delta in exactly one of the two places); the worker runs it under a try-lock, one fold at a time.
 * - The views take writes as the tables did (the earlier migrations' rebuilds, run again by tests; a tool's
 *   UPDATE): a write folds the deltas first, then changes the folded row of its key. TRUNCATE names the tables.
 */
export class ContentionFreeDayTotals1764870000000 implements MigrationInterface {
  name = 'ContentionFreeDayTotals1764870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE daily_totals RENAME TO daily_totals_folded`);
    await q.query(`ALTER TABLE monthly_totals RENAME TO monthly_totals_folded`);
    await q.query(`
      CREATE TABLE total_deltas (
        day date NOT NULL,
        source text NOT NULL,
        donation_type text NOT NULL,
        brand text NOT NULL,
        amount bigint NOT NULL,
        count integer NOT NULL
      ) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000)`);
    await q.query(`
      CREATE VIEW daily_totals AS
      SELECT day, source, donation_type, brand, sum(amount)::bigint AS amount, sum(count)::integer AS count
        FROM (SELECT day, source, donation_type, brand, amount, count FROM daily_totals_folded
              UNION ALL
              SELECT day, source, donation_type, brand, amount, count FROM total_deltas) t
       GROUP BY day, source, donation_type, brand`);
    await q.query(`
      CREATE VIEW monthly_totals AS
      SELECT month, source, donation_type, brand, sum(amount)::bigint AS amount, sum(count)::integer AS count
        FROM (SELECT month, source, donation_type, brand, amount, count FROM monthly_totals_folded
              UNION ALL
              SELECT date_trunc('month', day)::date, source, donation_type, brand, amount, count FROM total_deltas) t
       GROUP BY month, source, donation_type, brand`);
    await q.query(`
      CREATE FUNCTION fold_total_deltas() RETURNS integer LANGUAGE sql AS $$
        WITH moved AS (DELETE FROM total_deltas RETURNING day, source, donation_type, brand, amount, count),
        d AS (
          INSERT INTO daily_totals_folded (day, source, donation_type, brand, amount, count)
          SELECT day, source, donation_type, brand, sum(amount), sum(count) FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (day, source, donation_type, brand)
          DO UPDATE SET amount = daily_totals_folded.amount + EXCLUDED.amount, count = daily_totals_folded.count + EXCLUDED.count),
        mo AS (
          INSERT INTO monthly_totals_folded (month, source, donation_type, brand, amount, count)
          SELECT date_trunc('month', day)::date, source, donation_type, brand, sum(amount), sum(count) FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (month, source, donation_type, brand)
          DO UPDATE SET amount = monthly_totals_folded.amount + EXCLUDED.amount, count = monthly_totals_folded.count + EXCLUDED.count)
        SELECT count(*)::integer FROM moved
      $$`);
    await q.query(`
      CREATE FUNCTION write_daily_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM fold_total_deltas();
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM daily_totals_folded
           WHERE day = OLD.day AND source = OLD.source AND donation_type = OLD.donation_type AND brand = OLD.brand;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO daily_totals_folded (day, source, donation_type, brand, amount, count)
          VALUES (NEW.day, NEW.source, NEW.donation_type, NEW.brand, coalesce(NEW.amount, 0), coalesce(NEW.count, 0));
          RETURN NEW;
        END IF;
        RETURN OLD;
      END $$`);
    await q.query(`
      CREATE FUNCTION write_monthly_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM fold_total_deltas();
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM monthly_totals_folded
           WHERE month = OLD.month AND source = OLD.source AND donation_type = OLD.donation_type AND brand = OLD.brand;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO monthly_totals_folded (month, source, donation_type, brand, amount, count)
          VALUES (NEW.month, NEW.source, NEW.donation_type, NEW.brand, coalesce(NEW.amount, 0), coalesce(NEW.count, 0));
          RETURN NEW;
        END IF;
        RETURN OLD;
      END $$`);
    await q.query(`CREATE TRIGGER daily_totals_write INSTEAD OF INSERT OR UPDATE OR DELETE ON daily_totals
      FOR EACH ROW EXECUTE FUNCTION write_daily_totals()`);
    await q.query(`CREATE TRIGGER monthly_totals_write INSTEAD OF INSERT OR UPDATE OR DELETE ON monthly_totals
      FOR EACH ROW EXECUTE FUNCTION write_monthly_totals()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`SELECT fold_total_deltas()`);
    await q.query(`DROP VIEW monthly_totals`);
    await q.query(`DROP VIEW daily_totals`);
    await q.query(`DROP FUNCTION write_monthly_totals()`);
    await q.query(`DROP FUNCTION write_daily_totals()`);
    await q.query(`DROP FUNCTION fold_total_deltas()`);
    await q.query(`DROP TABLE total_deltas`);
    await q.query(`ALTER TABLE daily_totals_folded RENAME TO daily_totals`);
    await q.query(`ALTER TABLE monthly_totals_folded RENAME TO monthly_totals`);
  }
}
