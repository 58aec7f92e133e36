import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { emailKey } from '../../../core/src/donor-identity/email-key.js';
import { WEBSITE_SOURCE } from '../../../core/src/gifts/donor-origin.js';
import { DataSource } from 'typeorm';
import { DEFAULT_SCHOOL_IDENTITY, readSchoolIdentity } from '../../../core/src/site/published-school-facts.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { DonorMatchRepository } from './donor-match.repository.js';
import {
  FREQUENCY_INTERVALS,
  FREQUENCY_LABELS,
  type Frequency,
  type RecurringFrequency,
} from '../../../core/src/gifts/frequencies.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';
import { donorName, giftMetadata, type GiftDonor } from './gift-metadata.js';
import { designationMetadata, type GiftDesignation } from '../../../core/src/gifts/gift-designation.js';
import { DomainError } from '../../../core/src/http/errors.js';
import type { PaymentMethodType } from '../../../core/src/gifts/fee-coverage.js';
import type { PaymentIntentResponseDto } from './dto/payment-start.dto.js';
import {
  attributionMetadata,
  NO_ATTRIBUTION,
  type GiftAttribution,
} from '../../../core/src/appeals/appeal-attribution.js';

export const PAYMENT_INTENT_FAILED = 'Failed to create payment intent';

/** The Stripe half of the create-payment-intent answer (the donations service adds the record token and the charge). */
export type PaymentStart = Pick<PaymentIntentResponseDto, 'clientSecret' | 'paymentIntentId' | 'subscriptionId'>;

/** The one product every recurring gift's price belongs to (Stripe needs a product for subscription prices). */
const RECURRING_PRODUCT_ID = 'prod_hillside_recurring_donation';

/** A Stripe failure as the spec's `{message}`: details go to the log, the donor sees a plain sentence. */
export class PaymentSetupException extends DomainError {
  constructor(status = 502, message = PAYMENT_INTENT_FAILED) {
    super(status, message);
  }
}

/**
 * Everything the public donation flow asks of Stripe to start a gift: the donor's customer (reused untouched,
 * or created), a PaymentIntent for a one-time gift, or a subscription for a recurring one whose first invoice
 * the browser pays with the same confirmPayment call (card, wallet, Link or bank account). The form's details go into the payment's metadata.
 */
@Injectable()
export class StripeDonationsService {
  private recurringProduct: Promise<string> | null = null;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(DonorMatchRepository) private readonly donors: DonorMatchRepository,
    @Inject(DONATIONS_LOGGER) private readonly logger: Logger,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  /**
   * The school's name as published on the website, for the payment's description (what the donor's receipt from
   * Stripe and the Stripe dashboard show). Read once per payment started; like the donor lookup, a read model
   * that cannot answer does not stop a gift: the description then names the school as a fresh install does.
   */
  schoolName(): Promise<string> {
    return readSchoolIdentity(this.ds).then(
      (s) => s.name,
      (err: Error) => {
        this.logger.warn({ err: err.message }, "could not read the school's published name; using the default");
        return DEFAULT_SCHOOL_IDENTITY.name;
      },
    );
  }

  /**
   * `recordTokenHash` goes into the payment's metadata: only the holder of the token can record the gift. So does
   * the designation (fund, fee split, tribute), which a recurring gift's renewals inherit from the subscription.
   * `amountCents` is what is charged: the gift plus any fee coverage.
   */
  async start(
    amountCents: number,
    frequency: Frequency,
    donor: GiftDonor,
    recordTokenHash: string,
    designation: GiftDesignation,
    attribution: GiftAttribution = NO_ATTRIBUTION,
  ): Promise<PaymentStart> {
    try {
      const [customerId, school] = await Promise.all([this.customerFor(donor), this.schoolName()]);
      // The appeal and the tracked link's utm go with the payment (the PaymentIntent, or the Subscription whose
      // renewals inherit it); the worker credits the gift from Stripe's copy, never from the browser.
      const metadata = {
        ...giftMetadata(frequency, donor, recordTokenHash),
        ...designationMetadata(designation),
        ...attributionMetadata(attribution),
      };
      // Covered fees were computed for one method: the payment may use only that one.
      const only = designation.feeMethod ?? null;
      return frequency === 'one-time'
        ? await this.oneTime(amountCents, customerId, donor, metadata, only, school)
        : await this.recurring(amountCents, frequency, customerId, metadata, only, school);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      this.logger.error(
        { err: (err as Error).message, type: (err as { type?: string }).type, frequency },
        'could not start a donation payment',
      );
      throw new PaymentSetupException();
    }
  }

  /** The donor's address for Stripe, only when all four parts are there (SPEC section 5); country US. */
  private address(d: GiftDonor): Stripe.AddressParam | undefined {
    if (!(d.address && d.city && d.state && d.zipCode)) return undefined;
    return { line1: d.address, city: d.city, state: d.state, postal_code: d.zipCode, country: 'US' };
  }

