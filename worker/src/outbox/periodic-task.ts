import type { Logger } from 'pino';

/**
 * A piece of work run every `everyMs` and on demand (`kick`), never twice at once in one process; a failed
 * run is logged and the next one tries again. `stop` waits for the run in progress.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly run: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs now, or right after the run in progress (work that arrived meanwhile is not left for the next tick). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .catch((err) => this.logger.warn({ err: (err as Error).message }, `${this.name} failed; trying again`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
