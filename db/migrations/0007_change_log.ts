/**
 * The sync change log (db/change-capture.ts, docs/sync.md): the per-business version clock, the pending and
 * versioned change tables, and a capture trigger on every table terminals mirror.
 */
import type { Kysely } from 'kysely';
import { CAPTURED_LATER, CAPTURED_TABLES, createChangeLog, installCapture } from '../change-capture.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createChangeLog(db);
  // Tables created by later migrations get their capture there (what this migration installed is unchanged).
  for (const [table, rule] of Object.entries(CAPTURED_TABLES)) if (!CAPTURED_LATER.has(table)) await installCapture(db, table, rule);
}
