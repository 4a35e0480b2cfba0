/**
 * Migration 0036 claims the sale numbers of the orders already stored, oldest first, per business: an order_id is a
 * sale number only when it parses as a till's number with its own workplace's letters (tags and suffixes included);
 * free text, another workplace's letters and another business's same number are left alone. A database that already
 * holds a number twice still migrates: the later sale stays unclaimed and a WARNING Log entry of its business lists
 * it with the sale holding the number. The table then refuses a second claim; a till's store gets it empty; going
 * down drops it.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

interface Seed {
  business: string;
  id: string;
  orderId: string;
  workplace: string;
  created: string;
}

async function seedOrders(db: Kysely<unknown>, orders: readonly Seed[]): Promise<void> {
  const rows = orders.map(
    (order) => sql`(${order.business}, ${order.id}, ${order.orderId}, 100, 100, 'e1', 'p1', ${order.workplace}, 0, ${order.created}, ${order.created})`,
  );
  for (let start = 0; start < rows.length; start += 500) {
    await sql`insert into orders (business_id, id, order_id, subtotal, total_sum, employee_id, automated_point_id, workplace_id, is_deleted, dt_created, dt_updated)
              values ${sql.join(rows.slice(start, start + 500))}`.execute(db);
  }
}

async function seedWorkplace(db: Kysely<unknown>, business: string, id: string, number: number): Promise<void> {
  await sql`insert into workplaces (business_id, id, name, automated_point_id, number, is_deleted, dt_created, dt_updated)
            values (${business}, ${id}, ${id}, 'p1', ${number}, 0, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`.execute(db);
}

const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe.each(await testEngines())('migration 0036 on %s', (engine) => {
  it('claims stored sale numbers oldest first, lists the later duplicates in a WARNING entry, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0035_terminal_clock_skew')).error).toBeUndefined();
      await seedWorkplace(db, 'b1', 'w-a', 1);
      await seedWorkplace(db, 'b1', 'w-b', 2);
      await seedWorkplace(db, 'b2', 'w-other', 1);
      await seedOrders(db, [
        { business: 'b1', id: 'o-a1', orderId: 'A-1', workplace: 'w-a', created: at(1) },
        // Stored in the other order than made: the older one keeps the number.
        { business: 'b1', id: 'o-a2-late', orderId: 'A-2', workplace: 'w-a', created: at(5) },
        { business: 'b1', id: 'o-a2', orderId: 'A-2', workplace: 'w-a', created: at(2) },
        { business: 'b1', id: 'o-tagged', orderId: 'A-2.K7Q', workplace: 'w-a', created: at(3) },
        { business: 'b1', id: 'o-suffixed', orderId: 'A-2/2', workplace: 'w-a', created: at(4) },
        // Till B's number typed into an order of till A, and free text: not sale numbers of their workplace.
        { business: 'b1', id: 'o-b-in-a', orderId: 'B-1', workplace: 'w-a', created: at(6) },
        { business: 'b1', id: 'o-b1', orderId: 'B-1', workplace: 'w-b', created: at(7) },
        { business: 'b1', id: 'o-free', orderId: 'ORD-001', workplace: 'w-a', created: at(8) },
        { business: 'b1', id: 'o-free-again', orderId: 'ORD-001', workplace: 'w-a', created: at(9) },
        { business: 'b2', id: 'o-other', orderId: 'A-2', workplace: 'w-other', created: at(1) },
      ]);

      expect(await migrateToLatest(db)).toContain('0036_sale_numbers');
      const claims = await sql<{ business_id: string; number: string; order_id: string }>`
        select business_id, number, order_id from sale_numbers order by business_id, order_id`.execute(db);
      expect(claims.rows.map((row) => [row.business_id, row.number, row.order_id])).toEqual([
        ['b1', 'A-1', 'o-a1'],
        ['b1', 'A-2', 'o-a2'],
        ['b1', 'B-1', 'o-b1'],
        ['b1', 'A-2/2', 'o-suffixed'],
        ['b1', 'A-2.K7Q', 'o-tagged'],
        ['b2', 'A-2', 'o-other'],
      ]);
      const warnings = await sql<{ business_id: string; action: string; details: string }>`
        select business_id, action, details from audit_log where type = 'WARNING'`.execute(db);
      expect(warnings.rows.map((row) => [row.business_id, row.action])).toEqual([['b1', 'ORDER_NUMBER_DUPLICATES']]);
      expect(JSON.parse(warnings.rows[0]?.details ?? '{}')).toEqual({
        migration: '0036_sale_numbers',
        count: 1,
        unclaimed: [{ orderId: 'o-a2-late', number: 'A-2', heldBy: 'o-a2' }],
      });
      // The stored orders are not touched: the later duplicate keeps the number it was printed with.
      const kept = await sql<{ order_id: string }>`select order_id from orders where id = 'o-a2-late'`.execute(db);
      expect(kept.rows[0]?.order_id).toBe('A-2');
      await expect(sql`insert into sale_numbers (business_id, number, order_id) values ('b1', 'A-1', 'o-new')`.execute(db)).rejects.toThrow();

      expect((await migrator.migrateTo('0035_terminal_clock_skew')).error).toBeUndefined();
      await expect(sql`select 1 from sale_numbers`.execute(db)).rejects.toThrow();
    } finally {
      await dispose();
    }
  });

  it('claims across more orders than it reads at once', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0035_terminal_clock_skew')).error).toBeUndefined();
      await seedWorkplace(db, 'b1', 'w-a', 1);
      const orders = Array.from({ length: 2_100 }, (_, index) => ({
        business: 'b1',
        id: `o-${String(index).padStart(5, '0')}`,
        // Every 700th number repeats the one before it, across the pages' edges.
        orderId: `A-${index % 700 === 699 ? index : index + 1}`,
        workplace: 'w-a',
        created: at(index % 60),
      }));
      await seedOrders(db, orders);
      await migrateToLatest(db);
      const count = await sql<{ n: number | bigint }>`select count(*) as n from sale_numbers`.execute(db);
      expect(Number(count.rows[0]?.n)).toBe(2_100 - 3);
      const listed = await sql<{ details: string }>`select details from audit_log where type = 'WARNING'`.execute(db);
      expect(JSON.parse(listed.rows[0]?.details ?? '{}').count).toBe(3);
    } finally {
      await dispose();
    }
  });

  if (engine === 'sqlite') {
    it('leaves the table empty in a till’s store, whose orders are a mirror of the service’s', async () => {
      const { handle, dispose } = await emptyDatabase(engine);
      try {
        const db = handle.db as unknown as Kysely<unknown>;
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await migrator.migrateTo('0035_terminal_clock_skew')).error).toBeUndefined();
        await sql`create table terminal_meta (key text primary key, value text not null)`.execute(db);
        await seedWorkplace(db, 'b1', 'w-a', 1);
        await seedOrders(db, [{ business: 'b1', id: 'o-1', orderId: 'A-1', workplace: 'w-a', created: at(1) }]);
        await migrateToLatest(db);
        expect((await sql`select number from sale_numbers`.execute(db)).rows).toEqual([]);
      } finally {
        await dispose();
      }
    });
  }
});
