/**
 * Graceful shutdown of the central service (issue 19, "Several instances"): behind a load balancer an instance that
 * is being replaced must lose no request. On SIGTERM or SIGINT it
 *
 * 1. reports not-ready (`/readyz` answers 503) while still serving, for `drainDelayMs` — long enough for the
 *    balancer's health checks to notice and send new requests elsewhere;
 * 2. stops accepting connections and finishes the requests in flight (Fastify's close: chat sockets are
 *    disconnected, idle keep-alive connections closed, busy ones answered first), for at most `timeoutMs`;
 * 3. closes the database pools and exits 0 — or, when requests were still running at the timeout, cuts them and
 *    exits 1, so an orchestrator's log shows the shutdown was not clean.
 *
 * A second signal while draining exits at once (an operator pressing Ctrl-C twice means it).
 */
import type { FastifyInstance } from 'fastify';

export interface ShutdownSettings {
  /** Not-ready but still serving, before the listener closes (SHUTDOWN_DRAIN_DELAY_MS, default 0). */
  readonly drainDelayMs: number;
  /** Longest wait for requests in flight once the listener is closed (SHUTDOWN_TIMEOUT_MS, default 10,000). */
  readonly timeoutMs: number;
}

export const DEFAULT_SHUTDOWN: ShutdownSettings = { drainDelayMs: 0, timeoutMs: 10_000 };

/** What `/readyz` reads: true from the first shutdown signal on. */
export interface Readiness {
  draining: boolean;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Drains and closes `app`, then `closeDatabase`; resolves with the exit code (0 clean, 1 when requests were cut at
 * the timeout or closing failed).
 */
export async function drainAndClose(
  app: FastifyInstance,
  readiness: Readiness,
  closeDatabase: () => Promise<void>,
  settings: ShutdownSettings,
): Promise<number> {
  readiness.draining = true;
  app.log.info({ drainDelayMs: settings.drainDelayMs, timeoutMs: settings.timeoutMs }, 'shutting down: not ready, draining');
  if (settings.drainDelayMs > 0) await pause(settings.drainDelayMs);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), settings.timeoutMs);
  });
  let code = 0;
  try {
    const outcome = await Promise.race([app.close().then(() => 'closed' as const), timedOut]);
    if (outcome === 'timeout') {
      app.log.warn('shutdown timeout: requests still in flight are cut');
      app.server.closeAllConnections();
      code = 1;
    }
  } catch (error) {
    app.log.error({ err: error }, 'closing the service failed');
    code = 1;
  } finally {
    clearTimeout(timer);
  }
  try {
    await closeDatabase();
  } catch (error) {
    app.log.error({ err: error }, 'closing the database failed');
    code = 1;
  }
  app.log.info({ code }, 'shut down');
  return code;
}

/** Runs `drainAndClose` on the first SIGTERM or SIGINT and exits with its code; a second signal exits at once. */
export function exitGracefullyOnSignals(
  app: FastifyInstance,
  readiness: Readiness,
  closeDatabase: () => Promise<void>,
  settings: ShutdownSettings,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal while draining: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'signal received');
    void drainAndClose(app, readiness, closeDatabase, settings).then((code) => process.exit(code));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
