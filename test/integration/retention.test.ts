import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The retention reports (GET /api/stripe/retention, its LYBUNT and SYBUNT lists and their CSV) over a history
 * made the real way: card gifts (and a declined attempt, and a plan) on the emulator through the SDK, projected
 * from signed webhooks; manual gifts of earlier years through the API; a donor deleted. Every figure is
 * recomputed here from the emulator's charges and customers (the SDK's lists) and the manual gifts this test
 * recorded, never from our tables.
 */
const TZ = 'America/Chicago';
const Y = Number(localDay(new Date(), TZ).slice(0, 4));
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
const ids: Record<string, string> = {};
/** The manual gifts recorded, as this test knows them. */
const manual: { customer: string; at: Date }[] = [];

const yearOf = (at: Date) => Number(localDay(at, TZ).slice(0, 4));

/** Each listed donor's gift years, gift count and first gift, from the emulator and the recorded manual gifts. */
async function independentGifts() {
  const live = new Set<string>();
  for await (const c of stripe.customers.list({ limit: 100 })) live.add(c.id);
  const gifts: { customer: string; at: Date }[] = [...manual];
  for await (const ch of stripe.charges.list({ limit: 100 })) {
    if (ch.status === 'succeeded' && typeof ch.customer === 'string')
      gifts.push({ customer: ch.customer, at: new Date(ch.created * 1000) });
  }
  const donors = new Map<string, { years: Set<number>; count: number; first: Date }>();
  for (const g of gifts.filter((x) => live.has(x.customer))) {
    const d = donors.get(g.customer) ?? { years: new Set<number>(), count: 0, first: g.at };
    d.years.add(yearOf(g.at));
    d.count += 1;
    if (g.at < d.first) d.first = g.at;
    donors.set(g.customer, d);
  }
  return donors;
}

async function expectedFor(year: number) {
  const donors = [...(await independentGifts()).entries()];
  const ids = (keep: (d: { years: Set<number>; count: number; first: Date }) => boolean) =>
    donors
      .filter(([, d]) => keep(d))
      .map(([id]) => id)
      .sort();
  const previous = ids((d) => d.years.has(year - 1));
  const retained = ids((d) => d.years.has(year - 1) && d.years.has(year));
  const firstTime = ids((d) => yearOf(d.first) === year);
  return {
    previous,
    retained,
    firstTime,
    secondGift: ids((d) => yearOf(d.first) === year && d.count >= 2),
    lybunt: ids((d) => d.years.has(year - 1) && !d.years.has(year)),
    sybunt: ids((d) => [...d.years].some((y) => y < year - 1) && !d.years.has(year - 1) && !d.years.has(year)),
  };
}

async function lapsedIds(kind: string, year: number): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const res = await api
      .get(`/api/stripe/retention/lapsed?kind=${kind}&year=${year}&pageSize=2&page=${page}`)
      .expect(200);
    out.push(...res.body.data.map((d: { id: string }) => d.id));
    if (res.body.data.length < 2) return out;
  }
}

