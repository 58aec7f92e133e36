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
});
