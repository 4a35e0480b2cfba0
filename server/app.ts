/**
 * Builds the central service: a Fastify instance over an open database. `main.ts` adds configuration,
 * migrations and listening; tests build it directly against a fresh database.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { openDatabase, postgresUrlOf, type DatabaseHandle } from '../db/connect.js';
import { CaptureConsumer } from './capture/consumer.js';
import { CaptureProgress } from './capture/progress.js';
import type { Config } from './config.js';
import { principalResolver } from './auth/principal.js';
import { tokenService } from './auth/tokens.js';
import { errorBody, installErrorHandling } from './errors.js';
import { installJsonBodies } from './json-body.js';
import { registerObservability } from './observability.js';
import { buildOpenApiDocument } from './openapi.js';
import { adminHandlers } from './platform/admin.js';
import { authHandlers } from './platform/auth.js';
import type { PlatformServices } from './platform/platform-handler.js';
import { registerCatalogueRoutes } from './routes.js';
import { syncHandlers } from './sync/handlers.js';
import { closeReportingQueries, configureReportingQueries } from './query/reporting.js';
import { fleetHandlers } from './sync/fleet-handlers.js';
import { aiChatStreamingHandlers } from './ai/send-message.js';
import { attachChatGateway } from './chat/socket.js';
import { registerDownloadRoutes } from './downloads/routes.js';
import { registerConsole } from './console-static.js';
import { registerApiDocs } from './api-docs.js';
import { registerBackupMetrics } from './backups/metrics.js';
import type { Backups } from './backups/scheduler.js';
import { createPokes } from './sync/pokes.js';
import { listenForChanges, type ChangeListener } from './sync/pokes-listener.js';
import { pokesStreamingHandler } from './sync/pokes-stream.js';
import { announcingTransactor } from './sync/pokes-transactor.js';
import type { Readiness } from './shutdown.js';
import { scheduleCompaction, type CompactionSchedule } from '../app/sync/compaction-schedule.js';
import { DEFAULT_LOG_RETENTION } from '../app/sync/compaction.js';
import { establishGeneration } from './generation/establish.js';
import { GenerationSource } from './generation/source.js';
import { keepWitness } from './generation/witness.js';

export const SERVICE_VERSION = '0.1.0';

export interface BuiltServer {
  readonly app: FastifyInstance;
  readonly services: PlatformServices;
  /** Set to draining by a shutdown (server/shutdown.ts): `/readyz` then answers 503. */
  readonly readiness: Readiness;
  /** The change log's compaction, on its timer (stopped with the app); `runNow` runs it at once. */
  readonly compaction: CompactionSchedule;
}

export interface BuildOptions {
  /** Where log lines go (standard output when absent); tests read them from here. */
  readonly logStream?: { write(line: string): void };
  /** The built owner's console served at `/` (server/console-static.ts); dist/console when absent. */
  readonly consoleDir?: string;
  /** The SQLite database's scheduled backups (server/backups/), whose state /metrics reports; none on PostgreSQL. */
  readonly backups?: Pick<Backups, 'status'>;
  /** How often a till's poke stream sends a heartbeat (server/sync/pokes-stream.ts); tests shorten it. */
  readonly pokeHeartbeatMs?: number;
}

/** The PostgreSQL client name of the compaction's own connection (pg_stat_activity tells it from the request pool). */
export const COMPACTION_CONNECTION = 'kassa-compaction';

