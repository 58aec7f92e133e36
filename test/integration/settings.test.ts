import { defineSetting, settings } from '../../core/src/settings/settings.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const isMonth = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 12;
const FISCAL_START = defineSetting('test.fiscal_start', 1, isMonth);

describe('settings table', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('reads the default until a value is stored, then the stored value with its author and time', async () => {
    expect(await settings.read(db, FISCAL_START)).toEqual({ value: 1, updatedAt: null, updatedBy: null });
    const [admin] = await db.query<{ id: string }>(
      `INSERT INTO admins (email, name, password_hash) VALUES ('owner@example.org', 'Owner', 'x') RETURNING id`,
    );
    const written = await settings.write(db, FISCAL_START, 7, admin.id);
    const read = await settings.read(db, FISCAL_START);
    expect(read).toEqual({ value: 7, updatedAt: written.updatedAt, updatedBy: admin.id });
    await settings.write(db, FISCAL_START, 10, null);
    expect((await settings.read(db, FISCAL_START)).value).toBe(10);
    expect(await db.query(`SELECT count(*)::int AS n FROM settings WHERE key = 'test.fiscal_start'`)).toEqual([
      { n: 1 },
    ]);
  });

  it('refuses an invalid value, and reads a stored value that no longer passes the check as the default', async () => {
    await expect(settings.write(db, FISCAL_START, 13, null)).rejects.toThrow(
      'Invalid value for setting test.fiscal_start',
    );
    await db.query(`UPDATE settings SET value = '"July"' WHERE key = 'test.fiscal_start'`);
    expect((await settings.read(db, FISCAL_START)).value).toBe(1);
  });

  it('records donor and system actors in the audit log beside admins', async () => {
    await db.query(
      `INSERT INTO audit_log (action, actor_kind, donor_id) VALUES ('recurring.amount_changed', 'donor', 'cus_1')`,
    );
    await db.query(`INSERT INTO audit_log (action) VALUES ('admin.login')`);
    expect(await db.query(`SELECT action, actor_kind, donor_id FROM audit_log ORDER BY id`)).toEqual([
      { action: 'recurring.amount_changed', actor_kind: 'donor', donor_id: 'cus_1' },
      { action: 'admin.login', actor_kind: 'admin', donor_id: null },
    ]);
    await expect(db.query(`INSERT INTO audit_log (action, actor_kind) VALUES ('x', 'visitor')`)).rejects.toThrow(
      /check constraint/,
    );
  });
});
