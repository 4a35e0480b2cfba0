/**
 * Migration 0012 over a log that already holds entries (0011 → 0012): each version's entries in a scope become one
 * record, in their order and exactly as pull pages carry them; the per-entry table is gone; entries a write left
 * for the next stamp survive; and the writes after the migration are logged as records under the next versions.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { stampChanges } from '../change-capture.js';
import type { Database } from '../schema.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';
import { loggedEntries } from '../../test/helpers/change-log.js';

interface OldEntry {
  version: number;
  ord: number;
  scope: string;
  tbl: string;
  row: string;
  fields: string | null;
}

const entriesBefore: OldEntry[] = [
  { version: 1, ord: 10, scope: 'biz', tbl: 'warehouses', row: '{"id":"w1","name":"Main"}', fields: null },
  { version: 1, ord: 11, scope: 'wh:w1', tbl: 'stock_levels', row: '{"id":"s1","quantity":5000}', fields: null },
  { version: 1, ord: 12, scope: 'biz', tbl: 'items', row: '{"id":"i1","name":"Tea","price":99999999999999999}', fields: null },
  { version: 2, ord: 13, scope: 'biz', tbl: 'items', row: '{"id":"i1","name":"Green tea","price":99999999999999999}', fields: '["name"]' },
];

describe.each(await testEngines())('migration 0012 on %s', (engine) => {
  it('turns each version’s entries in a scope into one record, in order and exact, and logs later writes as records', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0011_stamp_at_commit')).error).toBeUndefined();
      for (const entry of entriesBefore) {
        await sql`insert into sync_changes (business_id, version, ord, scope, tbl, row_id, row, fields)
                  values ('b1', ${entry.version}, ${entry.ord}, ${entry.scope}, ${entry.tbl}, ${JSON.parse(entry.row).id}, ${entry.row}, ${entry.fields})`.execute(db);
      }
      await sql`insert into sync_clock (business_id, version) values ('b1', 2)`.execute(db);
      if (engine === 'sqlite') {
        // A write made outside any stamping transaction waits in sync_pending for the next stamp.
        await sql`insert into sync_pending (business_id, scope, tbl, row_id, row, fields)
                  values ('b1', 'biz', 'measurements', 'm1', '{"id":"m1","name":"pcs"}', null)`.execute(db);
      }

      expect(await migrateToLatest(db)).toContain('0012_log_by_scope');

      const records = await sql<{ version: bigint | string; scope: string; entries: string; entry_count: number | bigint }>`
        select version, scope, entries, entry_count from sync_log where business_id = 'b1' order by version, scope`.execute(db);
      expect(records.rows.map((record) => [Number(record.version), record.scope, record.entries, Number(record.entry_count)])).toEqual([
        [
          1,
          'biz',
          '{"v":1,"t":"warehouses","row":{"id":"w1","name":"Main"},"fields":null},{"v":1,"t":"items","row":{"id":"i1","name":"Tea","price":99999999999999999},"fields":null}',
          2,
        ],
        [1, 'wh:w1', '{"v":1,"t":"stock_levels","row":{"id":"s1","quantity":5000},"fields":null}', 1],
        [2, 'biz', '{"v":2,"t":"items","row":{"id":"i1","name":"Green tea","price":99999999999999999},"fields":["name"]}', 1],
      ]);
      await expect(sql`select 1 from sync_changes`.execute(db)).rejects.toThrow();

      // The next write gets the next version, as one record (on SQLite with the entry that was waiting).
      const now = new Date().toISOString();
      await handle.writes.transaction((tx) =>
        tx.insertInto('measurements').values({ business_id: 'b1', id: 'm2', name: 'kg', is_deleted: 0, dt_created: now, dt_updated: now }).execute(),
      );
      const after = await loggedEntries(handle.db as Kysely<Database>, 'b1', 2n);
      // (PostgreSQL, past migration 0032: the version is the commit's LSN, above every clock version.)
      const version = (entry: { version: bigint }) => (engine === 'sqlite' ? Number(entry.version) : entry.version > 2n ? 3 : Number(entry.version));
      expect(after.map((entry) => [version(entry), entry.scope, entry.tbl, entry.row_id])).toEqual(
        engine === 'sqlite'
          ? [
              [3, 'biz', 'measurements', 'm1'],
              [3, 'biz', 'measurements', 'm2'],
            ]
          : [[3, 'biz', 'measurements', 'm2']],
      );
      if (engine === 'sqlite') await stampChanges(db);
      expect((await sql`select * from sync_pending`.execute(db)).rows).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
