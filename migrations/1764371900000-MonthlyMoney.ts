import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * monthly_money: the balance transactions (Stripe's gross, fee and net of each charge, refund and dispute
 * adjustment) summed per local month (TIME_ZONE) and type, kept as each balance transaction is first stored
 * (their amounts never change). The dashboard's gross, Stripe fees and net, for any calendar or fiscal year and
 * per month, are then a sum over at most a few dozen rows, whatever the number of gifts.
 *
 * The backfill reads TIME_ZONE from the environment the migration runs in (the app's default otherwise).
 */
export class MonthlyMoney1764371900000 implements MigrationInterface {
  name = 'MonthlyMoney1764371900000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(`
      CREATE TABLE monthly_money (
        month date NOT NULL,
        type text NOT NULL,
        amount bigint NOT NULL DEFAULT 0,
        fee bigint NOT NULL DEFAULT 0,
        net bigint NOT NULL DEFAULT 0,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (month, type)
      )`);
    await q.query(
      `INSERT INTO monthly_money (month, type, amount, fee, net, count)
       SELECT date_trunc('month', created AT TIME ZONE $1)::date, type, sum(amount), sum(fee), sum(net), count(*)
         FROM balance_transactions GROUP BY 1, 2`,
      [timeZone],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE monthly_money`);
  }
}
