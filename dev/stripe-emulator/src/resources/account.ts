import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import type { Obj, Store } from '../core/store.js';

/**
 * `GET /v1/account`: the account the secret key belongs to, shaped as fixtures3.json's `account`. By default a
 * US non-profit whose onboarding is done (charges and payouts enabled, nothing due); `POST /_emulator/account`
 * turns it into one that cannot take payments yet, so setup scripts can be tested on what they say then.
 */
export interface AccountState {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    past_due: string[];
    eventually_due: string[];
    disabled_reason: string | null;
  };
  business_name: string;
}

const DEFAULT_STATE: AccountState = {
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
  business_name: 'Hillside Learning Center',
};

/** Per emulator (keyed by its store), as the money settings are. */
const ACCOUNTS = new WeakMap<Store, AccountState>();

function state(ctx: Ctx): AccountState {
  let s = ACCOUNTS.get(ctx.store);
  if (!s) {
    s = structuredClone(DEFAULT_STATE);
    ACCOUNTS.set(ctx.store, s);
  }
  return s;
}

export function getAccount(ctx: Ctx): Obj {
  const s = state(ctx);
  const id = 'acct_1EmulatorHillside0';
  const requirements = {
    alternatives: [],
    current_deadline: null,
    errors: [],
    pending_verification: [],
    ...s.requirements,
  };
  return {
    id,
    object: 'account',
    business_profile: {
      annual_revenue: { amount: null, currency: null, fiscal_year_end: null },
      estimated_worker_count: null,
      mcc: '8398',
      name: s.business_name,
      product_description: 'Donations to a 501(c)(3) school',
      support_address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
      minority_owned_business_designation: null,
    },
    business_type: 'non_profit',
    capabilities: {
      card_payments: s.charges_enabled ? 'active' : 'inactive',
      transfers: s.payouts_enabled ? 'active' : 'inactive',
      us_bank_account_ach_payments: s.charges_enabled ? 'active' : 'inactive',
    },
    charges_enabled: s.charges_enabled,
    controller: { type: 'account' },
    country: 'US',
    created: 1700000000,
    default_currency: 'usd',
    details_submitted: s.details_submitted,
    email: 'office@hillsidelearning.org',
    external_accounts: { data: [], has_more: false, object: 'list', url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    },
    metadata: {},
    payouts_enabled: s.payouts_enabled,
    requirements,
    settings: {
      dashboard: { display_name: s.business_name, timezone: 'America/Chicago' },
      payments: {
        statement_descriptor: 'HILLSIDE LEARNING',
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
      },
      payouts: {
        debit_negative_balances: true,
        schedule: { delay_days: 2, interval: 'daily' },
        statement_descriptor: null,
      },
    },
    tos_acceptance: { date: s.details_submitted ? 1700000000 : null, ip: null, user_agent: null },
    type: 'standard',
  };
}

const FIELDS = new Set(['charges_enabled', 'payouts_enabled', 'details_submitted', 'requirements', 'business_name']);
const LISTS = ['currently_due', 'past_due', 'eventually_due'] as const;

/** `POST /_emulator/account {charges_enabled, payouts_enabled, details_submitted, requirements: {currently_due, past_due, eventually_due, disabled_reason}}`. */
export function configureAccount(ctx: Ctx, body: Obj): Obj {
  const s = state(ctx);
  for (const key of Object.keys(body)) if (!FIELDS.has(key)) throw invalid(`Unknown account setting: ${key}`, key);
  for (const key of ['charges_enabled', 'payouts_enabled', 'details_submitted'] as const) {
    if (body[key] === undefined) continue;
    if (typeof body[key] !== 'boolean') throw invalid(`${key} must be true or false`, key);
    s[key] = body[key];
  }
  if (body.business_name !== undefined) {
    if (typeof body.business_name !== 'string' || !body.business_name)
      throw invalid('business_name must be a non-empty string', 'business_name');
    s.business_name = body.business_name;
  }
  const req = body.requirements as Obj | undefined;
  if (req !== undefined) {
    for (const list of LISTS) {
      if (req[list] === undefined) continue;
      if (!Array.isArray(req[list]) || req[list].some((x: unknown) => typeof x !== 'string'))
        throw invalid(`requirements.${list} must be a list of field names`, `requirements[${list}]`);
      s.requirements[list] = [...req[list]];
    }
    if (req.disabled_reason !== undefined) {
      if (req.disabled_reason !== null && typeof req.disabled_reason !== 'string')
        throw invalid('requirements.disabled_reason must be a string or null', 'requirements[disabled_reason]');
      s.requirements.disabled_reason = req.disabled_reason;
    }
  }
  return getAccount(ctx);
}

export function resetAccount(ctx: Ctx): void {
  ACCOUNTS.delete(ctx.store);
}
