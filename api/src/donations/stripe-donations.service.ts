import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { SCHOOL } from '../core/school.js';
import { STRIPE } from '../core/stripe/stripe.client.js';
import type { Frequency } from './dto/donor-details.dto.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';

export const PAYMENT_INTENT_FAILED = 'Failed to create payment intent';

export interface Donor {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  zipCode?: string;
}

export interface PaymentStart {
  clientSecret: string;
  paymentIntentId?: string;
  subscriptionId?: string;
}

/** Stripe's recurring interval for each of the spec's frequencies. */
const INTERVALS: Record<Exclude<Frequency, 'one-time'>, { interval: 'month' | 'year'; interval_count: number; label: string }> = {
  monthly: { interval: 'month', interval_count: 1, label: 'Monthly' },
  quarterly: { interval: 'month', interval_count: 3, label: 'Quarterly' },
  annual: { interval: 'year', interval_count: 1, label: 'Annual' },
};

/** The one product every recurring gift's price belongs to (Stripe needs a product for subscription prices). */
const RECURRING_PRODUCT_ID = 'prod_hillside_recurring_donation';

/** A Stripe failure as the spec's `{message}`: details go to the log, the donor sees a plain sentence. */
export class PaymentSetupException extends HttpException {
  constructor(status = HttpStatus.BAD_GATEWAY, message = PAYMENT_INTENT_FAILED) {
    super({ statusCode: status, message, error: message }, status);
  }
}

/**
 * Everything the public donation flow asks of Stripe: the donor's customer (found by e-mail or created),
 * a PaymentIntent for a one-time gift, or a subscription for a recurring one whose first invoice the browser
 * pays with the same confirmCardPayment call.
 */
@Injectable()
export class StripeDonationsService {
  private recurringProduct: Promise<string> | null = null;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(DONATIONS_LOGGER) private readonly logger: Logger,
  ) {}

  async start(amountCents: number, frequency: Frequency, donor: Donor): Promise<PaymentStart> {
    try {
      const customer = await this.findOrCreateCustomer(donor);
      return frequency === 'one-time'
        ? await this.oneTime(amountCents, customer, donor)
        : await this.recurring(amountCents, frequency, customer, donor);
    } catch (err) {
      if (err instanceof HttpException) throw err;
      this.logger.error({ err: (err as Error).message, type: (err as { type?: string }).type, frequency }, 'could not start a donation payment');
      throw new PaymentSetupException();
    }
  }

  private donorName(d: Donor): string {
    return `${d.firstName} ${d.lastName}`.trim();
  }

  /** The donor's address for Stripe, only when all four parts are there (SPEC section 5); country US. */
  private address(d: Donor): Stripe.AddressParam | undefined {
    if (!(d.address && d.city && d.state && d.zipCode)) return undefined;
    return { line1: d.address, city: d.city, state: d.state, postal_code: d.zipCode, country: 'US' };
  }

  /** Reuses the newest customer with this e-mail (so a donor's gifts stay together), else creates one. */
  async findOrCreateCustomer(d: Donor): Promise<Stripe.Customer> {
    const found = await this.stripe.customers.list({ email: d.email, limit: 1 });
    const name = this.donorName(d);
    const address = this.address(d);
    const existing = found.data[0];
    if (existing) {
      // Keep the donor's latest name, phone and address on file for receipts and year-end statements.
      const update: Stripe.CustomerUpdateParams = {};
      if (existing.name !== name) update.name = name;
      if (d.phone && existing.phone !== d.phone) update.phone = d.phone;
      if (address && existing.address?.line1 !== address.line1) update.address = address;
      return Object.keys(update).length ? this.stripe.customers.update(existing.id, update) : existing;
    }
    return this.stripe.customers.create({
      email: d.email,
      name,
      ...(d.phone ? { phone: d.phone } : {}),
      ...(address ? { address } : {}),
      metadata: { source: 'website' },
    });
  }

  private metadata(frequency: Frequency, d: Donor): Stripe.MetadataParam {
    return { frequency, donation_type: frequency, source: 'website', donor_name: this.donorName(d), donor_email: d.email };
  }

  private async oneTime(amount: number, customer: Stripe.Customer, d: Donor): Promise<PaymentStart> {
    const pi = await this.stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: customer.id,
      receipt_email: d.email,
      description: `Donation to ${SCHOOL.name}`,
      metadata: this.metadata('one-time', d),
      // This API version has no payment_method_types on create; a card field with no redirects is the same thing.
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    if (!pi.client_secret) throw new Error('PaymentIntent came back without a client secret');
    return { clientSecret: pi.client_secret, paymentIntentId: pi.id };
  }

  private async recurring(amount: number, frequency: Exclude<Frequency, 'one-time'>, customer: Stripe.Customer, d: Donor): Promise<PaymentStart> {
    const { interval, interval_count, label } = INTERVALS[frequency];
    const sub = await this.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: { currency: 'usd', unit_amount: amount, product: await this.productId(), recurring: { interval, interval_count } } }],
      description: `${label} donation to ${SCHOOL.name}`,
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      metadata: this.metadata(frequency, d),
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
  private productId(): Promise<string> {
    this.recurringProduct ??= (async () => {
      try {
        return (await this.stripe.products.retrieve(RECURRING_PRODUCT_ID)).id;
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      }
      try {
        const p = await this.stripe.products.create({ id: RECURRING_PRODUCT_ID, name: `Recurring donation to ${SCHOOL.name}`, metadata: { source: 'website' } });
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

  /** The confirmed payment the browser reports, or null when Stripe does not know it. */
  async retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await this.stripe.paymentIntents.retrieve(id);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }
}
