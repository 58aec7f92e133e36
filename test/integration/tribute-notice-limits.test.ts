import request from 'supertest';
import type Stripe from 'stripe';
import { createLogger } from '../../core/src/logging/logger.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { acknowledgmentsOnSince } from '../helpers/donor-mail.js';
import { waitUntil } from '../helpers/faults.js';
import { decodeQuotedPrintable, startSmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Issue 25 items 3 and 6 through the real API, the emulator, a worker and an SMTP receiver: a tribute notice is
 * no relay for someone else's message (names refuse links, markup and line breaks; the tribute name never
 * reaches a subject; one notice per address per day and per gift), and the worker's mail log lines name the
 * message's id and kind only, never an address or a subject.
 */
const donor = {
  frequency: 'one-time',
  firstName: 'Rosa',
  lastName: "O'Brien-Núñez Jr.",
  email: 'rosa.fields@example.org',
  phone: '',
  address: '4 Mill Street',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};
const STRANGER = 'stranger@example.net';

describe('tribute notices: names, subject, caps; mail log lines', () => {
  let stack: Stack;
  let stripe: Stripe;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const logger = createLogger('info', 'test', { write: (line: string) => void logLines.push(line) });
    stack = await startStack({ logger, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    stripe = createStripeClient(stack.env);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 60_000));
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const intent = (donationData: object) =>
    request(stack.apiUrl).post('/api/create-payment-intent').send({ amount: 500, donationData });
  const give = async (donationData: object) => {
    const res = await intent(donationData).expect(200);
    await stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    return res.body.paymentIntentId as string;
  };

  it.each([
    [
      'firstName',
      'Your account is locked, verify at http://evil.invalid/login',
      'firstName cannot contain a web or e-mail address',
    ],
    ['lastName', 'see evil.invalid/login', 'lastName cannot contain a web or e-mail address'],
    ['tributeName', '<a href="http://evil.invalid">Grandma</a>', 'tributeName cannot contain < or >'],
    ['tributeName', 'Grandma\r\nBcc: victim@example.org', 'tributeName must be one line of plain text'],
  ])('refuses a %s of %j with a clear 400, before any payment exists', async (field, value, message) => {
    const res = await intent({
      ...donor,
      tributeKind: 'honor',
      tributeName: 'Grandma Ada',
      tributeEmail: STRANGER,
      [field]: value,
    }).expect(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('names of real people stay valid; the notice subject never holds the tribute name; one notice per address per day', async () => {
    const tribute = { tributeKind: 'memory', tributeName: "Séamus O'Connor-Smith, Sr.", tributeEmail: STRANGER };
    const first = await give({ ...donor, ...tribute });
    const [notice] = await smtp.waitFor(STRANGER);
    const subject = /^Subject: (.*)$/m.exec(notice.raw)![1];
    expect(subject).toBe('A tribute gift to Hillside Learning Center');
    expect(decodeQuotedPrintable(notice.raw)).toContain('in memory of S');

    // A second gift naming the same address (another letter case) the same day: the donor is thanked, the address is not written to again.
    const second = await give({
      ...donor,
      email: 'other.donor@example.org',
      ...tribute,
      tributeEmail: STRANGER.toUpperCase(),
    });
    await smtp.waitFor('other.donor@example.org');
    const charges = await stack.db.query<{ id: string }>(
      `SELECT id FROM charges WHERE payment_intent_id = ANY($1) AND tribute_notify_email IS NOT NULL`,
      [[first, second]],
    );
    expect(charges).toHaveLength(2);
    expect(await stack.db.query(`SELECT lower(recipient) AS r FROM outbound_mail WHERE kind = 'tribute'`)).toEqual([
      { r: STRANGER },
    ]);
    expect(smtp.mails.filter((m) => m.to.map((t) => t.toLowerCase()).includes(STRANGER))).toHaveLength(1);
  });

  it("the worker's 'e-mail sent' lines carry the message's id and kind, never an address or a subject", async () => {
    await waitUntil(async () => logLines.filter((l) => l.includes('"msg":"e-mail sent"')).length >= 3, {
      timeoutMs: 20_000,
    });
    const sent = logLines
      .filter((l) => l.includes('"msg":"e-mail sent"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of sent) {
      expect(
        Object.keys(line)
          .filter((k) => !['level', 'time', 'pid', 'hostname', 'name', 'msg'].includes(k))
          .sort(),
      ).toEqual(['attempt', 'kind', 'mailId']);
    }
    const all = logLines.join('\n');
    for (const secret of [STRANGER, 'rosa.fields@example.org', 'other.donor@example.org', 'Connor', 'A tribute gift'])
      expect(all).not.toContain(secret);
  });
});
