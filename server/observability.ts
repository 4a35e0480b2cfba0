/**
 * Liveness, readiness (not shutting down, and the database answers; on PostgreSQL it also reports the change capture
 * consumer's state) and Prometheus metrics, with the capture's slot lag and state (server/capture/).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/schema.js';
import type { CaptureConsumer, ConsumerState } from './capture/consumer.js';

const CAPTURE_STATES: readonly ConsumerState[] = ['starting', 'standby', 'leading', 'stopped', 'failed'];

/** The slot's lag behind the WAL, in bytes (null when the database has no slot). */
async function slotLagBytes(db: Kysely<Database>, slot: string): Promise<number | null> {
  const row = await sql<{ lag: string | null; active: boolean }>`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)::text as lag, active
      from pg_replication_slots where slot_name = ${slot}`.execute(db);
  const lag = row.rows[0]?.lag;
  return lag === undefined || lag === null ? null : Number(lag);
}

import type { Readiness } from './shutdown.js';

/** Answers the registry /metrics reads, so other parts of the service (backups) can add their own figures. */
export function registerObservability(
  app: FastifyInstance,
  db: Kysely<Database>,
  readiness: Readiness,
  capture: CaptureConsumer | null = null,
): Registry {
  // One registry per server instance, so tests can start several servers in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'kassa_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kassa_http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  if (capture) {
    const state = new Gauge({
      name: 'kassa_capture_state',
      help: 'The change capture consumer of this process: 1 for its current state (leading reads the slot; standby waits for the lock)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const current = capture.status().state;
        for (const name of CAPTURE_STATES) this.set({ state: name }, name === current ? 1 : 0);
      },
    });
    void state;
    new Gauge({
      name: 'kassa_capture_head_version',
      help: 'The change log head version this process last wrote or read (the commit LSN every pull may serve up to)',
      registers: [registry],
      collect() {
        this.set(Number(capture.status().version));
      },
    });
    new Gauge({
      name: 'kassa_capture_last_lag_seconds',
      help: "From the last logged transaction's commit to its log records' commit (leader only)",
      registers: [registry],
      collect() {
        const lag = capture.status().lastLagMs;
        if (lag !== null) this.set(lag / 1000);
      },
    });
    new Gauge({
      name: 'kassa_capture_transactions_total',
      help: 'Transactions this process has written to the change log',
      registers: [registry],
      collect() {
        this.set(capture.status().transactionsWritten);
      },
    });
    new Gauge({
      name: 'kassa_capture_slot_lag_bytes',
      help: "WAL bytes the replication slot holds that the change log does not have yet (the slot's confirmed position behind the WAL)",
      registers: [registry],
      async collect() {
        const slot = capture.status().slot;
        const lag = slot ? await slotLagBytes(db, slot).catch(() => null) : null;
        if (lag !== null) this.set(lag);
      },
    });
  }

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    // A draining instance still answers what reaches it, but the balancer should send it nothing new.
    if (readiness.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await sql`select 1`.execute(db);
      if (capture) {
        const status = capture.status();
        // The last error stays in the log: /readyz answers anyone, and a driver's message may name hosts or tables.
        const capturing = { state: status.state, headVersion: status.version.toString() };
        // Reported, not failed on: a consumer that failed restarts from its slot within a second, and meanwhile this
        // process still serves what is logged (another process may be the reader anyway). Alert on the metrics.
        return { status: 'ready', capture: capturing };
      }
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
  app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return registry;
}
