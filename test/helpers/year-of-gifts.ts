import type Stripe from 'stripe';
import type { authed } from './admin.js';
import { localDay } from './admin-api-expected.js';
import { emulatorHelper } from './stripe-shapes.js';
import type { Stack } from './stack.js';

/**
 * A school's year, pseudo-random from a seed, made through the emulator (the real SDK) and the admin API:
 * card and bank gifts, some to a fund, declined cards, refunds and disputes days or weeks after their gift
 * (one of each forced across a month end, one dispute won in the month after it opened, one lost), Stripe's
 * fees and daily payouts as the clock moves on, and manual gifts of every type (non-cash ones described).
 */
const DAY = 86400;
const HOUR = 3600;
export const MANUAL_TYPES = ['cash', 'check', 'stock', 'item', 'crypto', 'other'] as const;
const ONLINE = {
  customer_acceptance: { type: 'online' as const, online: { ip_address: '127.0.0.1', user_agent: 'jest' } },
};

export interface ManualGift {
  type: string;
  cents: number;
  at: Date;
  fund: string;
}

/** mulberry32: a small seeded generator, so a failing year can be made again from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Action {
  at: number;
  run: () => Promise<void>;
}

/** The instant local midnight begins `day` ('yyyy-MM-dd') in `tz` (found by stepping UTC hours: no DST guess). */
function localMidnight(day: string, tz: string): number {
  let t = Date.parse(`${day}T00:00:00Z`) / 1000 - 14 * HOUR;
  while (localDay(new Date(t * 1000), tz) < day) t += HOUR;
  return t;
}

export async function makeYear(
  stack: Stack,
  api: ReturnType<typeof authed>,
  stripe: Stripe,
  seed: number,
  tz: string,
): Promise<{ manual: ManualGift[]; firstMonth: string }> {
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const cents = (min: number, max: number) => min + Math.floor(r() * (max - min));
  const emulator = stack.emulator!;
  const realNow = emulator.now();
  const start = realNow - 355 * DAY;
  const end = realNow - 7 * DAY;
  await emulator.advanceClock(start - emulator.now());
  const fund = (await api.post('/api/admin/funds').send({ name: 'Scholarships' }).expect(201)).body.id as number;
  const donors: string[] = [];
  for (const name of ['Rosa Reyes', 'Amir Haddad', 'Lena Park', 'Tom Okafor', 'June Silva']) {
    donors.push((await stripe.customers.create({ name, email: `${name.split(' ')[0].toLowerCase()}@example.org` })).id);
  }
  const charges = new Map<number, string>();
  const actions: Action[] = [];
  let n = 0;
  const gift = (at: number, opts: { bank?: boolean; declined?: boolean } = {}) => {
    const i = n++;
    const amount = cents(500, 30000);
    const customer = pick(donors);
    const metadata: Record<string, string> = r() < 0.3 ? { fund_id: String(fund) } : {};
    actions.push({
      at,
      run: async () => {
        const pi = opts.bank
          ? await stripe.paymentIntents.create({
              amount,
              currency: 'usd',
              customer,
              confirm: true,
              metadata,
              mandate_data: ONLINE,
              payment_method_data: {
                type: 'us_bank_account',
                billing_details: { name: 'Bank Donor' },
                us_bank_account: {
                  routing_number: '110000000',
                  account_number: '000123456789',
                  account_holder_type: 'individual',
                },
              },
            })
          : await stripe.paymentIntents
              .create({
                amount,
                currency: 'usd',
                customer,
                confirm: true,
                metadata,
                allowed_payment_method_types: ['card'],
                payment_method: opts.declined
                  ? 'pm_card_chargeDeclined'
                  : pick(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex']),
              })
              .catch(() => null);
        if (pi?.latest_charge) charges.set(i, pi.latest_charge as string);
      },
    });
    return i;
  };
  const refund = (i: number, at: number, whole: boolean) =>
    actions.push({
      at,
      run: async () => {
        const ch = await stripe.charges.retrieve(charges.get(i)!);
        await stripe.refunds.create({
          charge: ch.id,
          ...(whole ? {} : { amount: Math.max(1, Math.floor((ch.amount - ch.amount_refunded) / 3)) }),
        });
      },
    });
  const dispute = (i: number, at: number, close?: { at: number; status: 'won' | 'lost' }) => {
    let id = '';
    actions.push({
      at,
      run: async () => {
        id = (await emulatorHelper(emulator, `charges/${charges.get(i)!}/dispute`, {})).id;
      },
    });
    if (close)
      actions.push({
        at: close.at,
        run: async () => {
          await emulatorHelper(emulator, `disputes/${id}/close`, { status: close.status });
        },
      });
  };

  // The month end everything is forced across: the first of the month about six months back, in the school's zone.
  const mid = localDay(new Date((start + 180 * DAY) * 1000), tz);
  const boundary = localMidnight(`${mid.slice(0, 7)}-01`, tz);
  refund(gift(boundary - 3 * DAY), boundary - 2 * HOUR, false); // refunded at 10 pm on the month's last local day
  refund(gift(boundary - 4 * DAY), boundary + 2 * DAY, true);
  const won = gift(boundary - 5 * DAY);
  dispute(won, boundary - DAY, { at: boundary + 3 * DAY, status: 'won' });
  const lost = gift(boundary - 6 * DAY);
  dispute(lost, boundary + HOUR, { at: boundary + 9 * DAY, status: 'lost' });
  // The rest at random: eighty gifts, a tenth refunded, a few disputed, some declined.
  for (let k = 0; k < 80; k++) {
    const at = start + Math.floor(r() * (end - start - 20 * DAY));
    const bank = r() < 0.15;
    const i = gift(at, { bank });
    if (bank) continue;
    const later = at + DAY + Math.floor(r() * 20 * DAY);
    const luck = r();
    if (luck < 0.1) refund(i, later, r() < 0.5);
    else if (luck < 0.14)
      dispute(i, later, r() < 0.7 ? { at: later + cents(2, 15) * DAY, status: r() < 0.5 ? 'won' : 'lost' } : undefined);
  }
  for (let k = 0; k < 3; k++) gift(start + Math.floor(r() * (end - start)), { declined: true });

  actions.sort((a, b) => a.at - b.at);
  for (const a of actions) {
    if (a.at > emulator.now()) await emulator.advanceClock(a.at - emulator.now());
    await a.run();
  }
  // Manual gifts of every type (and a few more), on random days of the year, some to the fund.
  const manual: ManualGift[] = [];
  for (const type of [...MANUAL_TYPES, ...Array.from({ length: 4 }, () => pick(MANUAL_TYPES))]) {
    const at = new Date((start + Math.floor(r() * (end - start))) * 1000);
    const c = cents(1000, 90000);
    const toFund = r() < 0.4;
    manual.push({ type, cents: c, at, fund: toFund ? 'Scholarships' : 'General' });
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Walk-in',
        amount: (c / 100).toFixed(2),
        donationType: type,
        donationDate: at.toISOString(),
        ...(toFund ? { fundId: fund } : {}),
        ...(['cash', 'check'].includes(type) ? {} : { giftDescription: `A ${type} gift` }),
      })
      .expect(201);
  }
  // Up to an hour before the real now: Stripe's daily payouts of every day between.
  await emulator.advanceClock(realNow - HOUR - emulator.now());
  return { manual, firstMonth: localDay(new Date(start * 1000), tz).slice(0, 7) };
}
