import type Stripe from 'stripe';
import { projectStripeEvents } from '../../worker/src/projections/project-stripe-events.js';
import { donorEventStream } from '../helpers/donor-events.js';
import { projectDirectly, referencePass } from '../helpers/fault-delivery.js';
import type { TestDatabase } from '../helpers/database.js';

/**
 * The worker's batch transaction holds row writes back and sends them together (WriteBehind), reads rows
 * ahead, and applies the aggregates once per batch. Whatever the batch size, the read model must be the one
 * that applying each event in its own transaction leaves: here a donor stream (customers, cards, gifts, a
 * refund in the same second as its charge, profile updates, disputes) where one batch holds several events
 * of one charge and one customer, and a charge's customer event arrives in the same batch after it.
 */
describe('projection in batches', () => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it.each([200, 37])('leaves the read model one event at a time leaves (batches of %i)', async (size) => {
    const events = donorEventStream({ donors: 120, tag: `pb${size}` });
    // Customer events after the rest, so batches also hold charges whose donor row does not exist yet.
    const ordered: Stripe.Event[] = [
      ...events.filter((e) => !e.type.startsWith('customer.')),
      ...events.filter((e) => e.type.startsWith('customer.')),
    ];
    const batched = await projectDirectly(ordered, async (ds, deps) => {
      for (let i = 0; i < ordered.length; i += size) {
        const { outcomes } = await projectStripeEvents(
          ds,
          ordered.slice(i, i + size).map((e) => e.id),
          deps,
        );
        expect([...outcomes.values()].filter((o) => o !== 'processed' && o !== 'ignored')).toEqual([]);
      }
    });
    dbs.push(batched.db);
    const reference = await referencePass(ordered);
    dbs.push(reference.db);
    expect(batched.checksums).toEqual(reference.checksums);
    // The stream really holds several events of one object in a batch, and donors with gifts.
    const [{ n }] = await batched.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM donor_totals WHERE donation_count > 0`,
    );
    expect(n).toBeGreaterThan(100);
  });

  it('waits for a merge in progress before it locks any of its rows', async () => {
    const events = donorEventStream({ donors: 3, tag: 'pbm' });
    const batched = await projectDirectly(events, async (ds, deps) => {
      // A merge holds the merges lock exclusively until it commits (donor-merges.ts).
      const merge = ds.createQueryRunner();
      await merge.connect();
      await merge.startTransaction();
      await merge.query(`SELECT pg_advisory_xact_lock(hashtextextended('donor_merges:all', 0))`);
      const batch = projectStripeEvents(
        ds,
        events.map((e) => e.id),
        deps,
      );
      // pg_locks lists every database's locks, and other suites running at the same time wait for theirs.
      const thisDatabase = `database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
      const waiting = async () =>
        (await merge.query(
          `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND ${thisDatabase}`,
        )) as Array<{ pid: number }>;
      let blocked = await waiting();
      while (!blocked.length) blocked = await waiting();
      // The batch waits at the merges lock holding none of its objects' locks (a merge takes those after it).
      expect(
        await merge.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = $1 AND ${thisDatabase}`,
          [blocked[0].pid],
        ),
      ).toEqual([{ n: 0 }]);
      await merge.commitTransaction();
      await merge.release();
      const { outcomes } = await batch;
      expect(new Set(outcomes.values())).toEqual(new Set(['processed']));
    });
    dbs.push(batched.db);
  });
});
