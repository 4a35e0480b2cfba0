/**
 * Migration 0019: a receipt line keeps the price its newPrice replaced and a debt entry how it was paid; both new
 * columns reach the change log that terminals pull (on SQLite the capture triggers list the columns), and the
 * migration rolls back and applies again.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { freshDatabase, testEngines } from '../../test/helpers/databases.js';
import { loggedEntries } from '../../test/helpers/change-log.js';
import * as migration from './0019_receipt_prices_debt_payments.js';

const now = '2026-11-25T10:00:00.000Z';

describe.each(await testEngines())('migration 0019 on %s', (engine) => {
  it('logs a line’s previous price and a debt entry’s payment method for terminals, and rolls back', async () => {
    const database = await freshDatabase(engine);
    const business = uuidv7();
    const common = { business_id: business, is_deleted: 0, dt_created: now, dt_updated: now };
    try {
      const line = {
        ...common,
        id: uuidv7(),
        receipt_id: 'r1',
        line_no: 0,
        item_id: 'i1',
        quantity: 1000n,
        price: 500n,
        planned_quantity: 1000n,
        measure_id: 'm1',
        rounding: null,
        new_price: 900n,
        warehouse_id: null,
        previous_price: 700n,
        previous_stock_price: 650n,
      };
      const entry = {
        ...common,
        id: uuidv7(),
        client_id: 'c1',
        debt_id: 'd1',
        amount: -5000n,
        kind: 'transaction',
        employee_id: 'e1',
        id_automated_point: 'p1',
        signature_url: null,
        payment_type_id: 'pm-cash',
      };
      await database.writes.transaction(async (tx) => {
        await tx.insertInto('receipt_lines').values(line).execute();
        await tx.insertInto('client_debt_txns').values(entry).execute();
      });
      const images = (await loggedEntries(database.db, business)).map((logged) => JSON.parse(logged.row) as Record<string, unknown>);
      expect(images.find((image) => image.id === line.id)).toMatchObject({ previous_price: 700, previous_stock_price: 650, new_price: 900 });
      expect(images.find((image) => image.id === entry.id)).toMatchObject({ payment_type_id: 'pm-cash' });

      const db = database.db as unknown as Kysely<unknown>;
      await migration.down(db);
      await expect(sql`select previous_price from receipt_lines`.execute(db)).rejects.toThrow();
      await expect(sql`select payment_type_id from client_debt_txns`.execute(db)).rejects.toThrow();
      await migration.up(db);
      const back = await sql<{ payment_type_id: string | null }>`select payment_type_id from client_debt_txns where id = ${entry.id}`.execute(db);
      expect(back.rows).toEqual([{ payment_type_id: null }]);
    } finally {
      await database.dispose();
    }
  });
});
