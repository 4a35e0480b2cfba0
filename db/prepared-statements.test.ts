import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, testEngines, type TestDatabase } from '../test/helpers/databases.js';

const engines = (await testEngines()).filter((engine) => engine === 'postgres');

describe.runIf(engines.length > 0)('prepared statements on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(() => database.dispose());

  it('prepares a parameterised statement once it has run five times, and it answers the same', async () => {
    await database.db.transaction().execute(async (tx) => {
      const prepared = async () =>
        Number((await sql<{ n: string }>`select count(*) as n from pg_prepared_statements where statement like '%kassa-prepared-probe%'`.execute(tx)).rows[0]!.n);
      const answers: unknown[] = [];
      for (let run = 1; run <= 7; run += 1) {
        answers.push((await sql<{ v: string }>`select ${`probe ${run}`}::text || ' kassa-prepared-probe' as v`.execute(tx)).rows[0]!.v);
        // Four runs go unnamed; the fifth prepares it on this connection, later runs reuse it.
        expect(await prepared()).toBe(run < 5 ? 0 : 1);
      }
      expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7].map((run) => `probe ${run} kassa-prepared-probe`));
    });
  });

  it('leaves statements without parameters unprepared (transaction control, DDL)', async () => {
    await database.db.transaction().execute(async (tx) => {
      for (let run = 0; run < 7; run += 1) await sql`select 'kassa-unprepared-probe' as v`.execute(tx);
      const count = (await sql<{ n: string }>`select count(*) as n from pg_prepared_statements where statement like '%kassa-unprepared-probe%'`.execute(tx)).rows[0]!.n;
      expect(Number(count)).toBe(0);
    });
  });
});
