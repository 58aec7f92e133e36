import type { ParsedMail } from 'mailparser';
import { authed, signIn } from '../helpers/admin.js';
import { acknowledgmentsOnSince, waitForMails } from '../helpers/donor-mail.js';
import { fetchPdf, pdfText } from '../helpers/pdf.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { localDay } from '../helpers/admin-api-expected.js';

/**
 * Gifts of property (IRS Pub. 1771) and the versions of a year's statement, with real parts: the admin API records
 * the gifts, the in-process worker acknowledges them and sends the statements through a real SMTP server, and the
 * PDFs are read back with a PDF text extractor. Today's year is not over (interim); last year is (final, corrected).
 */
const TZ = 'America/Chicago';
const STOCK = '100 shares of Acme Corporation (ACME)';
const CHAIRS = 'two wheelchairs';

describe('non-cash gifts and year-end statement versions', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let api: ReturnType<typeof authed>;
  const thisYear = Number(localDay(new Date(), TZ).slice(0, 4));
  const lastYear = thisYear - 1;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({
      emulator: false,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', SMTP_URL: smtp.url, TIME_ZONE: TZ },
    });
    api = authed(stack, (await signIn(stack)).token);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 86400_000));
    for (const [id, name, email] of [
      ['cus_sam', 'Sam Stock', 'sam@example.org'],
      ['cus_ida', 'Ida Interim', 'ida@example.org'],
    ]) {
      await stack.db.query(
        `INSERT INTO donors (id, name, email, created) VALUES ($1, $2, $3, now() - interval '2 years')`,
        [id, name, email],
      );
    }
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const gift = (body: Record<string, unknown>) =>
    api.post('/api/admin/manual-donations').send({ donorName: 'Sam Stock', stripeCustomerId: 'cus_sam', ...body });
  const attachmentText = (m: ParsedMail) => pdfText(m.attachments[0].content);

  it('a stock or in-kind gift needs a description; a cash gift does not', async () => {
    for (const donationType of ['stock', 'item', 'crypto', 'other']) {
      const res = await gift({ amount: '100', donationType, donationDate: '2026-01-15', giftDescription: '  ' });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'Describe the gift (e.g., 100 shares of ACME or two wheelchairs)',
      });
    }
    expect((await stack.db.query(`SELECT 1 FROM manual_donations`)).length).toBe(0);
  });

  it("a stock gift's acknowledgment and year-end PDF show its description and no dollar value; the total counts money only", async () => {
    const today = localDay(new Date(), TZ);
    const stock = await gift({
      donorEmail: 'sam@example.org',
      amount: '8,450.00',
      donationType: 'stock',
      donationDate: today,
      giftDescription: STOCK,
    });
    expect(stock.status).toBe(201);
    expect(stock.body).toMatchObject({ giftDescription: STOCK, amountCents: 845000 });
    const [ack] = await waitForMails(smtp, 'sam@example.org', 1);
    expect(ack.text).toContain(`Description: ${STOCK}`);
    expect(ack.text).not.toContain('$');
    expect(ack.html).not.toContain('$');

    await gift({
      amount: '720',
      donationType: 'item',
      donationDate: `${thisYear}-02-03`,
      giftDescription: CHAIRS,
    }).expect(201);
    await gift({ amount: '150', donationType: 'check', donationDate: `${thisYear}-03-04` }).expect(201);

    const { res, text } = await fetchPdf(api.get(`/api/admin/tax-exports/year-end/cus_sam/${thisYear}`));
    expect(res.status).toBe(200);
    for (const s of [
      STOCK,
      CHAIRS,
      'Stock/Securities',
      'In-Kind Item',
      'Gifts of property',
      `Total contributions for ${thisYear}: $150.00`,
      'Total contributions counts gifts of money only (card, bank, cash and check).',
      'Form 8283',
      'Interim statement',
    ])
      expect(text).toContain(s);
    for (const s of ['8,450', '$720', '$8,600', '$9,320']) expect(text).not.toContain(s);
  });

  it('before the year ends a send is interim; after it ends a final send reaches everyone, and a change sends a corrected statement', async () => {
    // This year: the run says interim, and the statement says so.
    const run = (await api.get(`/api/admin/tax-exports/statements/${thisYear}`).expect(200)).body;
    expect(run).toMatchObject({ year: thisYear, edition: 'interim', yearEnds: `${thisYear}-12-31`, toSend: 1 });
    expect((await api.post(`/api/admin/tax-exports/statements/${thisYear}/send`).expect(202)).body).toMatchObject({
      queued: 1,
      edition: 'interim',
    });
    const [, interim] = await waitForMails(smtp, 'sam@example.org', 2);
    expect(interim.subject).toBe(`Your ${thisYear} interim year-end giving statement - Hillside Learning Center`);
    expect(interim.text).toContain('Gifts of property: 2 gifts (described in the statement, no value stated)');
    expect(await attachmentText(interim)).toContain('Interim statement: gifts received through');

    // Last year: over, so the send is final. Ida was sent an interim statement during that year.
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Ida Interim',
        stripeCustomerId: 'cus_ida',
        amount: '40',
        donationType: 'cash',
        donationDate: `${lastYear}-06-01`,
      })
      .expect(201);
    await gift({
      amount: '650',
      donationType: 'crypto',
      donationDate: `${lastYear}-05-05`,
      giftDescription: '0.1 BTC',
    }).expect(201);
    await stack.db.query(
      `INSERT INTO outbound_mail (kind, subject_key, recipient, customer_id, statement_year, statement_edition, status, sent_at, created_at)
       VALUES ('statement', 'cus_ida:' || $1::text, 'ida@example.org', 'cus_ida', $1::int, 'interim', 'sent', now(), make_timestamptz($1::int, 11, 26, 12, 0, 0, 'America/Chicago'))`,
      [lastYear],
    );
    expect((await api.get(`/api/admin/tax-exports/statements/${lastYear}`).expect(200)).body).toMatchObject({
      edition: 'final',
      toSend: 2,
    });
    expect((await api.post(`/api/admin/tax-exports/statements/${lastYear}/send`).expect(202)).body).toMatchObject({
      queued: 2,
      edition: 'final',
    });
    const [idaFinal] = await waitForMails(smtp, 'ida@example.org', 1);
    expect(idaFinal.subject).toBe(`Your ${lastYear} year-end giving statement - Hillside Learning Center`);
    expect(await attachmentText(idaFinal)).toContain(`Final statement for ${lastYear}.`);
    const [, , samFinal] = await waitForMails(smtp, 'sam@example.org', 3);
    const samText = await attachmentText(samFinal);
    expect(samText).toContain('0.1 BTC');
    expect(samText).not.toContain('$650');

    // Nothing changed: a second final send queues none.
    expect((await api.post(`/api/admin/tax-exports/statements/${lastYear}/send`).expect(202)).body).toMatchObject({
      queued: 0,
    });
    // A late-recorded gift of last year changes Ida's statement: the next final send sends her a corrected one.
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Ida Interim',
        stripeCustomerId: 'cus_ida',
        amount: '60',
        donationType: 'check',
        donationDate: `${lastYear}-12-30`,
      })
      .expect(201);
    expect((await api.get(`/api/admin/tax-exports/statements/${lastYear}`).expect(200)).body).toMatchObject({
      toSend: 1,
    });
    expect((await api.post(`/api/admin/tax-exports/statements/${lastYear}/send`).expect(202)).body).toMatchObject({
      queued: 1,
    });
    const [, corrected] = await waitForMails(smtp, 'ida@example.org', 2);
    expect(corrected.subject).toBe(`Your ${lastYear} corrected year-end giving statement - Hillside Learning Center`);
    const correctedText = await attachmentText(corrected);
    expect(correctedText).toContain('Corrected statement');
    expect(correctedText).toContain(`Total contributions for ${lastYear}: $100.00`);

    // The year's history: who got which version.
    const history = (await api.get(`/api/admin/tax-exports/statements/${lastYear}`).expect(200)).body.history;
    expect(history.map((h: { customerId: string; edition: string }) => `${h.customerId}:${h.edition}`).sort()).toEqual([
      'cus_ida:corrected',
      'cus_ida:final',
      'cus_ida:interim',
      'cus_sam:final',
    ]);
  });
});
