/**
 * Queue names, job names and job payload types: the one contract between the API (producer)
 * and the worker (consumer). The worker refuses to boot when a job name has no handler or two.
 */
export enum QueueName {
  StripeEvents = 'stripe-events',
  Mail = 'mail',
}

export enum JobName {
  /** Project one inbox row (stripe_events.id) into the read model. jobId = the event id. */
  ProjectStripeEvent = 'project-stripe-event',
  /** Send one e-mail (password reset links). Queued so the request answers in constant time. */
  SendMail = 'send-mail',
}

export interface JobData {
  [JobName.ProjectStripeEvent]: { eventId: string };
  [JobName.SendMail]: { to: string; subject: string; text: string; html?: string };
}

export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.ProjectStripeEvent]: QueueName.StripeEvents,
  [JobName.SendMail]: QueueName.Mail,
};

/** Retries with exponential backoff; after the last attempt the job stays failed and visible. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: false,
} as const;