const csvRows = (query: string) => downloadCsv(api, `/api/stripe/retention/lapsed/export${query}`);

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  for (const name of ['Ann', 'Ben', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Ivy', 'Jo']) {
    ids[name] = (
      await api
        .post('/api/stripe/customers')
        .send({ name: `${name} Donor`, email: `${name.toLowerCase()}@example.org` })
        .expect(201)
    ).body.id;
  }
  // A mailed appeal needs the postal address and phone: Ivy has them (Edit Donor), Ben has none.
  await api
    .patch(`/api/stripe/customer/${ids.Ivy}`)
    .send({
      name: 'Ivy Donor',
      email: 'ivy@example.org',
      phone: '+1 870 555 0100',
      line1: '12 Oak Street',
      line2: 'Apt 4',
      city: 'Marshall',
      state: 'AR',
      postal_code: '72650',
    })
    .expect(200);
  const give = (customer: string, amount: number, pm = 'pm_card_visa') =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer,
      payment_method: pm,
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
  const prospect = (await stripe.customers.create({ name: 'Hal Declined', email: 'hal@example.org' })).id;
  await give(prospect, 5000, 'pm_card_chargeDeclined').catch(() => undefined);
  await give(ids.Ann, 2500);
  await give(ids.Di, 4000);
  await give(ids.Ed, 1000);
  await give(ids.Ed, 1500, 'pm_card_mastercard');
  await give(ids.Jo, 3000);
  // Fay starts with a plan: her first gift is the plan's first invoice.
  const plan = async (customer: string) => {
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm.id } });
    const product = (await stripe.products.create({ name: 'Monthly gift' })).id;
    await stripe.subscriptions.create({
      customer,
      items: [{ price_data: { currency: 'usd', unit_amount: 2000, product, recurring: { interval: 'month' } } }],
      metadata: { frequency: 'monthly', donation_type: 'monthly', source: 'website' },
    });
  };
  await plan(ids.Fay);
  // Di gave a one-time gift (and a check last year, below), then started a plan: a conversion.
  await plan(ids.Di);
  const record = async (name: string, isoDay: string, amount: string) => {
    const at = new Date(`${isoDay}T18:00:00Z`);
    await api
      .post('/api/admin/manual-donations')
      .send({
        stripeCustomerId: ids[name],
        donorName: `${name} Donor`,
        amount,
        donationType: 'check',
        donationDate: at.toISOString(),
      })
      .expect(201);
    manual.push({ customer: ids[name], at });
  };
  await record('Ann', `${Y - 1}-05-10`, '100');
  // Di's first gift was a check last year (a card gift and a plan of the same second could not be told apart).
  await record('Di', `${Y - 1}-08-20`, '30');
  await record('Ben', `${Y - 1}-03-01`, '250');
  await record('Cy', `${Y - 2}-09-15`, '75');
  await record('Gus', `${Y - 1}-04-04`, '40');
  await record('Ivy', `${Y - 3}-02-02`, '60');
  // Jo skipped last year and came back this year: lapsed as seen from last year, not from this one.
  await record('Jo', `${Y - 2}-07-07`, '45');
  await record('Ivy', `${Y - 1}-12-31`, '80');
  await api
    .post('/api/admin/manual-donations')
    .send({ donorName: 'Walk-in', amount: '20', donationType: 'cash', donationDate: `${Y - 1}-06-01T18:00:00Z` })
    .expect(201);
  await api.delete(`/api/stripe/customer/${ids.Gus}`).expect(200);
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
});
afterAll(() => stack?.stop());

