import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { waitForProjection } from '../helpers/events.js';
import { fetchPdf } from '../helpers/pdf.js';
import { findInDatabase } from '../helpers/pii-scan.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Merging two donor records of one person (she gave with two e-mails), through the real API and worker against
 * the emulator: card gifts made with the SDK and projected from signed webhooks, a check recorded in the admin.
 * Every figure is checked before the merge, after it, after a new card gift of the merged-away customer, and
 * after the undo: donor list and summary, the profile, retention and LYBUNT, the tax CSV and the statement.
 * Then a merge in force is erased: both records go.
 */
const TZ = 'America/Chicago';
const Y = Number(localDay(new Date(), TZ).slice(0, 4));
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let kept: string;
let dup: string;
/** The admin who merges (the audit row names them). */
let adminId: string;

const give = (customer: string, amount: number) =>
  stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    customer,
    payment_method: 'pm_card_visa',
    confirm: true,
    allowed_payment_method_types: ['card'],
  });

async function settle() {
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
}

/** The figures a merge must move, as the admin API answers them. */
async function figures() {
  const list = (await api.get('/api/stripe/customers').expect(200)).body;
  const stats = (id: string) => list.customers.find((c: { id: string }) => c.id === id)?.donationStats ?? null;
  const lybunt = (await api.get(`/api/stripe/retention/lapsed?kind=lybunt&year=${Y}`).expect(200)).body.data.map(
    (d: { id: string }) => d.id,
  );
  return {
    summary: list.summary,
    listed: list.customers.map((c: { id: string }) => c.id).sort(),
    kept: stats(kept),
    dup: stats(dup),
    lybunt,
  };
}

/** Retention figures are kept 5 s: read until they show what the gifts now say. */
async function retentionEventually(expected: Record<string, unknown>) {
  let body: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) {
    body = (await api.get(`/api/stripe/retention?year=${Y}`).expect(200)).body;
    if (Object.entries(expected).every(([k, v]) => JSON.stringify(body[k]) === JSON.stringify(v))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return body;
}

const taxRows = async (year: number) => (await downloadCsv(api, `/api/admin/tax-exports/bulk-report/${year}`)).rows;
const statement = async (id: string, year: number) =>
  fetchPdf(api.get(`/api/admin/tax-exports/year-end/${id}/${year}`));

async function giftOwners() {
  const card = await stack.db.query(`SELECT id, customer_id FROM charges ORDER BY id`);
  const manual = await stack.db.query(`SELECT id::text, stripe_customer_id FROM manual_donations ORDER BY id`);
  return { card, manual };
}

const donorRows = () =>
  stack.db.query(
    `SELECT d.id, d.name, d.email, d.is_donor, d.deleted_at, d.merged_into, t.total_amount, t.donation_count, t.first_gift_at, t.last_gift_at
     FROM donors d LEFT JOIN donor_totals t ON t.customer_id = d.id ORDER BY d.id`,
  );
const yearRows = () =>
  stack.db.query(`SELECT year, customer_id, amount, count FROM donor_years ORDER BY customer_id, year`);

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  const signed = await signIn(stack);
  adminId = signed.admin.id;
  api = authed(stack, signed.token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  kept = (
    await api
      .post('/api/stripe/customers')
      .send({ name: 'Rosa Lind', email: 'rosa@home.example', address: '7 Mill Lane' })
      .expect(201)
  ).body.id;
  dup = (
    await api.post('/api/stripe/customers').send({ name: 'Rosa Lind', email: 'rosa.lind@work.example' }).expect(201)
  ).body.id;
  await give(kept, 5000);
  await give(kept, 2000);
  // The duplicate gave a check last year only: before the merge she is LYBUNT and Rosa is a first-time donor.
  await api
    .post('/api/admin/manual-donations')
    .send({
      stripeCustomerId: dup,
      donorName: 'Rosa Lind',
      donorEmail: 'rosa.lind@work.example',
      amount: '100',
      donationType: 'check',
      donationDate: new Date(`${Y - 1}-06-15T18:00:00Z`).toISOString(),
      notes: 'Check 1042',
    })
    .expect(201);
  await settle();
});
afterAll(() => stack?.stop());

