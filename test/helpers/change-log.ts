/**
 * The change log (db/change-capture.ts, migration 0012) read back entry by entry, for tests: each stored record
 * holds a version's entries in one scope as JSON text; here every entry becomes a row again.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { waitForCapture } from '../../db/change-capture.js';

export interface LoggedEntry {
  readonly version: bigint;
  readonly scope: string;
  readonly tbl: string;
  readonly row_id: string;
  /** The row image as JSON text. */
  readonly row: string;
  /** JSON array of the columns an update changed, or null for an insert. */
  readonly fields: string | null;
}

interface StoredEntry {
  v: number;
  t: string;
  row: { id: string } & Record<string, unknown>;
  fields: string[] | null;
}

/** The business's entries in (version, scope, capture) order; `after` skips versions up to it. */
export async function loggedEntries(db: Kysely<Database>, businessId: string, after = 0n): Promise<LoggedEntry[]> {
  // PostgreSQL: the log is written by the capture consumer just after each commit.
  await waitForCapture(db as never);
  const records = await db
    .selectFrom('sync_log')
    .select(['version', 'scope', 'entries', 'entry_count'])
    .where('business_id', '=', businessId)
    .where('version', '>', after)
    .orderBy('version')
    .orderBy('scope')
    .execute();
  return records.flatMap((record) => {
    const entries = JSON.parse(`[${record.entries}]`) as StoredEntry[];
    if (entries.length !== Number(record.entry_count)) throw new Error(`record ${record.version}/${record.scope} counts ${record.entry_count} entries, holds ${entries.length}`);
    return entries.map((entry) => {
      if (BigInt(entry.v) !== BigInt(record.version)) throw new Error(`entry of version ${entry.v} in the record of ${record.version}`);
      return {
        version: BigInt(record.version),
        scope: record.scope,
        tbl: entry.t,
        row_id: entry.row.id,
        row: JSON.stringify(entry.row),
        fields: entry.fields === null ? null : JSON.stringify(entry.fields),
      };
    });
  });
}
