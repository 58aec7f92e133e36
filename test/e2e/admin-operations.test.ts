import type { Page } from 'playwright-core';
import { DEFAULT_JOB_OPTIONS, JobName } from '../../core/src/queue/queue.constants.js';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { buildEvent, fixture, stripeId } from '../helpers/events.js';
import { openReplayTools, type ReplayTools } from '../helpers/replay.js';

/**
 * The Operations page in Chromium over a real stack: an event whose projection failed and a job that really failed
 * (a Postgres trigger refuses the donor row), replayed and retried from the page once the cause is gone.
 */
describe('admin Operations page in Chromium', () => {
  let env: AdminEnv;
  let tools: ReplayTools;
  let page: Page;
  const stuck = fixture('customer', { id: stripeId('cus'), name: 'Stuck Donor' });
  const blocked = fixture('customer', { id: stripeId('cus'), name: 'Blocked Donor' });
  // Dated when it was received (an hour ago): the sanity checks refuse events dated after their arrival.
  const stuckEvent = buildEvent('customer.created', stuck, { created: Math.floor(Date.now() / 1000) - 3600 });
  const blockedEvent = buildEvent('customer.created', blocked);

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 20, workers: 1 });
    tools = await openReplayTools(env.stack);
    const db = env.stack.db;
    // An event whose job used up its attempts an hour ago (the relay leaves it to an admin).
    await db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at, attempts, last_error) VALUES ($1, $2, $3, $4, now() - interval '1 hour', $5, 'connection reset by peer')`,
      [stuckEvent.id, stuckEvent.type, stuckEvent.created, JSON.stringify(stuckEvent), DEFAULT_JOB_OPTIONS.attempts],
    );
    await db.query(`INSERT INTO stripe_events (id, type, created, payload, attempts) VALUES ($1, $2, $3, $4, $5)`, [
      blockedEvent.id,
      blockedEvent.type,
      blockedEvent.created,
      JSON.stringify(blockedEvent),
      DEFAULT_JOB_OPTIONS.attempts,
    ]);
    await db.query(`CREATE FUNCTION refuse_donor() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Blocked Donor' THEN RAISE EXCEPTION 'donor refused by the test'; END IF; RETURN NEW; END $$`);
    await db.query(
      `CREATE TRIGGER refuse_donor BEFORE INSERT OR UPDATE ON donors FOR EACH ROW EXECUTE FUNCTION refuse_donor()`,
    );
    await tools.producer.add(
      JobName.ProjectStripeEvent,
      { eventId: blockedEvent.id },
      { jobId: 'blocked-job', attempts: 1 },
      5000,
    );
    for (let i = 0; !(await tools.producer.getJob(JobName.ProjectStripeEvent, 'blocked-job'))?.failedReason; i++) {
      if (i > 200) throw new Error('the job did not fail');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);
  afterAll(async () => {
    await tools?.close();
    await env?.stop();
  });

  it('shows what failed, with the lag, at 1280 and 390 px, without axe violations', async () => {
    page = await newPage(env, 1280);
    await signInUi(page, env);
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
    const pipeline = page.getByRole('region', { name: 'Pipeline' });
    await pipeline.getByText('Needs attention').waitFor();
    expect(await pipeline.getByText('Oldest waiting for').locator('..').textContent()).toMatch(
      /Oldest waiting for(59 min|1 h 0 min)/,
    );
    const events = page.getByRole('region', { name: 'Events that failed to project' });
    await events.getByText(stuckEvent.id).waitFor();
    await events.getByText('connection reset by peer').waitFor();
    const jobs = page.getByRole('region', { name: 'Failed jobs' });
    await jobs.getByText('donor refused by the test').first().waitFor();
    await expectNoAxeViolations(page, 'operations with failures, 1280 px');
    await shot(page, 'admin-operations-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'operations with failures, 390 px');
    await shot(page, 'admin-operations-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('replays the failed event and retries the failed job once the cause is gone; then nothing is left', async () => {
    const events = page.getByRole('region', { name: 'Events that failed to project' });
    await events.getByRole('button', { name: `Replay ${stuckEvent.id}` }).click();
    await events.getByRole('status').filter({ hasText: '1 event queued again.' }).waitFor();
    await env.stack.db.query(`DROP TRIGGER refuse_donor ON donors; DROP FUNCTION refuse_donor()`);
    const jobs = page.getByRole('region', { name: 'Failed jobs' });
    await jobs.getByRole('button', { name: 'Retry job blocked-job' }).click();
    await jobs.getByRole('status').filter({ hasText: 'Job blocked-job is running again.' }).waitFor();
    await page
      .getByText('None: every stored event has reached the dashboard or is on its way.')
      .waitFor({ timeout: 30_000 });
    await jobs.getByText('None.').waitFor({ timeout: 30_000 });
    await page.getByText('Keeping up').waitFor({ timeout: 30_000 });
    expect(
      (
        await env.stack.db.query(`SELECT name FROM donors WHERE id = ANY($1) ORDER BY name`, [[stuck.id, blocked.id]])
      ).map((r) => r.name),
    ).toEqual(['Blocked Donor', 'Stuck Donor']);
    await expectNoAxeViolations(page, 'operations, all clear');
    await shot(page, 'admin-operations-clear-1280');
  }, 60_000);
});
