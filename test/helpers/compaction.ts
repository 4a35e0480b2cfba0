/** Change-log compaction in tests: the service's database as compaction sees it, and the log's size. */
import { sql, type Kysely } from 'kysely';
import type { CompactionTarget } from '../../app/sync/compaction.js';
import type { TestServer } from './server.js';

export function compactionTarget(server: TestServer): CompactionTarget {
  return { db: server.database.db as unknown as Kysely<unknown>, writes: server.database.writes, engine: server.database.engine };
}

/** Every entry a business's log holds, in version and capture order: [version, table, row id, entry text]. */
export async function logEntries(
  db: Kysely<unknown>,
  businessId: string,
): Promise<{ version: bigint; table: string; rowId: string; isDeleted: boolean }[]> {
  const records = (
    await sql<{
      version: string | bigint;
      entries: string;
    }>`select version, entries from sync_log where business_id = ${businessId} order by version, scope`.execute(db)
  ).rows;
  return records.flatMap((record) =>
    (JSON.parse(`[${record.entries}]`) as { t: string; row: { id: string; is_deleted?: unknown } }[]).map((entry) => ({
      version: BigInt(record.version),
      table: entry.t,
      rowId: entry.row.id,
      isDeleted: Number(entry.row.is_deleted ?? 0) === 1,
    })),
  );
}
