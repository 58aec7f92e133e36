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
  /** Runs begun and finished, in order (one at a time): what `nextPass` counts. */
  private begun = 0;
  private finished = 0;
  private waiters: { pass: number; done: () => void }[] = [];

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
    const pass = ++this.begun;
    this.running = this.run()
      .catch((err) => this.logger.warn({ err: (err as Error).message }, `${this.name} failed; trying again`))
      .finally(() => {
        this.running = undefined;
        this.passed(pass);
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Starts a pass (now, or right after the one in progress) and resolves once a pass that began after this call
   * has finished, failed or not: what it would have done is then done. A caller that must show that something
   * did NOT happen (a test) waits on this rather than on a clock. Resolves at once when the task is stopped.
   */
  nextPass(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const pass = this.begun + 1;
    const done = new Promise<void>((resolve) => this.waiters.push({ pass, done: resolve }));
    this.kick();
    return done;
  }

  private passed(pass: number): void {
    this.finished = pass;
    const ready = this.waiters.filter((w) => w.pass <= this.finished);
    this.waiters = this.waiters.filter((w) => w.pass > this.finished);
    for (const w of ready) w.done();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    for (const w of this.waiters) w.done(); // nothing more will run
    this.waiters = [];
  }
}
