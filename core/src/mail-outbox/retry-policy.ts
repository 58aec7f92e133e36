/**
 * How the outbox retries a message SMTP did not take: 15 attempts, waiting 5 s, 10 s, 20 s ... doubling up to
 * 30 minutes between attempts (about 3 hours 20 minutes in all), so a mail server that is down for a while
 * receives everything once it is back. A 5xx refusal is final at once. After the last attempt the message is
 * 'failed': the admin sees it (Tax Exports, the donor's messages, /api/health) and can retry it.
 */
export const MAX_SEND_ATTEMPTS = 15;
const FIRST_DELAY_S = 5;
const MAX_DELAY_S = 30 * 60;

/** Seconds to wait after failed attempt number `attempt` (1-based), with up to 20 % jitter so retries spread out. */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

/**
 * How long a claimed message belongs to the worker that claimed it. Longer than one send may take (the SMTP
 * timeouts are 10 s to connect or greet and 30 s of silence), so a live worker finishes first; the messages
 * of a worker that died go to the others after this.
 */
export const SEND_LEASE_SECONDS = 60;
