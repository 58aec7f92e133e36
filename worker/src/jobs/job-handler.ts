import type { JobData, JobName } from '../../../core/src/queue/queue.constants.js';

/** One handler per job name; the worker refuses to boot if a name has none or two. */
export interface JobHandler<N extends JobName = JobName> {
  readonly jobName: N;
  handle(data: JobData[N], meta: { jobId: string; attempt: number }): Promise<void>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

export function checkHandlers(handlers: JobHandler[], names: JobName[]): Map<JobName, JobHandler> {
  const byName = new Map<JobName, JobHandler>();
  for (const h of handlers) {
    if (byName.has(h.jobName)) throw new Error(`Two handlers are registered for job "${h.jobName}"`);
    byName.set(h.jobName, h);
  }
  const missing = names.filter((n) => !byName.has(n));
  if (missing.length) throw new Error(`No handler is registered for job(s): ${missing.join(', ')}`);
  return byName;
}
