/** Starts the central service: configuration, database, migrations, HTTP. */
import { mkdirSync } from 'node:fs';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { backupsFor, describeBackups } from './backups/for-engine.js';
import { loadBackupSettings } from './backups/settings.js';
import { DEFAULT_SHUTDOWN, exitGracefullyOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const backupSettings = loadBackupSettings(process.env, config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });
  const handle = openDatabase(config.databaseUrl, { checkpointInBackground: true });
  await migrateToLatest(handle.db as never);
  const backups = backupsFor(handle.engine, config.databaseUrl, backupSettings);
  const { app, readiness } = await buildServer(config, handle, backups ? { backups } : {});
  // Not-ready, then no new connections, then the requests in flight finish, then backups stop and the pools close
  // (server/shutdown.ts).
  exitGracefullyOnSignals(
    app,
    readiness,
    async () => {
      await backups?.stop();
      await handle.close();
    },
    config.shutdown ?? DEFAULT_SHUTDOWN,
  );
  await app.listen({ host: config.host, port: config.port });
  backups?.start(app.log);
  const database = handle.engine === 'sqlite' ? `SQLite at ${config.databaseUrl}; ${describeBackups(handle.engine, backups)}` : `PostgreSQL; ${describeBackups(handle.engine, backups)}`;
  console.log(`Kassa central service on http://${config.host}:${config.port} (${database}); owner's console at /, API docs at /api/docs`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
