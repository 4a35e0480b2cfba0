/**
 * PostgreSQL aborts one of two writes that wait on each other's rows (40P01). The service's transactor runs the
 * aborted one again (db/transactor.ts), so both callers get their answer and each write is applied once — the
 * fault harness saw back-office receipts answer 500 "deadlock detected" against a till's push before.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testEngines } from '../helpers/databases.js';

const measurement = (id: string) => ({ business_id: 'b', id, name: id, is_deleted: 0, dt_created: 'now', dt_updated: 'now' });

describe.skipIf(!(await testEngines()).includes('postgres'))('writes that deadlock on PostgreSQL', () => {
  it('both commit, each once: the transaction PostgreSQL aborted runs again instead of answering an error', async () => {
    const database = await freshDatabase('postgres', { poolSize: 4 });
    try {
      await database.db.insertInto('measurements').values([measurement('a'), measurement('b')]).execute();
      let runs = 0;
      // Each locks one row, waits until the other holds its own, then asks for the other's: a certain deadlock.
      let arrived = 0;
      let bothHoldOne!: () => void;
      const bothHold = new Promise<void>((resolve) => (bothHoldOne = resolve));
      const crossing = (first: string, second: string) =>
        database.writes.transaction(async (tx) => {
          runs += 1;
          await sql`update measurements set name = name || '+' where id = ${first}`.execute(tx);
          if (++arrived === 2) bothHoldOne();
          await bothHold;
          await sql`update measurements set name = name || '+' where id = ${second}`.execute(tx);
          await tx.insertInto('measurements').values(measurement(`by-${first}`)).execute();
        });
      const outcomes = await Promise.allSettled([crossing('a', 'b'), crossing('b', 'a')]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(runs).toBe(3);
      const rows = await database.db.selectFrom('measurements').select(['id', 'name']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'a', name: 'a++' },
        { id: 'b', name: 'b++' },
        { id: 'by-a', name: 'by-a' },
        { id: 'by-b', name: 'by-b' },
      ]);
    } finally {
      await database.dispose();
    }
  });

  it('does not run again a write that failed for its own reasons', async () => {
    const database = await freshDatabase('postgres');
    try {
      let runs = 0;
      await expect(
        database.writes.transaction(async (tx) => {
          runs += 1;
          await tx.insertInto('measurements').values(measurement('x')).execute();
          await tx.insertInto('measurements').values(measurement('x')).execute();
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(runs).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
