import pino from 'pino';
import { PeriodicTask } from './periodic-task.js';

/** A run the test finishes by hand, so the order of events is the test's, not a clock's. */
function gatedTask() {
  const runs: Array<() => void> = [];
  const task = new PeriodicTask(
    'test',
    3_600_000,
    () => new Promise<void>((resolve) => runs.push(resolve)),
    pino({ level: 'silent' }),
  );
  return { task, runs };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('PeriodicTask.nextPass', () => {
  it('resolves only after a pass that began after the call, not the one already running', async () => {
    const { task, runs } = gatedTask();
    task.kick();
    let done = false;
    const next = task.nextPass().then(() => (done = true));
    runs[0]();
    await settle();
    expect(done).toBe(false); // the pass in progress began before the call
    expect(runs).toHaveLength(2); // the one it asked for has started
    runs[1]();
    await next;
    expect(done).toBe(true);
    await task.stop();
  });

  it('starts a pass at once when none is running', async () => {
    const { task, runs } = gatedTask();
    const next = task.nextPass();
    expect(runs).toHaveLength(1);
    runs[0]();
    await expect(next).resolves.toBeUndefined();
    await task.stop();
  });

  it('counts a failed pass as finished, and resolves at once after stop', async () => {
    const task = new PeriodicTask(
      'test',
      3_600_000,
      () => Promise.reject(new Error('boom')),
      pino({ level: 'silent' }),
    );
    await expect(task.nextPass()).resolves.toBeUndefined();
    await task.stop();
    await expect(task.nextPass()).resolves.toBeUndefined();
  });
});