function withApplicationName(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

export async function buildServer(config: Config, handle: Pick<DatabaseHandle, 'db' | 'writes'>, options: BuildOptions = {}): Promise<BuiltServer> {
  const { db } = handle;
  const app = Fastify({
    bodyLimit: config.bodyLimit,
    logger: {
      level: config.logLevel,
      // Tokens, passwords and PINs never reach the logs.
      redact: { paths: ['req.headers.authorization', '*.password', '*.pincode', '*.access_token'], censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Per-request lines only when debugging: at thousands of requests a second they cost more than they tell.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // Path parameters up to the longest text we store (a base-config key); longer ones are unknown ids.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    // Errors the router raises before any route runs get the same error body as everything else.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status: 400 | 404 = tooLong ? 404 : 400;
      void (reply as FastifyReply).code(status).send(errorBody(request, status, tooLong ? 'Not found' : 'Bad request'));
    },
  });

  const tokens = tokenService(config.jwtSecret, config.tokenTtlSeconds);
  // Pokes (docs/sync.md): on PostgreSQL, announced to every instance through NOTIFY and heard on a LISTEN of our own.
  const postgresUrl = postgresUrlOf(db);
  let listener: ChangeListener | null = null;
  const pokes = createPokes({
    ...(postgresUrl ? { publisher: { publish: async (payload: string) => listener?.publish(payload) } } : {}),
    onPublishError: (error) => app.log.warn({ err: error }, 'announcing changes to other instances failed'),
  });
  // PostgreSQL: how far the change capture has read, which a pull waits for (server/capture/progress.ts).
  const captureProgress = postgresUrl ? new CaptureProgress() : null;
  if (postgresUrl)
    listener = await listenForChanges(postgresUrl, pokes, (error) => app.log.warn({ err: error }, 'listening for other instances’ changes failed'), captureProgress);
  // Open streams would keep the HTTP server from closing: they end first.
  app.addHook('preClose', async () => pokes.close());
  app.addHook('onClose', async () => listener?.close());
  // SQLite: every write of the service announces what it logged once committed (server/sync/pokes-transactor.ts).
  // PostgreSQL: the change capture consumer announces what it logged (below), once it is in the log a till pulls.
  const writes = postgresUrl ? handle.writes : announcingTransactor(handle.writes, (businessId, scopes) => pokes.announceChanges(businessId, scopes));
  // Was the database put back to an earlier state while the service was stopped? Said aloud, before any till is served
  // (server/generation/establish.ts).
  const sqliteFile = postgresUrl ? null : config.databaseUrl;
  await establishGeneration(db, handle.writes, { sqliteFile, log: app.log });
  if (sqliteFile && sqliteFile !== ':memory:') {
    const witness = keepWitness(db, sqliteFile, (error) => app.log.warn({ err: error }, 'writing the database’s witness file failed'));
    app.addHook('onClose', () => witness.stop());
  }
  const generation = new GenerationSource(db);
  const services: PlatformServices = { db, writes, config, tokens, principals: principalResolver(db, tokens), pokes, captureProgress, generation };

  installErrorHandling(app);
  installJsonBodies(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });

  const document = buildOpenApiDocument(SERVICE_VERSION);
  await registerApiDocs(app, document);

  // Reporting queries (POST /get) run with the configured limits; their SQLite child processes end with the app.
  await configureReportingQueries(db, config.reporting);
  app.addHook('onClose', () => closeReportingQueries(db));
  // PostgreSQL: the change capture consumer (server/capture/), one per process; the advisory lock elects the reader.
  // The leader announces what it logged and how far it has read to every instance (NOTIFY, its own included: each
  // pokes its own tills); its own progress it also learns at once.
  const capture = postgresUrl
    ? new CaptureConsumer(postgresUrl, { log: app.log, onReadThrough: (lsn) => captureProgress?.advance(lsn) }).start()
    : null;
  if (capture) app.addHook('onClose', () => capture.stop());
  const readiness: Readiness = { draining: false };
  const registry = registerObservability(app, db, readiness, capture);
  if (options.backups) registerBackupMetrics(registry, options.backups.status);
  registerCatalogueRoutes(app, services, [...authHandlers, ...adminHandlers, ...syncHandlers, ...fleetHandlers], [
    ...aiChatStreamingHandlers(config, { log: app.log }),
    pokesStreamingHandler(pokes, options.pokeHeartbeatMs),
  ]);
  await registerDownloadRoutes(app, services);
  attachChatGateway(app, services);
  await registerConsole(app, options.consoleDir);
  // The change log stays bounded (docs/sync.md, "Compaction and the retention floor"); stopped with the app.
  // PostgreSQL: on a connection of its own. A run is dozens of short batches, and each queued behind a saturated
  // request pool made runs fall hours (business time) behind their schedule under a fleet's load (BENCHMARKS.md,
  // "the log levels off").
  const compactionDatabase = postgresUrl ? openDatabase(withApplicationName(postgresUrl, COMPACTION_CONNECTION), { poolSize: 1 }) : null;
  const compaction = scheduleCompaction(compactionDatabase ?? handle, config.logRetention ?? DEFAULT_LOG_RETENTION, app.log);
  app.addHook('onClose', async () => {
    await compaction.stop();
    await compactionDatabase?.close();
  });
  await app.ready();
  return { app, services, readiness, compaction };
}
