import { Acknowledger } from '../../worker/src/outbox/acknowledger.js';
import { OutboxSender } from '../../worker/src/outbox/outbox-sender.js';
import { InboxRelay } from '../../worker/src/relay/inbox-relay.js';
import { JobProducer } from '../../core/src/queue/job.producer.js';
import type { QueueName } from '../../core/src/queue/queue.constants.js';
import { waitUntil } from './faults.js';
import type { Stack } from './stack.js';

/**
 * Waits on the worker's periodic passes instead of a clock. A test that proves something did NOT happen (no
 * e-mail for a pending gift, no relay of a spent event) waits until the pass that would have done it has run,
 * in every in-process worker, and then asserts. Each wait is bounded: a pass that never ends fails the test.
 */
async function everyWorker(
  stack: Stack,
  what: string,
  pass: (w: Stack['workers'][number]) => Promise<void>,
  timeoutMs: number,
): Promise<void> {
  if (!stack.workers.length) throw new Error(`no in-process worker to wait for ${what}`);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.all(stack.workers.map(pass)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A whole pass of the acknowledger that began after this call, in every worker: what it would queue is queued. */
export function acknowledgerPass(stack: Stack, timeoutMs = 30_000): Promise<void> {
  return everyWorker(stack, 'an acknowledger pass', (w) => w.get(Acknowledger).nextPass(), timeoutMs);
}

/** A whole drain of the mail outbox that began after this call, in every worker: what it would send is sent. */
export function outboxPass(stack: Stack, timeoutMs = 30_000): Promise<void> {
  return everyWorker(stack, 'an outbox pass', (w) => w.get(OutboxSender).nextPass(), timeoutMs);
}

/** The acknowledger's pass and then the outbox's: whatever the read model now calls for has been mailed. */
export async function mailPasses(stack: Stack, timeoutMs = 30_000): Promise<void> {
  await acknowledgerPass(stack, timeoutMs);
  await outboxPass(stack, timeoutMs);
}

/** A whole pass of the inbox relay that began after this call, in every worker. */
export function relayPass(stack: Stack, timeoutMs = 30_000): Promise<void> {
  return everyWorker(stack, 'an inbox relay pass', (w) => w.get(InboxRelay).nextPass(), timeoutMs);
}

/** Waits until a BullMQ queue of the stack holds no job waiting, delayed or running: what was added has run. */
export async function queueDrained(stack: Stack, name: QueueName, timeoutMs = 30_000): Promise<void> {
  const queue = stack.api.get(JobProducer).queue(name);
  await waitUntil(async () => Object.values(await queue.getJobCounts(...BUSY)).every((n) => n === 0), {
    timeoutMs,
    intervalMs: 50,
    describe: async () => `queue ${name} still holds ${JSON.stringify(await queue.getJobCounts(...BUSY))}`,
  });
}
const BUSY = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;