describe('merging two donor records', () => {
  let before: Awaited<ReturnType<typeof figures>>;
  let beforeRows: unknown[];
  let beforeYears: unknown[];
  let beforeOwners: Awaited<ReturnType<typeof giftOwners>>;
  let mergeId: string;

  it('previews both records, which one is kept and what the kept donor will have', async () => {
    before = await figures();
    beforeRows = await donorRows();
    beforeYears = await yearRows();
    beforeOwners = await giftOwners();
    expect(before.summary).toEqual({ activeCustomers: 1, totalCustomers: 2, totalLifetimeValue: 170 });
    expect(before.kept).toEqual({ totalDonated: 70, donationCount: 2 });
    expect(before.dup).toEqual({ totalDonated: 100, donationCount: 1 });
    expect(before.lybunt).toEqual([dup]);
    expect(await retentionEventually({ lybunt: 1 })).toMatchObject({
      lybunt: 1,
      retention: { part: 0, whole: 1 },
      firstTime: { whole: 1 },
    });

    const preview = (await api.get(`/api/stripe/customer/${kept}/merges/preview?duplicateId=${dup}`).expect(200)).body;
    expect(preview.kept).toMatchObject({
      id: kept,
      email: 'rosa@home.example',
      cardGifts: { count: 2, total: 70 },
      manualGifts: { count: 0, total: 0 },
      allGifts: { count: 2, total: 70 },
    });
    expect(preview.duplicate).toMatchObject({
      id: dup,
      email: 'rosa.lind@work.example',
      cardGifts: { count: 0, total: 0 },
      manualGifts: { count: 1, total: 100 },
    });
    expect(preview.after).toEqual({ count: 3, total: 170 });
    // Two addresses: My Giving stays with the kept one, and the preview says so before anything happens.
    expect(preview.selfServiceEmail).toBe('rosa@home.example');
    expect(preview.emailWarning).toMatch(
      /^The records have different e-mail addresses: after the merge, only rosa@home\.example .* rosa\.lind@work\.example no longer does\./,
    );
    // A preview writes nothing.
    expect(await donorRows()).toEqual(beforeRows);
  });

  it('refuses a merge with itself, an unknown donor and a bad id', async () => {
    expect((await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: kept })).status).toBe(400);
    expect((await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: 'cus_nobody' })).status).toBe(
      404,
    );
    expect(
      (await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: 'x; drop' })).body.message,
    ).toMatch(/duplicateId must be a donor id/);
  });

  it('counts the gifts once, under the kept donor, in every figure', async () => {
    const res = (await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: dup }).expect(201)).body;
    expect(res).toMatchObject({ keptId: kept, mergedId: dup, movedCardGifts: 0, movedManualGifts: 1 });
    mergeId = res.mergeId;

    const after = await figures();
    expect(after.summary).toEqual({ activeCustomers: 1, totalCustomers: 1, totalLifetimeValue: 170 });
    expect(after.listed).toEqual([kept]);
    expect(after.kept).toEqual({ totalDonated: 170, donationCount: 3 });
    expect(after.lybunt).toEqual([]);
    // Rosa gave last year (the check) and this year: retained, and no longer a first-time donor.
    const retention = await retentionEventually({ lybunt: 0 });
    expect(retention).toMatchObject({ lybunt: 0, retention: { part: 1, whole: 1 }, firstTime: { whole: 0 } });

    const profile = (await api.get(`/api/stripe/customer/${kept}`).expect(200)).body;
    expect(profile.donationStats).toEqual({ totalDonated: 170, donationCount: 3, averageDonation: 56.67 });
    const tx = (await api.get(`/api/stripe/customer/${kept}/transactions`).expect(200)).body;
    expect(JSON.stringify(tx)).toContain('Check 1042');
    const gone = await api.get(`/api/stripe/customer/${dup}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toContain(`merged into ${kept}`);

    // Last year's tax CSV: the check is Rosa's, under the kept record's e-mail.
    const lastYear = await taxRows(Y - 1);
    expect(lastYear).toHaveLength(1);
    expect(lastYear[0]).toMatchObject({
      'Donor Name': 'Rosa Lind',
      Email: 'rosa@home.example',
      'Net Amount': '100.00',
    });
    const { res: pdf, text } = await statement(kept, Y - 1);
    expect(pdf.status).toBe(200);
    expect(text).toContain('$100.00');
    expect(text).toContain('7 Mill Lane');

    const audit = await stack.db.query(`SELECT admin_id, at, details FROM audit_log WHERE action = 'donor.merged'`);
    expect(audit).toHaveLength(1);
    expect(audit[0].admin_id).toBe(adminId);
    expect(audit[0].details).toEqual({
      customerId: kept,
      mergedCustomerId: dup,
      mergeId,
      movedCardGifts: 0,
      movedManualGifts: 1,
    });
    const merges = (await api.get(`/api/stripe/customer/${kept}/merges`).expect(200)).body;
    expect(merges).toMatchObject([{ id: mergeId, mergedId: dup, email: 'rosa.lind@work.example', movedGifts: 1 }]);
    // The merged-away record is no donor to merge or give to any more.
    expect((await api.post(`/api/stripe/customer/${dup}/merges`).send({ duplicateId: kept })).status).toBe(409);
    expect(
      (
        await api
          .post('/api/admin/manual-donations')
          .send({
            stripeCustomerId: dup,
            donorName: 'Rosa',
            amount: '5',
            donationType: 'cash',
            donationDate: new Date().toISOString(),
          })
      ).status,
    ).toBe(400);
  });

  it('puts a new card gift of the merged-away customer under the kept donor', async () => {
    const pi = await give(dup, 3000);
    await settle();
    const [charge] = await stack.db.query(`SELECT id, customer_id FROM charges WHERE payment_intent_id = $1`, [pi.id]);
    expect(charge.customer_id).toBe(kept);
    // Stripe still has it under the other customer: the customers are not merged there.
    expect((await stripe.charges.retrieve(charge.id)).customer).toBe(dup);

    const now = await figures();
    expect(now.summary).toEqual({ activeCustomers: 1, totalCustomers: 1, totalLifetimeValue: 200 });
    expect(now.kept).toEqual({ totalDonated: 200, donationCount: 4 });
    const thisYear = await taxRows(Y);
    expect(thisYear).toHaveLength(3);
    expect(new Set(thisYear.map((r) => r.Email))).toEqual(new Set(['rosa@home.example']));
    const { text } = await statement(kept, Y);
    expect(text).toContain('$100.00'); // 50 + 20 + 30 this year
    // A refund of it (a later event of the same charge) stays with the kept donor.
    await stripe.refunds.create({ charge: charge.id, amount: 1000 });
    await settle();
    expect((await stack.db.query(`SELECT customer_id FROM charges WHERE id = $1`, [charge.id]))[0].customer_id).toBe(
      kept,
    );
    expect((await figures()).kept).toEqual({ totalDonated: 190, donationCount: 4 });
  });

  it('undo restores the two records exactly, the new gift going back to its own customer', async () => {
    const res = (await api.post(`/api/stripe/customer/${kept}/merges/${mergeId}/undo`).expect(200)).body;
    expect(res).toEqual({ mergeId, undone: true, restoredGifts: 2 });

    const after = await figures();
    expect(after.summary).toEqual({ activeCustomers: 2, totalCustomers: 2, totalLifetimeValue: 190 });
    expect(after.kept).toEqual(before.kept);
    expect(after.dup).toEqual({ totalDonated: 120, donationCount: 2 });
    const owners = await giftOwners();
    expect(owners.manual).toEqual(beforeOwners.manual);
    for (const c of beforeOwners.card) expect(owners.card).toContainEqual(c);
    expect(owners.card.filter((c: { customer_id: string }) => c.customer_id === dup)).toHaveLength(1);
    // The kept record is exactly as before; the other one too, plus its new gift ($30 less $10 refunded).
    const rows = await donorRows();
    const was = beforeRows as Array<Record<string, unknown>>;
    expect(rows.find((r: { id: string }) => r.id === kept)).toEqual(was.find((r) => r.id === kept));
    const {
      total_amount: _t,
      donation_count: _c,
      last_gift_at: _l,
      ...dupRow
    } = rows.find((r: { id: string }) => r.id === dup);
    const { total_amount: _t0, donation_count: _c0, last_gift_at: _l0, ...dupWas } = was.find((r) => r.id === dup)!;
    expect(dupRow).toEqual(dupWas);
    expect(rows.find((r: { id: string }) => r.id === dup)).toMatchObject({ total_amount: '12000', donation_count: 2 });
    expect((await yearRows()).filter((r: { customer_id: string }) => r.customer_id === kept)).toEqual(
      (beforeYears as Array<{ customer_id: string }>).filter((r) => r.customer_id === kept),
    );
    expect((await taxRows(Y - 1))[0]).toMatchObject({ Email: 'rosa.lind@work.example' });
    expect((await api.get(`/api/stripe/customer/${kept}/merges`).expect(200)).body).toEqual([]);
    expect((await api.get(`/api/stripe/customer/${dup}`).expect(200)).body.donationStats.donationCount).toBe(2);
    const audit = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'donor.merge_undone'`);
    expect(audit.map((a: { details: unknown }) => a.details)).toEqual([
      { customerId: kept, mergedCustomerId: dup, mergeId, restoredGifts: 2 },
    ]);
    // A merge is undone once.
    expect((await api.post(`/api/stripe/customer/${kept}/merges/${mergeId}/undo`)).status).toBe(404);
    // After the undo, the merged-away customer's gifts are its own again.
    await give(dup, 700);
    await settle();
    expect((await figures()).dup).toEqual({ totalDonated: 127, donationCount: 3 });
  });

  it("after a merge My Giving is the kept donor's address, reaching both records; the merged-away address signs in to nothing", async () => {
    const res = (await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: dup }).expect(201)).body;
    await request(stack.apiUrl).post('/api/my-giving/link').send({ email: 'Rosa.Lind@work.example' }).expect(202);
    await request(stack.apiUrl).post('/api/my-giving/link').send({ email: 'ROSA@home.example' }).expect(202);
    let links: Array<{ email: string; customer_ids: string[] }> = [];
    for (let i = 0; i < 100 && links.length === 0; i++) {
      links = await stack.db.query(`SELECT email, customer_ids FROM donor_links`);
      if (!links.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(links.map((l) => ({ email: l.email, ids: [...l.customer_ids].sort() }))).toEqual([
      { email: 'rosa@home.example', ids: [kept, dup].sort() },
    ]);
    await api.post(`/api/stripe/customer/${kept}/merges/${res.mergeId}/undo`).expect(200);
  });

  it('deleting the kept donor of a merge deletes both records, in Stripe too', async () => {
    const a = (
      await api.post('/api/stripe/customers').send({ name: 'Del One', email: 'del.one@example.org' }).expect(201)
    ).body.id;
    const b = (
      await api.post('/api/stripe/customers').send({ name: 'Del One', email: 'del.two@example.org' }).expect(201)
    ).body.id;
    await api.post(`/api/stripe/customer/${a}/merges`).send({ duplicateId: b }).expect(201);
    await api.delete(`/api/stripe/customer/${a}`).expect(200);
    const rows = await stack.db.query(`SELECT id, deleted_at FROM donors WHERE id = ANY($1::text[])`, [[a, b]]);
    expect(rows.filter((r: { deleted_at: Date | null }) => r.deleted_at)).toHaveLength(2);
    await expect(stripe.customers.retrieve(b)).resolves.toMatchObject({ deleted: true });
    const [audit] = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'donor.deleted'`);
    expect(audit.details).toEqual({ customerId: a, mergedCustomerIds: [b] });
  });

  it('erasing the kept donor of a merge erases both records', async () => {
    await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: dup }).expect(201);
    await api.post(`/api/admin/donors/${kept}/erase`).send({ confirmName: 'Rosa Lind' }).expect(200);
    await settle();
    const rows = await stack.db.query(
      `SELECT id, name, email, erased_at FROM donors WHERE id = ANY($1::text[]) ORDER BY id`,
      [[kept, dup]],
    );
    expect(
      rows.every(
        (r: { name: string; email: string | null; erased_at: Date | null }) =>
          r.name === 'Erased donor' && !r.email && r.erased_at,
      ),
    ).toBe(true);
    expect(
      await findInDatabase(stack.db, ['rosa@home.example', 'rosa.lind@work.example', 'Rosa Lind', '7 Mill Lane']),
    ).toEqual([]);
    await expect(stripe.customers.retrieve(dup)).resolves.toMatchObject({ deleted: true });
  });
});
