import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's all-time count of failed card charges (its success rate) as one row kept by a trigger, so the
 * answer does not grow with the history (counting the failed charges' index entries took about 4 ms at 25,000).
 * The triggers fire only for rows that are or were failed (WHEN clauses), so other charge writes pay nothing; a
 * period's count still reads the charges of that period (charges_unsettled_idx).
 */
export class FailedChargeTotal1764500000000 implements MigrationInterface {
  name = 'FailedChargeTotal1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE failed_charge_total (id boolean PRIMARY KEY DEFAULT true CHECK (id), charges bigint NOT NULL DEFAULT 0)`,
    );
    // The count so far (as core's rebuildFailedChargeTotal counted when this was written); the triggers keep it.
    await q.query(
      `INSERT INTO failed_charge_total (id, charges) SELECT true, count(*) FROM charges WHERE status = 'failed'`,
    );
    await q.query(`
      CREATE FUNCTION failed_charge_total_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE change integer := 0;
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.status = 'failed' THEN change := change - 1; END IF;
        IF TG_OP <> 'DELETE' AND NEW.status = 'failed' THEN change := change + 1; END IF;
        IF change <> 0 THEN UPDATE failed_charge_total SET charges = charges + change; END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION failed_charge_total_clear() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE failed_charge_total SET charges = 0; RETURN NULL; END $$`);
    await q.query(
      `CREATE TRIGGER charges_failed_insert AFTER INSERT ON charges FOR EACH ROW WHEN (NEW.status = 'failed') EXECUTE FUNCTION failed_charge_total_apply()`,
    );
    await q.query(`CREATE TRIGGER charges_failed_update AFTER UPDATE OF status ON charges FOR EACH ROW
      WHEN ((OLD.status = 'failed') IS DISTINCT FROM (NEW.status = 'failed')) EXECUTE FUNCTION failed_charge_total_apply()`);
    await q.query(
      `CREATE TRIGGER charges_failed_delete AFTER DELETE ON charges FOR EACH ROW WHEN (OLD.status = 'failed') EXECUTE FUNCTION failed_charge_total_apply()`,
    );
    await q.query(
      `CREATE TRIGGER charges_failed_truncate AFTER TRUNCATE ON charges FOR EACH STATEMENT EXECUTE FUNCTION failed_charge_total_clear()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'charges_failed_truncate',
      'charges_failed_delete',
      'charges_failed_update',
      'charges_failed_insert',
    ])
      await q.query(`DROP TRIGGER IF EXISTS ${t} ON charges`);
    await q.query(`DROP FUNCTION IF EXISTS failed_charge_total_clear()`);
    await q.query(`DROP FUNCTION IF EXISTS failed_charge_total_apply()`);
    await q.query(`DROP TABLE IF EXISTS failed_charge_total`);
  }
}