  /**
   * The donor's customer, so their gifts stay together. An existing one is reused and never changed: the public
   * form may not edit a donor (anyone can type anyone's e-mail); the admin edits donors. E-mails match by donor
   * identity (`emailKey`: ASCII letters in any case): the read model first, then Stripe (whose e-mail filter is
   * exact: the address as typed, then as its key), and only then a new customer, with the form's details and
   * the e-mail as typed.
   */
  async customerFor(d: GiftDonor): Promise<string> {
    const known = await this.donors.customerIdByEmail(d.email).catch((err: Error) => {
      this.logger.warn({ err: err.message }, 'could not look the donor up in the read model; asking Stripe');
      return null;
    });
    if (known) return known;
    for (const email of new Set([d.email, emailKey(d.email)])) {
      const found = await this.stripe.customers.list({ email, limit: 1 });
      if (found.data[0]) return found.data[0].id;
    }
    const address = this.address(d);
    const created = await this.stripe.customers.create({
      email: d.email,
      name: donorName(d),
      ...(d.phone ? { phone: d.phone } : {}),
      ...(address ? { address } : {}),
      metadata: { source: WEBSITE_SOURCE },
    });
    return created.id;
  }

  private async oneTime(
    amount: number,
    customer: string,
    d: GiftDonor,
    metadata: Stripe.MetadataParam,
    only: PaymentMethodType | null,
    school: string,
  ): Promise<PaymentStart> {
    const pi = await this.stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer,
      receipt_email: d.email,
      description: `Donation to ${school}`,
      metadata,
      // The card is kept for the donor's customer, so the thank-you can offer to make the gift monthly in one click.
      setup_future_usage: 'off_session',
      // Dynamic payment methods (this API version has no payment_method_types): card, wallets, Link and US bank
      // account, as the Payment Element offers them; none of them redirects, so the donor stays on the page.
      // With the fees covered, only the method they were computed for.
      ...(only
        ? { allowed_payment_method_types: [only] }
        : { automatic_payment_methods: { enabled: true, allow_redirects: 'never' } }),
    });
    if (!pi.client_secret) throw new Error('PaymentIntent came back without a client secret');
    return { clientSecret: pi.client_secret, paymentIntentId: pi.id };
  }

  private async recurring(
    amount: number,
    frequency: RecurringFrequency,
    customer: string,
    metadata: Stripe.MetadataParam,
    only: PaymentMethodType | null,
    school: string,
  ): Promise<PaymentStart> {
    const { interval, interval_count } = FREQUENCY_INTERVALS[frequency];
    const sub = await this.stripe.subscriptions.create({
      customer,
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: amount,
            product: await this.productId(),
            recurring: { interval, interval_count },
          },
        },
      ],
      description: `${FREQUENCY_LABELS[frequency]} donation to ${school}`,
      payment_behavior: 'default_incomplete',
      // No payment_method_types: the first invoice takes what the account offers (card, wallets, Link, US bank
      // account), the same choice the Payment Element shows; the method used is saved for the renewals.
      payment_settings: {
        save_default_payment_method: 'on_subscription',
        ...(only ? { payment_method_types: [only] } : {}),
      },
      metadata,
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice | string | null;
    const secret = typeof invoice === 'object' && invoice ? invoice.confirmation_secret?.client_secret : undefined;
    if (!secret) throw new Error(`Subscription ${sub.id} came back without a first-invoice confirmation secret`);
    return { clientSecret: secret, subscriptionId: sub.id };
  }

  /**
   * The recurring-gift product, looked up once per process. We ask Stripe for our fixed product id and create
   * it when missing; a server that assigns its own ids (the emulator) just gets its answer cached.
   */
  recurringProductId(): Promise<string> {
    return this.productId();
  }

  private productId(): Promise<string> {
    this.recurringProduct ??= (async () => {
      try {
        return (await this.stripe.products.retrieve(RECURRING_PRODUCT_ID)).id;
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      }
      try {
        const p = await this.stripe.products.create({
          id: RECURRING_PRODUCT_ID,
          // Named once, when first made: the product is Stripe's bookkeeping (no donor sees it); each
          // subscription's own description carries the school's name as published when it starts.
          name: `Recurring donation to ${await this.schoolName()}`,
          metadata: { source: WEBSITE_SOURCE },
        });
        return p.id;
      } catch (err) {
        // Another process created it between our two calls.
        if ((err as { code?: string }).code === 'resource_already_exists') return RECURRING_PRODUCT_ID;
        throw err;
      }
    })().catch((err) => {
      this.recurringProduct = null;
      throw err;
    });
    return this.recurringProduct;
  }
}
