/**
 * Migration 0024: a shift keeps its opening, counted and expected cash, and its cash moves; both reach the change
 * log that terminals pull (on SQLite the capture triggers list the columns), a cash move must be IN or OUT of a
 * positive amount, and the migration rolls back and applies again.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { freshDatabase, testEngines } from '../../test/helpers/databases.js';
import { loggedEntries } from '../../test/helpers/change-log.js';
import * as migration from './0024_shift_cash.js';

const now = '2026-11-25T10:00:00.000Z';

describe.each(await testEngines())('migration 0024 on %s', (engine) => {
  it('logs a shift’s cash and its cash moves for terminals, refuses a nonsense move, and rolls back', async () => {
    const database = await freshDatabase(engine);
    const business = uuidv7();
    const common = { business_id: business, is_deleted: 0, dt_created: now, dt_updated: now };
    try {
      const shift = { ...common, id: uuidv7(), name: 'Morning', dt_closed: null, is_closed: 0, workplace_id: 'w1', opening_cash: 500000n, counted_cash: null, expected_cash: null };
      const move = { ...common, id: uuidv7(), settlement_id: shift.id, workplace_id: 'w1', employee_id: 'e1', kind: 'OUT' as const, amount: 1250n, reason: 'Supplier' };
      await database.writes.transaction(async (tx) => {
        await tx.insertInto('settlements').values(shift).execute();
        await tx.insertInto('settlement_cash_moves').values(move).execute();
      });
      const images = (await loggedEntries(database.db, business)).map((logged) => JSON.parse(logged.row) as Record<string, unknown>);
      expect(images.find((image) => image.id === shift.id)).toMatchObject({ opening_cash: 500000, counted_cash: null });
      expect(images.find((image) => image.id === move.id)).toMatchObject({ kind: 'OUT', amount: 1250, reason: 'Supplier' });
      const bad = (kind: string, amount: bigint) =>
        database.writes.transaction((tx) => tx.insertInto('settlement_cash_moves').values({ ...move, id: uuidv7(), kind: kind as 'IN', amount }).execute());
      await expect(bad('SIDEWAYS', 1n)).rejects.toThrow();
      await expect(bad('IN', 0n)).rejects.toThrow();

      const db = database.db as unknown as Kysely<unknown>;
      await migration.down(db);
      await expect(sql`select opening_cash from settlements`.execute(db)).rejects.toThrow();
      await expect(sql`select id from settlement_cash_moves`.execute(db)).rejects.toThrow();
      await migration.up(db);
      const back = await sql<{ opening_cash: unknown }>`select opening_cash from settlements where id = ${shift.id}`.execute(db);
      expect(back.rows).toEqual([{ opening_cash: null }]);
    } finally {
      await database.dispose();
    }
  });
});
