import request from 'supertest';
import type Stripe from 'stripe';
import { emailKey } from '../../core/src/donor-identity/email-key.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForMailsMatching } from '../helpers/donor-mail.js';
import { waitForProjection } from '../helpers/events.js';
import { parseMail, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { clearLinkLimits, donorAs } from '../helpers/my-giving-api.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Donor identity (issue 25, items 1 and 2) with real parts: gifts made through the SDK on the emulator, projected
 * from its signed webhooks, sign-in links sent by the worker's outbox to a real SMTP server, merges through the
 * admin API. "The donor with this e-mail" is one rule (core/src/donor-identity): only ASCII letters fold, so
 * `alİce@` (Turkish dotted capital I) is not alice; a link goes only to the address we store; a donor session's
 * reach is read at every request, and merges, undos and e-mail changes end the sessions they touch.
 */
const LINK = /\/my-giving#link=([A-Za-z0-9_-]{43})/;

describe('donor identity: one e-mail key, links to the stored address, sessions that follow the read model', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let admin: ReturnType<typeof authed>;
  const ids: Record<'alice' | 'erin' | 'mallory', { customer: string; sub?: string }> = {} as never;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    admin = authed(stack, (await signIn(stack)).token);
    const product = (await stripe.products.create({ name: 'Recurring donation' })).id;
    for (const [key, name, email] of [
      ['alice', 'Alice Example', 'Alice@Example.org'],
      ['erin', 'Erin Gmail', 'erin@gmail.com'],
      ['mallory', 'Alice Example', 'mallory@evil.example'],
    ] as const) {
      const c = await stripe.customers.create({ name, email });
      const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: c.id });
      ids[key] = { customer: c.id };
      if (key === 'mallory') {
        await stripe.paymentIntents.create({
          amount: 100,
          currency: 'usd',
          customer: c.id,
          payment_method: pm.id,
          confirm: true,
          allowed_payment_method_types: ['card'],
        });
      } else {
        const sub = await stripe.subscriptions.create({
          customer: c.id,
          default_payment_method: pm.id,
          items: [{ price_data: { currency: 'usd', unit_amount: 2000, product, recurring: { interval: 'month' } } }],
          metadata: { frequency: 'monthly', source: 'website' },
        });
        ids[key].sub = sub.id;
      }
    }
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack, {
      predicate: async () => (await stack.db.query(`SELECT 1 FROM charges WHERE status = 'succeeded'`)).length === 3,
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const api = () => request(stack.apiUrl);
  const donor = (token: string) => donorAs(stack, token);

  async function askLink(email: string): Promise<void> {
    await clearLinkLimits(stack);
    expect((await api().post('/api/my-giving/link').send({ email })).status).toBe(202);
  }

  /** Asks for a link with `typed` and opens the nth e-mail that reaches `stored`; answers the session token. */
  async function sessionFor(typed: string, stored: string, nth: number): Promise<string> {
    await askLink(typed);
    const mails = await waitForMailsMatching(smtp, stored, LINK, nth);
    const res = await api()
      .post('/api/my-giving/session')
      .send({ token: LINK.exec(mails[nth - 1].text ?? '')![1] });
    expect(res.status).toBe(200);
    return res.body.sessionToken;
  }

  /** The envelope recipients of every sign-in link sent so far. */
  async function everyRecipient(): Promise<string[]> {
    // The mails received so far, taken once: another (an acknowledgment) may arrive while these are parsed.
    const mails = [...smtp.mails];
    const parsed = await Promise.all(mails.map(parseMail));
    return mails.filter((_, i) => LINK.test(parsed[i].text ?? '')).flatMap((m) => m.to);
  }

  it('Postgres email_key() and the code make the same key, folding ASCII letters only', async () => {
    const samples = [
      'Alice@Example.org',
      ' \tALICE@EXAMPLE.ORG\r\n',
      'alİce@example.org',
      'erin@gmaİl.com',
      '\u212Aate@example.org',
      'ΑΣ@example.org',
      'JOSÉ@EXAMPLE.ORG',
      'ｆｕｌｌ@example.org',
      '\u00A0nbsp@example.org\u00A0',
      'ǅ@example.org',
      'straße@example.org',
    ];
    const rows: Array<{ k: string }> = await stack.db.query(
      `SELECT email_key(x) AS k FROM unnest($1::text[]) WITH ORDINALITY t(x, n) ORDER BY n`,
      [samples],
    );
    expect(rows.map((r) => r.k)).toEqual(samples.map(emailKey));
    expect(emailKey(' \tALICE@EXAMPLE.ORG\r\n')).toBe('alice@example.org');
    expect(emailKey('alİce@example.org')).not.toBe(emailKey('alice@example.org'));
    expect(emailKey('erin@gmaİl.com')).not.toBe(emailKey('erin@gmail.com'));
  });

  it("item 1: a look-alike address with a dotted capital I gets no link and reaches no one's gifts; the real one is mailed at the stored address", async () => {
    await askLink('alİce@example.org');
    await askLink('erin@gmaİl.com');
    await askLink('ERIN@GMAİL.COM');
    // The same donor, typed in other ASCII letters and with spaces: the link goes to the address we store, as stored.
    await askLink('  ALICE@example.ORG ');
    await waitForMailsMatching(smtp, 'alice@example.org', LINK, 1);
    await askLink('Erin@Gmail.com');
    await waitForMailsMatching(smtp, 'erin@gmail.com', LINK, 1);
    const links: Array<{ email: string; customer_ids: string[] }> = await stack.db.query(
      `SELECT email, customer_ids FROM donor_links ORDER BY created_at`,
    );
    expect(links).toEqual([
      { email: 'Alice@Example.org', customer_ids: [ids.alice.customer] },
      { email: 'erin@gmail.com', customer_ids: [ids.erin.customer] },
    ]);
    const outbox: Array<{ recipient: string }> = await stack.db.query(
      `SELECT recipient FROM outbound_mail WHERE kind = 'sign-in-link' ORDER BY id`,
    );
    expect(outbox.map((o) => o.recipient)).toEqual(['Alice@Example.org', 'erin@gmail.com']);
    expect((await everyRecipient()).filter((to) => /İ|i\u0307/i.test(to))).toEqual([]);
    expect((await everyRecipient()).map((to) => to.toLowerCase()).sort()).toEqual([
      'alice@example.org',
      'erin@gmail.com',
    ]);
    // The look-alike's per-address counter is its own key, not alice's: a sixth request for it is refused, alice's is not.
    for (let i = 0; i < 5; i += 1)
      expect((await api().post('/api/my-giving/link').send({ email: 'alİce@example.org' })).status).toBe(202);
    expect((await api().post('/api/my-giving/link').send({ email: 'alİce@example.org' })).status).toBe(429);
    expect((await api().post('/api/my-giving/link').send({ email: 'alice@example.org' })).status).toBe(202);
  });

  it("the public form gives a look-alike address its own customer, and Alice's address in other ASCII letters hers", async () => {
    const form = {
      frequency: 'one-time',
      firstName: 'Alice',
      lastName: 'Example',
      phone: '(870) 555-0190',
      address: '1 Main St',
      city: 'Marshall',
      state: 'AR',
      zipCode: '72650',
    };
    const customerOf = async (email: string) => {
      const res = await api()
        .post('/api/create-payment-intent')
        .send({ amount: 1500, donationData: { ...form, email } })
        .expect(200);
      return (await stripe.paymentIntents.retrieve(res.body.paymentIntentId)).customer;
    };
    expect(await customerOf('ALICE@EXAMPLE.ORG')).toBe(ids.alice.customer);
    const lookAlike = await customerOf('alİce@example.org');
    expect(lookAlike).not.toBe(ids.alice.customer);
    expect(((await stripe.customers.retrieve(lookAlike as string)) as Stripe.Customer).email).toBe('alİce@example.org');
  });

  it('item 2: a merge of two addresses warns, moves self-service to the kept address only, and merge, undo and an e-mail change end the sessions they touch', async () => {
    const aliceSession = donor(await sessionFor('alice@example.org', 'Alice@Example.org', 3));
    const mallorySession = donor(await sessionFor('mallory@evil.example', 'mallory@evil.example', 1));
    expect((await mallorySession.get('/api/my-giving')).body.plans).toEqual([]);

    const preview = (
      await admin
        .get(`/api/stripe/customer/${ids.alice.customer}/merges/preview?duplicateId=${ids.mallory.customer}`)
        .expect(200)
    ).body;
    expect(preview.selfServiceEmail).toBe('Alice@Example.org');
    expect(preview.emailWarning).toBe(
      "The records have different e-mail addresses: after the merge, only Alice@Example.org (the kept record's) signs in to My Giving for these gifts; mallory@evil.example no longer does. If the donor uses mallory@evil.example, merge the other way or change the kept record's e-mail first.",
    );
    const merge = (
      await admin
        .post(`/api/stripe/customer/${ids.alice.customer}/merges`)
        .send({ duplicateId: ids.mallory.customer })
        .expect(201)
    ).body;

    // Both sessions the merge touched are over.
    for (const s of [aliceSession, mallorySession]) {
      const res = await s.get('/api/my-giving');
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 401,
        message: 'Your sign-in has ended. Please ask for a new link.',
      });
      expect((await s.post(`/api/my-giving/plans/${ids.alice.sub}/amount`, { amount: 10_000_000 })).status).toBe(401);
    }
    // The duplicate's address no longer signs in: no link. The kept address reaches both records' gifts.
    await askLink('mallory@evil.example');
    const kept = donor(await sessionFor('alice@example.org', 'Alice@Example.org', 4));
    expect((await everyRecipient()).filter((to) => to.toLowerCase() === 'mallory@evil.example')).toHaveLength(1);
    expect(
      (await stack.db.query(`SELECT count(*)::int AS n FROM donor_links WHERE email = 'mallory@evil.example'`))[0].n,
    ).toBe(1);
    const overview = (await kept.get('/api/my-giving').expect(200)).body;
    expect(overview.plans.map((p: { id: string }) => p.id)).toEqual([ids.alice.sub]);
    expect(overview.gifts.map((g: { amount: number }) => g.amount).sort()).toEqual([100, 2000]);

    // Undo: the session opened during the merge ends; afterwards each address reaches its own record only.
    await admin.post(`/api/stripe/customer/${ids.alice.customer}/merges/${merge.mergeId}/undo`).expect(200);
    expect((await kept.post(`/api/my-giving/plans/${ids.alice.sub}/pause`)).status).toBe(401);
    const mallory = donor(await sessionFor('mallory@evil.example', 'mallory@evil.example', 2));
    expect(
      (await mallory.get('/api/my-giving').expect(200)).body.gifts.map((g: { amount: number }) => g.amount),
    ).toEqual([100]);
    expect((await mallory.post(`/api/my-giving/plans/${ids.alice.sub}/pause`)).status).toBe(404);
    expect((await stripe.subscriptions.retrieve(ids.alice.sub!)).pause_collection).toBeNull();

    // An e-mail change (the admin's edit reaches the read model through Stripe's webhook) ends the old address's session.
    const alice = donor(await sessionFor('alice@example.org', 'Alice@Example.org', 5));
    expect((await alice.get('/api/my-giving')).status).toBe(200);
    await admin
      .patch(`/api/stripe/customer/${ids.alice.customer}`)
      .send({ name: 'Alice Example', email: 'alice.new@example.org' })
      .expect(200);
    await stack.emulator!.flushWebhooks(20_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (
          await stack.db.query(`SELECT 1 FROM donors WHERE id = $1 AND email = 'alice.new@example.org'`, [
            ids.alice.customer,
          ])
        ).length === 1,
    });
    expect((await alice.get('/api/my-giving')).status).toBe(401);
    const renamed = donor(await sessionFor('Alice.New@example.org', 'alice.new@example.org', 1));
    expect((await renamed.get('/api/my-giving').expect(200)).body.plans.map((p: { id: string }) => p.id)).toEqual([
      ids.alice.sub,
    ]);
  });

  it('the session guard reads the reach at every request: a session whose donor left its address reaches nothing, even with its end undone', async () => {
    const erin = donor(await sessionFor('erin@gmail.com', 'erin@gmail.com', 2));
    expect((await erin.get('/api/my-giving').expect(200)).body.plans.map((p: { id: string }) => p.id)).toEqual([
      ids.erin.sub,
    ]);
    await admin
      .patch(`/api/stripe/customer/${ids.erin.customer}`)
      .send({ name: 'Erin Gmail', email: 'erin@other.example' })
      .expect(200);
    await stack.emulator!.flushWebhooks(20_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (
          await stack.db.query(`SELECT 1 FROM donors WHERE id = $1 AND email = 'erin@other.example'`, [
            ids.erin.customer,
          ])
        ).length === 1,
    });
    // Revive every session by hand (as if the trigger had missed it): the guard still finds nothing under the old address.
    await stack.db.query(`UPDATE donor_sessions SET ended_at = NULL`);
    expect((await erin.post(`/api/my-giving/plans/${ids.erin.sub}/amount`, { amount: 10_000_000 })).status).toBe(401);
    expect((await stripe.subscriptions.retrieve(ids.erin.sub!)).items.data[0].price.unit_amount).toBe(2000);
  });
});
