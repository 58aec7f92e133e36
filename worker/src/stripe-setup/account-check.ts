import type Stripe from 'stripe';

/** Stripe's requirement names, in the words of the person finishing the account. Unknown names are shown as they are. */
const WORDS: Array<[RegExp, string]> = [
  [/^external_account$/, 'a bank account for payouts'],
  [/^tos_acceptance\./, "accepting Stripe's terms of service"],
  [/^business_profile\.(url|product_description)$/, 'the website and a description of what donors pay for'],
  [/^business_profile\.(support_phone|support_email|support_address)/, 'a support phone or e-mail for donors'],
  [/^business_profile\.mcc$/, 'the kind of organization'],
  [/^company\.tax_id$/, "the school's EIN"],
  [/^company\./, "the school's legal name, address and phone"],
  [
    /^(representative|individual|relationship|person_[^.]+)\./,
    "the representative's identity (name, date of birth, SSN last 4, address)",
  ],
  [/^(owners|directors|executives)\./, "the organization's owners or directors"],
  [/^business_type$/, 'the business type (choose Non-profit)'],
];

function inWords(fields: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const words = WORDS.find(([re]) => re.test(f))?.[1] ?? f;
    if (!out.includes(words)) out.push(words);
  }
  return out;
}

/** One line: whether the account can take payments and receive payouts, and if not, what Stripe still needs. */
export function describeAccount(account: Stripe.Account, mode: 'live' | 'test'): { ready: boolean; line: string } {
  const name =
    account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? account.email ?? account.id;
  const who = `Stripe account ${account.id} (${name}, ${mode} mode)`;
  if (account.charges_enabled && account.payouts_enabled)
    return { ready: true, line: `${who} can take payments and receive payouts.` };
  const cannot = [!account.charges_enabled && 'take payments', !account.payouts_enabled && 'receive payouts']
    .filter(Boolean)
    .join(' or ');
  const req = account.requirements;
  const due = inWords([...(req?.past_due ?? []), ...(req?.currently_due ?? [])]);
  const pending = (req?.pending_verification ?? []).length ? 'Stripe is still verifying what was sent' : undefined;
  const missing = due.length
    ? `Stripe still needs ${due.join(', ')}`
    : (pending ?? `Stripe says: ${req?.disabled_reason ?? 'details not submitted'}`);
  return {
    ready: false,
    line: `${who} cannot ${cannot} yet: ${missing}. Finish at https://dashboard.stripe.com/account/onboarding`,
  };
}
