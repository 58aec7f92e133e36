import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DomainError } from '../../../core/src/http/errors.js';
import { ERASED_NAME, donorMetadataRemoval, type ErasureTarget } from '../../../core/src/privacy/donor-erasure.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { isStripeResourceMissing } from '../../../core/src/stripe/stripe-errors.js';
import { DonorPrivacyRepository, type StripeObjectKind } from './donor-privacy.repository.js';

export const STRIPE_SCRUB_FAILED =
  'Could not erase the donor: the payment provider did not answer correctly. Nothing was erased on our side; please try again.';

type Scrubbed = Record<StripeObjectKind, number>;
interface Described {
  description?: string | null;
  metadata?: Stripe.Metadata | null;
}

/**
 * The erasure's part at Stripe: every payment intent, charge, subscription and invoice of the donor (Stripe's
 * lists by customer, and the read model's links, which also find gifts matched by e-mail) loses its `donor_`
 * metadata keys, a payment intent its receipt e-mail, and a description that names the donor reads "Erased
 * donor" (Stripe cannot unset a description). What Stripe keeps regardless is listed in docs/SECURITY.md ("Where donor data lives").
 * Each update asks only for what is still there, so running it again after a failure changes nothing twice.
 */
@Injectable()
export class StripeDonorScrub {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(DonorPrivacyRepository) private readonly repo: DonorPrivacyRepository,
  ) {}

  /** Scrubs the donor's objects at Stripe; objects updated per kind. A Stripe failure is a 502 (retrying is safe). */
  async scrub(target: ErasureTarget): Promise<Scrubbed> {
    try {
      return await this.run(target);
    } catch {
      throw new DomainError(502, STRIPE_SCRUB_FAILED);
    }
  }

  private async run(t: ErasureTarget): Promise<Scrubbed> {
    const known = await this.repo.stripeObjectIds(t.customerId, t.emails);
    const customer = t.customerId;
    const s = this.stripe;
    const done: Scrubbed = { paymentIntents: 0, charges: 0, subscriptions: 0, invoices: 0 };
    const count = (kind: StripeObjectKind) => () => {
      done[kind] += 1;
    };

    for (const pi of await this.all(s.paymentIntents.list({ customer, limit: 100 }), known.paymentIntents, (id) =>
      s.paymentIntents.retrieve(id),
    )) {
      const params: Stripe.PaymentIntentUpdateParams = {
        ...this.common(pi, t),
        ...(pi.receipt_email ? { receipt_email: '' } : {}),
      };
      if (Object.keys(params).length) await s.paymentIntents.update(pi.id, params).then(count('paymentIntents'));
    }
    // A charge's receipt e-mail cannot be unset at Stripe (it keeps it, with the billing details).
    for (const ch of await this.all(s.charges.list({ customer, limit: 100 }), known.charges, (id) =>
      s.charges.retrieve(id),
    )) {
      const params = this.common(ch, t);
      if (Object.keys(params).length) await s.charges.update(ch.id, params).then(count('charges'));
    }
    for (const sub of await this.all(
      s.subscriptions.list({ customer, status: 'all', limit: 100 }),
      known.subscriptions,
      (id) => s.subscriptions.retrieve(id),
    )) {
      // A canceled subscription takes only metadata.
      const { description, ...rest } = this.common(sub, t);
      const params =
        sub.status === 'canceled' || sub.status === 'incomplete_expired'
          ? rest
          : { ...rest, ...(description ? { description } : {}) };
      if (Object.keys(params).length) await s.subscriptions.update(sub.id, params).then(count('subscriptions'));
    }
    for (const inv of await this.all(s.invoices.list({ customer, limit: 100 }), known.invoices, (id) =>
      s.invoices.retrieve(id),
    )) {
      const params = this.common(inv, t);
      if (Object.keys(params).length) await s.invoices.update(inv.id!, params).then(count('invoices'));
    }
    return done;
  }

  /** Stripe's list of the customer's objects, and those only the read model links to the donor. */
  private async all<T extends { id?: string }>(
    list: Stripe.ApiListPromise<T>,
    knownIds: string[],
    retrieve: (id: string) => Promise<T>,
  ): Promise<T[]> {
    const listed = await list.autoPagingToArray({ limit: 10_000 });
    const seen = new Set(listed.map((o) => o.id));
    // An object Stripe does not have (a row projected from another account's or a test's events) is skipped.
    const extra = await Promise.all(
      knownIds
        .filter((id) => !seen.has(id))
        .map((id) =>
          retrieve(id).catch((err: unknown) => {
            if (isStripeResourceMissing(err)) return null;
            throw err;
          }),
        ),
    );
    return [...listed, ...extra.filter((o): o is Awaited<T> => o !== null)];
  }

  /** The donor's metadata keys removed, and a description naming the donor replaced. */
  private common(o: Described, t: ErasureTarget): { metadata?: Stripe.MetadataParam; description?: string } {
    const metadata = donorMetadataRemoval(o.metadata);
    const names = o.description ? t.needles.some((n) => o.description!.toLowerCase().includes(n.toLowerCase())) : false;
    return { ...(metadata ? { metadata } : {}), ...(names ? { description: ERASED_NAME } : {}) };
  }
}
