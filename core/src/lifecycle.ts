import type { Logger } from 'pino';

/**
 * SIGTERM/SIGINT: close the Nest app (stop taking work, drain what is in flight, close connections) and
 * exit 0. Nest's own enableShutdownHooks re-raises the signal after closing, which ends the process
 * "killed by signal" instead of a clean exit code, so the entry points handle the signals themselves.
 */
export function exitCleanlyOnSignals(close: () => Promise<void>, logger: Logger, timeoutMs = 25000): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(timer);
        logger.flush?.();
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
