import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { AuditService } from '../auth/audit.service.js';
import type { Logger } from 'pino';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { tombstoneDonor, writeCustomer } from '../../../core/src/read-model/donor-writer.js';
import { mergedDonorIds } from '../../../core/src/privacy/donor-erasure.js';
import type { ReadModelWrite } from '../../../core/src/read-model/later-state.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { centsToDollars } from '../../../core/src/gifts/money.js';
import type { UpdateDonorDto } from './dto/update-donor.dto.js';
import type { CreateDonorDto } from './dto/create-donor.dto.js';
import type { DonorsQueryDto } from './dto/donors-query.dto.js';
import { DonorSummaryCache } from './donor-summary.cache.js';
import { DonorsRepository, type DonorCard, type DonorListing } from './donors.repository.js';
import { notFound } from '../../../core/src/http/errors.js';
import { isStripeResourceMissing, stripeWriteError } from '../../../core/src/stripe/stripe-errors.js';
import type { DeletedDto, DonorDto, DonorListDto, UpdatedDto } from './dto/donor.dto.js';

export const DEFAULT_PAGE_SIZE = 50;
export const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/;

export interface AuditContext {
  adminId?: string;
  ip?: string;
  userAgent?: string;
}

function card(pm: DonorCard) {
  return { id: pm.id, card: { brand: pm.brand ?? 'unknown', last4: pm.last4 ?? '' } };
}

/** Donors as the admin screens read them: donationStats in dollars (the UI formats them as currency directly). */
@Injectable()
export class DonorsService {
  constructor(
    @Inject(DonorsRepository) private readonly donors: DonorsRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(DonorSummaryCache) private readonly summaryCache: DonorSummaryCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The donor writer's view of a transaction of ours: the same writer the worker's projection uses. */
  private writeIn(db: ReadModelWrite['db']): ReadModelWrite {
    return { db, stripe: this.stripe, warn: (msg, details) => this.logger.warn(details ?? {}, msg) };
  }

  async list(query: DonorsQueryDto): Promise<DonorListDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const q = query.q?.trim() || undefined;
    const activeSince = new Date();
    activeSince.setUTCFullYear(activeSince.getUTCFullYear() - 1);
    const attempts = query.show === 'attempts';
    const [rows, summary, matching] = await Promise.all([
      this.donors.page({ q, limit: pageSize, offset: (page - 1) * pageSize, attempts }),
      this.summaryCache.get(() => this.donors.summary(activeSince)),
      q || attempts ? this.donors.countMatching(q, attempts) : Promise.resolve(null),
    ]);
    const methods = await this.donors.paymentMethods(rows.map((r) => r.id));
    const totalCustomers = Number(summary.total_customers);
    return {
      summary: {
        activeCustomers: Number(summary.active_customers),
        totalCustomers,
        totalLifetimeValue: centsToDollars(Number(summary.lifetime_cents)),
      },
      customers: rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        address: { line1: r.address_line1, city: r.address_city, state: r.address_state },
        created: Number(r.created),
        donationStats: {
          totalDonated: centsToDollars(Number(r.total_amount)),
          donationCount: Number(r.donation_count),
        },
        paymentMethods: methods.filter((m) => m.customer_id === r.id).map(card),
      })),
      page,
      pageSize,
      total: matching ?? totalCustomers,
    };
  }

  /** A live donor; unknown, deleted and merged-away donors are all 404. */
  async getLive(id: string): Promise<DonorListing> {
    const row = CUSTOMER_ID.test(id) ? await this.donors.findById(id) : null;
    if (!row || row.deleted_at) throw notFound(`Customer not found: ${id}`);
    if (row.merged_into) throw notFound(`This donor was merged into ${row.merged_into}`);
    return row;
  }

  async get(id: string): Promise<DonorDto> {
    const r = await this.getLive(id);
    const methods = await this.donors.paymentMethods([r.id]);
    const total = Number(r.total_amount);
    const count = Number(r.donation_count);
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      address: {
        line1: r.address_line1,
        line2: r.address_line2,
        city: r.address_city,
        state: r.address_state,
        postal_code: r.address_postal_code,
      },
      created: Number(r.created),
      donationStats: {
        totalDonated: centsToDollars(total),
        donationCount: count,
        averageDonation: count > 0 ? centsToDollars(Math.round(total / count)) : 0,
      },
      paymentMethods: methods.map(card),
    };
  }

  /**
   * Stripe first; the read-model row only once Stripe has the customer (no half-written state). The row is
   * written at once (read-your-writes) as the customer.created webhook will write it, versioned at the
   * customer's own `created`, so that webhook is no newer and changes nothing. A customer the admin creates is
   * a donor at once, gift or not (donorBeforeAnyGift).
   */
  async create(dto: CreateDonorDto, ctx: AuditContext): Promise<DonorDto> {
    let customer: Stripe.Customer;
    try {
      customer = await this.stripe.customers.create({
        name: dto.name,
        email: dto.email,
        ...(dto.phone ? { phone: dto.phone } : {}),
        ...(dto.address ? { address: { line1: dto.address } } : {}),
      });
    } catch (err) {
      throw stripeWriteError(err, 'create the donor');
    }
    await this.ds.transaction(async (m) => {
      await writeCustomer(this.writeIn(m), customer, customer.created, false);
      await this.audit.record('donor.created', { ...ctx, details: { customerId: customer.id }, manager: m });
    });
    this.summaryCache.invalidate();
    return this.get(customer.id);
  }

  /**
   * Writes the donor's details to Stripe, and only there: the customer.updated webhook brings them into the read
   * model like every other change (a moment later), so Stripe stays the one source. The audit entry names the
   * fields sent, never their values.
   */
  async update(id: string, dto: UpdateDonorDto, ctx: AuditContext): Promise<UpdatedDto> {
    await this.getLive(id);
    const address = {
      line1: dto.line1 ?? '',
      line2: dto.line2 ?? '',
      city: dto.city ?? '',
      state: dto.state ?? '',
      postal_code: dto.postal_code ?? '',
      country: 'US',
    };
    try {
      await this.stripe.customers.update(id, { name: dto.name, email: dto.email, phone: dto.phone ?? '', address });
    } catch (err) {
      throw stripeWriteError(err, 'update the donor');
    }
    await this.audit.record('donor.updated', { ...ctx, details: { customerId: id, fields: Object.keys(dto).sort() } });
    return { id, updated: true as const };
  }

  /** Records merged into the donor are the same person: their Stripe customers are deleted and tombstoned too. */
  async delete(id: string, ctx: AuditContext): Promise<DeletedDto> {
    await this.getLive(id);
    const merged = await mergedDonorIds(this.ds, id);
    for (const customerId of [id, ...merged]) {
      try {
        await this.stripe.customers.del(customerId);
      } catch (err) {
        // Already gone in Stripe (deleted from its dashboard): finish the job on our side.
        if (!isStripeResourceMissing(err)) throw stripeWriteError(err, 'delete the donor');
      }
    }
    await this.ds.transaction(async (m) => {
      for (const customerId of [id, ...merged]) await tombstoneDonor(m, customerId, new Date());
      await this.audit.record('donor.deleted', {
        ...ctx,
        details: { customerId: id, ...(merged.length ? { mergedCustomerIds: merged } : {}) },
        manager: m,
      });
    });
    this.summaryCache.invalidate();
    return { id, deleted: true };
  }
}