describe('retention reports', () => {
  it('LYBUNT and SYBUNT equal the lists computed from the emulator charges and the manual gifts', async () => {
    const e = await expectedFor(Y);
    // The seeded history, so the comparison cannot pass on two empty lists.
    expect(e.lybunt).toEqual([ids.Ben, ids.Ivy].sort());
    expect(e.sybunt).toEqual([ids.Cy]);
    expect((await lapsedIds('lybunt', Y)).sort()).toEqual(e.lybunt);
    expect((await lapsedIds('sybunt', Y)).sort()).toEqual(e.sybunt);
    // Next year, this year's card donors are the lapsed ones.
    const next = await expectedFor(Y + 1);
    expect(next.lybunt).toContain(ids.Ed);
    expect((await lapsedIds('lybunt', Y + 1)).sort()).toEqual(next.lybunt);
    expect((await lapsedIds('sybunt', Y + 1)).sort()).toEqual(next.sybunt);
    // Last year's lists, where a donor's last gift (this year) is after the year.
    const last = await expectedFor(Y - 1);
    expect(last.lybunt).toEqual([ids.Cy, ids.Jo].sort());
    expect((await lapsedIds('lybunt', Y - 1)).sort()).toEqual(last.lybunt);
    expect((await lapsedIds('sybunt', Y - 1)).sort()).toEqual(last.sybunt);
  });

  it('recomputes the retention rate, first-time donors and their second-gift rate independently', async () => {
    for (const year of [Y, Y + 1, Y - 1]) {
      const e = await expectedFor(year);
      const body = (await api.get(`/api/stripe/retention?year=${year}`).expect(200)).body;
      const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);
      expect(body).toMatchObject({
        year,
        retention: {
          part: e.retained.length,
          whole: e.previous.length,
          percent: pct(e.retained.length, e.previous.length),
        },
        firstTime: { part: e.secondGift.length, whole: e.firstTime.length },
        lybunt: e.lybunt.length,
        sybunt: e.sybunt.length,
      });
    }
    const now = (await api.get(`/api/stripe/retention?year=${Y}`).expect(200)).body;
    // Ann, Ben, Di and Ivy gave last year (Gus too, but he is deleted); Ann and Di gave again: 2 of 4.
    expect(now.retention).toEqual({ part: 2, whole: 4, percent: 50 });
    expect(now.firstTime).toEqual({ part: 1, whole: 2, percent: 50 }); // Ed and Fay; Ed gave twice
  });

  it('counts one-time donors who later started a plan, not donors who began with one', async () => {
    const subs: Stripe.Subscription[] = [];
    for await (const s of stripe.subscriptions.list({ limit: 100, status: 'all' })) subs.push(s);
    const firstPlan = new Map<string, number>();
    for (const s of subs)
      firstPlan.set(s.customer as string, Math.min(firstPlan.get(s.customer as string) ?? Infinity, s.created));
    const donors = await independentGifts();
    const starters = [...donors.entries()].filter(
      ([id, d]) => !(firstPlan.get(id)! <= Math.floor(d.first.getTime() / 1000)),
    );
    const converted = starters.filter(([id]) => firstPlan.has(id));
    const body = (await api.get(`/api/stripe/retention?year=${Y}`).expect(200)).body;
    expect(converted.map(([id]) => id)).toEqual([ids.Di]);
    expect(body.recurringConversion).toMatchObject({ part: converted.length, whole: starters.length });
  });

  it("lists each lapsed donor's last gift and lifetime total, and exports the whole list as CSV", async () => {
    const page = (await api.get(`/api/stripe/retention/lapsed?kind=lybunt&year=${Y}`).expect(200)).body;
    expect(page).toMatchObject({ kind: 'lybunt', year: Y, page: 1, total: 2 });
    // Ivy's last gift was Dec 31 at noon in Chicago; Ben's in March: most recent first.
    expect(page.data).toEqual([
      {
        id: ids.Ivy,
        name: 'Ivy Donor',
        email: 'ivy@example.org',
        lastGiftAt: Date.parse(`${Y - 1}-12-31T18:00:00Z`) / 1000,
        lastGiftCents: 8000,
        lifetimeCents: 14000,
        gifts: 2,
      },
      {
        id: ids.Ben,
        name: 'Ben Donor',
        email: 'ben@example.org',
        lastGiftAt: Date.parse(`${Y - 1}-03-01T18:00:00Z`) / 1000,
        lastGiftCents: 25000,
        lifetimeCents: 25000,
        gifts: 1,
      },
    ]);
    const { res, rows } = await csvRows(`?kind=lybunt&year=${Y}`);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="lybunt_${Y}_\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    expect(rows).toEqual([
      {
        // A cell starting with + is neutralised like any formula-looking text (the phone stays readable).
        'Donor ID': ids.Ivy,
        Name: 'Ivy Donor',
        Email: 'ivy@example.org',
        Phone: "'+1 870 555 0100",
        'Address Line 1': '12 Oak Street',
        'Address Line 2': 'Apt 4',
        City: 'Marshall',
        State: 'AR',
        'Postal Code': '72650',
        Country: 'US',
        'Last Gift Date': `${Y - 1}-12-31`,
        'Last Gift Amount': '80.00',
        'Lifetime Total': '140.00',
        Gifts: '2',
      },
      {
        'Donor ID': ids.Ben,
        Name: 'Ben Donor',
        Email: 'ben@example.org',
        Phone: '',
        'Address Line 1': '',
        'Address Line 2': '',
        City: '',
        State: '',
        'Postal Code': '',
        Country: '',
        'Last Gift Date': `${Y - 1}-03-01`,
        'Last Gift Amount': '250.00',
        'Lifetime Total': '250.00',
        Gifts: '1',
      },
    ]);
    const [audit] = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'export.downloaded' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.details).toMatchObject({ report: 'lybunt', filters: { year: Y } });
  });

  it('follows a deleted manual gift and a full refund: the lists and figures move with the gifts', async () => {
    const at = new Date(`${Y - 1}-10-10T18:00:00Z`);
    const gift = (
      await api
        .post('/api/admin/manual-donations')
        .send({
          stripeCustomerId: ids.Ed,
          donorName: 'Ed Donor',
          amount: '15',
          donationType: 'cash',
          donationDate: at.toISOString(),
        })
        .expect(201)
    ).body;
    // Ed now gave last year too: his row for that year exists, and he is on no lapsed list of it.
    const [before] = await stack.db.query(`SELECT count::int FROM donor_years WHERE customer_id = $1 AND year = $2`, [
      ids.Ed,
      Y - 1,
    ]);
    expect(before).toEqual({ count: 1 });
    expect(await lapsedIds('lybunt', Y)).not.toContain(ids.Ed);
    await api.delete(`/api/admin/manual-donations/${gift.id}`).expect(200);
    // Kim's only gift is deleted: a donor with no completed gift is on no list, of any year.
    const kim = (
      await api.post('/api/stripe/customers').send({ name: 'Kim Donor', email: 'kim@example.org' }).expect(201)
    ).body.id;
    const only = (
      await api
        .post('/api/admin/manual-donations')
        .send({
          stripeCustomerId: kim,
          donorName: 'Kim Donor',
          amount: '10',
          donationType: 'cash',
          donationDate: `${Y - 2}-05-05T18:00:00Z`,
        })
        .expect(201)
    ).body;
    expect(await lapsedIds('sybunt', Y)).toContain(kim);
    await api.delete(`/api/admin/manual-donations/${only.id}`).expect(200);
    for (const year of [Y - 1, Y, Y + 1]) {
      for (const kind of ['lybunt', 'sybunt']) expect(await lapsedIds(kind, year)).not.toContain(kim);
    }
    // Back to the history the emulator and the recorded gifts describe (lists are read fresh).
    expect((await lapsedIds('lybunt', Y + 1)).sort()).toEqual((await expectedFor(Y + 1)).lybunt);
    const [row] = await stack.db.query(
      `SELECT count(*)::int AS n FROM donor_years WHERE customer_id = $1 AND year = $2`,
      [ids.Ed, Y - 1],
    );
    expect(row.n).toBe(0);
    // A fully refunded card gift still counts as a completed gift (the donor list's rule), with 0 kept.
    const [charge] = (await stripe.charges.list({ customer: ids.Ann, limit: 1 })).data;
    await stripe.refunds.create({ charge: charge.id });
    await stack.emulator!.flushWebhooks(20000);
    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE id = $1 AND amount_refunded = amount`, [charge.id])).length >
        0,
    });
    const [ann] = await stack.db.query(
      `SELECT amount::int, count FROM donor_years WHERE customer_id = $1 AND year = $2`,
      [ids.Ann, Y],
    );
    expect(ann).toEqual({ amount: 0, count: 1 });
    expect(await lapsedIds('lybunt', Y)).not.toContain(ids.Ann);
  });

  it('refuses an unknown list or year with a clear message', async () => {
    expect((await api.get('/api/stripe/retention/lapsed?kind=everyone').expect(400)).body.message).toMatch(
      /kind must be one of lybunt, sybunt/,
    );
    expect((await api.get('/api/stripe/retention?year=1999').expect(400)).body.message).toMatch(
      /year must be a whole number from 2000 to 2100/,
    );
    expect(
      (await api.get('/api/stripe/retention/lapsed/export?kind=lybunt&year=abc').expect(400)).body.message,
    ).toMatch(/year must be/);
  });
});
