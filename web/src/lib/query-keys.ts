/**
 * The admin API's query keys, in one place so that a mutation in one feature can refresh what another feature
 * shows without the features importing each other. Each key starts with the API path it reads, and
 * invalidating a key refreshes every query that starts with it.
 */
export const queryKeys = {
  /** The session check, per token. */
  me: ['/api/admin/me'],
  analytics: ['/api/stripe/analytics'],
  /** The Month-end view of one month ('last': the last month that ended). */
  monthEnd: (month = 'last') => ['/api/stripe/month-end', month],
  /** The fiscal year's first month and the school's today (the period pickers). */
  fiscalYear: ['/api/stripe/fiscal-year'],
  /** The Insights tab's retention figures and lapsed-donor lists, every year and page. */
  retention: ['/api/stripe/retention'],
  /** Every page and search of the donor list. */
  donorList: ['/api/stripe/customers'],
  /** Every single-donor query (profiles and their transaction lists). */
  donors: ['/api/stripe/customer'],
  /** One donor's profile and transaction lists. */
  donor: (customerId: string) => ['/api/stripe/customer', customerId],
  /** Every page, filter and search of the ledger (the Transactions tab). */
  ledger: ['/api/stripe/transactions'],
  paymentIntents: ['/api/stripe/payment-intents'],
  manualDonations: ['/api/admin/manual-donations'],
  twoFactor: ['/api/admin/account/two-factor'],
  mySessions: ['/api/admin/account/sessions'],
  admins: ['/api/admin/admins'],
  /** An admin's sessions, as an owner sees them. */
  adminSessions: (adminId: string) => ['/api/admin/admins', adminId, 'sessions'],
  audit: ['/api/admin/audit'],
  auditFilters: ['/api/admin/audit/filters'],
  settings: ['/api/admin/settings'],
  /** Website > Pages: every page's published content and draft. */
  websitePages: ['/api/admin/website/pages'],
  websitePageRevisions: (page: string) => ['/api/admin/website/pages', page, 'revisions'],
  /** The funds, as the admin lists them (archived ones too). */
  funds: ['/api/admin/funds'],
  /** The appeals with their progress (Appeals page). */
  appeals: ['/api/admin/appeals'],
  /** The Appeals report: every appeal's figures, and each one's days. */
  appealReports: ['/api/admin/appeal-reports'],
  /** Gifts by Fund on the Analytics tab. */
  fundTotals: ['/api/stripe/funds/totals'],
  /** The donate page's options: open funds and the card and bank fees. */
  donationOptions: ['/api/donation-options'],
  operations: ['/api/admin/operations'],
  /** The Website section's photos, every one (published or not). */
  photos: ['/api/admin/website/photos'],
  /** The public Gallery's published photos. */
  gallery: ['/api/site/gallery'],
  /** Every donor's messages (acknowledgments, corrections, voids, statements). */
  donorMail: ['/api/admin/donors'],
  donorMessages: (customerId: string) => ['/api/admin/donors', customerId, 'messages'],
  acknowledgmentSetting: ['/api/admin/acknowledgments/setting'],
  /** The outbox's counts and failures. */
  mail: ['/api/admin/mail'],
  /** Year-end statements by e-mail, per year. */
  statementRuns: ['/api/admin/tax-exports/statements'],
  statementRun: (year: number) => ['/api/admin/tax-exports/statements', year],
  donorYears: (customerId: string) => ['/api/admin/tax-exports/years', customerId],
  /** A tax year's refunds and disputes, each on its own day (the dashboard's figures for that year). */
  taxYearRefunds: (year: number) => ['/api/admin/tax-exports/refunds', year],
  /** The Recurring view: its summary and every page of plans. */
  recurring: ['/api/admin/recurring'],
  recurringSummary: ['/api/admin/recurring', 'summary'],
  donorPlans: (customerId: string) => ['/api/admin/donors', customerId, 'plans'],
  /** The Payouts view: the deposits and what each one carried. */
  payouts: (page: number, year = 'all') => ['/api/admin/payouts', year, page],
  payout: (id: string) => ['/api/admin/payouts', 'one', id],
} as const;
