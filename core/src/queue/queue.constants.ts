/**
 * Queue names, job names and job payload types: the one contract between the API (producer)
 * and the worker (consumer). The worker refuses to boot when a job name has no handler or two.
 */
export enum QueueName {
  StripeEvents = 'stripe-events',
  Mail = 'mail',
}

export enum JobName {
  /**
   * Project one inbox row (stripe_events.id) into the read model. jobId = the event id. The relay's, a replay's,
   * and the retry of an event that failed in its batch.
   */
  ProjectStripeEvent = 'project-stripe-event',
  /** Project the inbox rows the API stored since its last job (one job for up to 500 events; any may be done already). */
  ProjectStripeEvents = 'project-stripe-events',
  /**
   * Read from Stripe the balance transactions (fees) that a batch of projected events named by id only, after
   * the batch committed. Best effort: a payout's reconciliation reads them again.
   */
  ReadBalanceTransactions = 'read-balance-transactions',
  /** Send one e-mail (password reset and invitation links). Queued so the request answers in constant time. */
  SendMail = 'send-mail',
}

/**
 * What a mail job names: only ids. The worker builds the message (and mints any token it carries) at send time,
 * so no link or token is ever stored in Redis, in a job that may outlive its delivery.
 */
export type MailJob =
  | { kind: 'password-reset'; adminId: string }
  | { kind: 'admin-invite'; adminId: string }
  /** The admin's two-factor sign-in was set up again (a new phone): told at their own address, in case it was not them. */
  | { kind: 'two-factor-changed'; adminId: string };

/** A balance transaction an event named by id only; `created`: its charge's or refund's (unix seconds). */
export interface BalanceTransactionToRead {
  id: string;
  chargeId: string | null;
  created?: number;
}

export interface JobData {
  [JobName.ProjectStripeEvent]: { eventId: string };
  [JobName.ProjectStripeEvents]: { eventIds: string[] };
  [JobName.ReadBalanceTransactions]: { items: BalanceTransactionToRead[] };
  [JobName.SendMail]: MailJob;
}

export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.ProjectStripeEvent]: QueueName.StripeEvents,
  [JobName.ProjectStripeEvents]: QueueName.StripeEvents,
  [JobName.ReadBalanceTransactions]: QueueName.StripeEvents,
  [JobName.SendMail]: QueueName.Mail,
};

/** Retries with exponential backoff; after the last attempt the job stays failed and visible. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: false,
} as const;
