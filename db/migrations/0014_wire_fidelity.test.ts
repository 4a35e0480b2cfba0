/**
 * Migration 0014 over a database that already holds rows (0013 → 0014): each business's oldest live warehouse
 * becomes its default and only one can be; existing shifts belong to no workplace and keep one open per business,
 * while shifts of different workplaces open side by side; existing order lines moved their stock; SQLite's capture
 * triggers log the new columns; and the migration rolls back and applies again.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { stampChanges } from '../change-capture.js';
import type { Database } from '../schema.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';
import { loggedEntries } from '../../test/helpers/change-log.js';
import * as wireFidelity from './0014_wire_fidelity.js';

describe.each(await testEngines())('migration 0014 on %s', (engine) => {
  it('gives each business its oldest live warehouse as default, opens shifts per workplace, and logs the new columns', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0013_ledger_pair_index')).error).toBeUndefined();
      const warehouse = (business: string, id: string, created: string, deleted = 0) =>
        sql`insert into warehouses (business_id, id, name, location, is_deleted, dt_created, dt_updated)
            values (${business}, ${id}, ${id}, null, ${deleted}, ${created}, ${created})`.execute(db);
      await warehouse('b1', 'w-deleted-oldest', '2026-01-01T00:00:00.000Z', 1);
      await warehouse('b1', 'w-old', '2026-02-01T00:00:00.000Z');
      await warehouse('b1', 'w-new', '2026-03-01T00:00:00.000Z');
      await warehouse('b2', 'w-b', '2026-01-01T00:00:00.000Z');
      await warehouse('b2', 'w-a', '2026-01-01T00:00:00.000Z');
      const shift = (id: string, workplace?: string) =>
        workplace === undefined
          ? sql`insert into settlements (business_id, id, name, dt_closed, is_closed, is_deleted, dt_created, dt_updated)
                values ('b1', ${id}, ${id}, null, 0, 0, 'x', 'x')`.execute(db)
          : sql`insert into settlements (business_id, id, name, dt_closed, is_closed, workplace_id, is_deleted, dt_created, dt_updated)
                values ('b1', ${id}, ${id}, null, 0, ${workplace}, 0, 'x', 'x')`.execute(db);
      await shift('s-open');
      await sql`insert into order_lines (business_id, id, order_id, line_no, item_id, quantity, price, subtotal, note, employee_id,
                  discount_id, warehouse_id, is_voided, is_refunded, is_deleted, dt_created, dt_updated)
                values ('b1', 'l1', 'o1', 0, 'i1', 1000, 100, 100, null, 'e1', null, 'w-old', 0, 0, 0, 'x', 'x')`.execute(db);

      expect(await migrateToLatest(db)).toContain('0014_wire_fidelity');

      const defaults = await sql<{ business_id: string; id: string; is_default: number | bigint }>`
        select business_id, id, is_default from warehouses order by business_id, id`.execute(db);
      expect(defaults.rows.map((row) => [row.business_id, row.id, Number(row.is_default)])).toEqual([
        ['b1', 'w-deleted-oldest', 0],
        ['b1', 'w-new', 0],
        ['b1', 'w-old', 1],
        // Created at the same instant: the smaller id is the older.
        ['b2', 'w-a', 1],
        ['b2', 'w-b', 0],
      ]);
      await expect(sql`update warehouses set is_default = 1 where id = 'w-new'`.execute(db)).rejects.toThrow();

      const line = await sql<{ moved_no_stock: number | bigint }>`select moved_no_stock from order_lines`.execute(db);
      expect(line.rows.map((row) => Number(row.moved_no_stock))).toEqual([0]);

      // The shift that was open belongs to no workplace, and a second one of no workplace is still refused …
      await expect(shift('s-second')).rejects.toThrow();
      // … while each workplace has its own open shift, one at a time.
      await shift('s-till-1', 'wp1');
      await shift('s-till-2', 'wp2');
      await expect(shift('s-till-1-again', 'wp1')).rejects.toThrow();
      const open = await sql<{ id: string; workplace_id: string | null }>`
        select id, workplace_id from settlements where is_closed = 0 order by id`.execute(db);
      expect(open.rows).toEqual([
        { id: 's-open', workplace_id: null },
        { id: 's-till-1', workplace_id: 'wp1' },
        { id: 's-till-2', workplace_id: 'wp2' },
      ]);

      // The capture triggers carry the new columns (SQLite's name each column: re-installed by the migration).
      const now = new Date().toISOString();
      await handle.writes.transaction((tx) =>
        tx
          .insertInto('warehouses')
          .values({ business_id: 'b3', id: 'w-logged', name: 'Logged', location: null, is_default: 1, is_deleted: 0, dt_created: now, dt_updated: now })
          .execute(),
      );
      if (engine === 'sqlite') await stampChanges(db);
      const logged = await loggedEntries(handle.db as Kysely<Database>, 'b3');
      expect(logged.map((entry) => JSON.parse(entry.row).is_default)).toEqual([1]);

      // Rolling back restores one open shift per business: only possible once the tills' shifts are closed.
      await expect(wireFidelity.down(db)).rejects.toThrow();
      await sql`update settlements set is_closed = 1 where workplace_id is not null`.execute(db);
      await wireFidelity.down(db);
      await expect(sql`select is_default from warehouses`.execute(db)).rejects.toThrow();
      await wireFidelity.up(db);
      const again = await sql<{ id: string }>`select id from warehouses where is_default = 1 order by id`.execute(db);
      // Applied again: the oldest live warehouse of each business is its default (w-logged is b3's only one).
      expect(again.rows.map((row) => row.id)).toEqual(['w-a', 'w-logged', 'w-old']);
    } finally {
      await dispose();
    }
  });
});
