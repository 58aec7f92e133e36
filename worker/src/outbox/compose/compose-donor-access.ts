import { readSchoolIdentity } from '../../../../core/src/site/published-school-facts.js';
import type { EnvDto } from '../../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../../core/src/db/queryable.js';
import { declinedRenewals } from '../../../../core/src/donor-access/declined-renewals.js';
import { failedBankDebits } from '../../../../core/src/donor-access/failed-bank-debits.js';
import { DONOR_ACCESS, donorLinks } from '../../../../core/src/donor-access/donor-links.js';
import { FREQUENCY_LABELS, type Frequency } from '../../../../core/src/gifts/frequencies.js';
import { isBankDebit } from '../../../../core/src/read-model/to-charge-row.js';
import type { OutboxRow } from '../../../../core/src/mail-outbox/outbox.repository.js';
import {
  bankPaymentFailedMail,
  mailDate,
  paymentFailedMail,
  signInLinkMail,
} from '../../../../core/src/school/donor-mail-texts.js';
import type { Composed } from './composed.js';

/** The donor's page with a link token: in the fragment, so it never reaches a server log or a Referer header. */
export function myGivingUrl(env: EnvDto, token: string): string {
  return `${env.PUBLIC_URL.replace(/\/+$/, '')}/my-giving#link=${token}`;
}

function cardName(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  if (isBankDebit({ brand, last4 })) return `Bank account ending in ${last4}`;
  return `${brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card'} ending in ${last4}`;
}

/** A sign-in link the donor asked for: its token is minted now, as it is sent, and only its hash is kept. */
export async function composeSignInLink(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const minted = await donorLinks.mint(db, row.subject_key);
  if (!minted) return { undeliverable: 'The link was used or erased before its e-mail went out' };
  return {
    mail: signInLinkMail(
      { url: myGivingUrl(env, minted.token), minutes: DONOR_ACCESS.manageLinkMinutes },
      await readSchoolIdentity(db),
    ),
  };
}

/**
 * A declined renewal: plain words and a link that signs in to update that gift's card. Not sent when the
 * renewal was paid or the gift ended before the e-mail went out.
 */
export async function composePaymentFailed(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const f = await declinedRenewals.facts(db, row.subject_key);
  if (!f || f.invoice_status !== 'open' || !['past_due', 'unpaid'].includes(f.subscription_status)) {
    return { undeliverable: 'Not needed any more: the renewal was paid or the gift ended' };
  }
  const [sub] = await db.query(`SELECT subscription_id FROM invoices WHERE id = $1`, [row.subject_key]);
  const linkId = await donorLinks.create(db, {
    email: row.recipient,
    customerIds: [row.customer_id!],
    purpose: 'card',
    subscriptionId: sub.subscription_id,
  });
  const minted = (await donorLinks.mint(db, linkId))!;
  return {
    mail: paymentFailedMail(
      {
        donorName: f.donor_name,
        frequency: FREQUENCY_LABELS[f.frequency as Frequency] ?? 'Recurring',
        amountCents: Number(f.amount ?? 0),
        card: cardName(f.brand, f.last4),
        method: isBankDebit(f) ? 'bank' : 'card',
        url: myGivingUrl(env, minted.token),
        days: DONOR_ACCESS.cardLinkDays,
      },
      await readSchoolIdentity(db),
    ),
  };
}

/** A gift by bank account that failed after processing: one note, unless the charge has somehow succeeded since. */
export async function composeBankPaymentFailed(db: Queryable, row: OutboxRow, env: EnvDto): Promise<Composed> {
  const f = await failedBankDebits.facts(db, row.subject_key);
  if (!f || f.status !== 'failed')
    return { undeliverable: 'Not needed any more: the bank payment is no longer failed' };
  return {
    mail: bankPaymentFailedMail(
      {
        donorName: f.donor_name,
        amountCents: Number(f.amount),
        giftDate: mailDate(new Date(f.created), env.TIME_ZONE),
        account: f.last4 ? `bank account ending in ${f.last4}` : 'bank account',
        reason: f.failure_message,
        donateUrl: `${env.PUBLIC_URL.replace(/\/+$/, '')}/donate`,
      },
      await readSchoolIdentity(db),
    ),
  };
}
