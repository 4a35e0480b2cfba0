/** `npm run migrate`: brings the configured database to the newest schema and says what it applied. */
import { mkdirSync } from 'node:fs';
import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { loadConfig } from '../config.js';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const handle = openDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(handle.db as never);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
} finally {
  await handle.close();
}
