/**
 * Creating the capture slot (db/change-capture.ts ensureCaptureSlot) waits for every transaction of the cluster that
 * holds a transaction id. An attempt that runs out of time says which ones it waits for, and the next attempt
 * creates the slot once they have ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { freshDatabase, testEngines, type TestDatabase } from '../test/helpers/databases.js';
import { captureSlotName, dropCaptureSlots, ensureCaptureSlot } from './change-capture.js';
import { postgresUrlOf } from './connect.js';

const postgres = (await testEngines()).includes('postgres');

describe.runIf(postgres)('creating the capture slot', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('postgres', { capture: false });
  });
  afterAll(() => database.dispose());

  it('names the transaction it waits for when an attempt runs out of time, and creates the slot once it has ended', async () => {
    const url = postgresUrlOf(database.db)!;
    const name = new URL(url).pathname.slice(1);
    const slot = captureSlotName(name);
    const holder = new pg.Client({ connectionString: url, application_name: 'probe-holder' });
    await holder.connect();
    await dropCaptureSlots((text, values) => holder.query(text, values), name);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      // A short first attempt; the later ones as long as the service's, since under a full test run other files'
      // transactions hold the cluster too.
      const creating = ensureCaptureSlot(database.db as never, (attempt) => (attempt === 1 ? 1_000 : 30_000));
      // The first attempt waits its second for the holder, then warns; the holder ends a moment after.
      const deadline = Date.now() + 20_000;
      while (!warnings.some((text) => text.includes(slot)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query('commit');
      await creating;
      const warned = warnings.find((text) => text.includes(slot)) ?? '';
      expect(warned).toContain('timed out (attempt 1 of');
      // The five oldest: ours, unless five older ones of other test files fill the list.
      expect(warned).toMatch(/probe-holder, idle in transaction|(#\d+ \(.*){5}/);
      // Never a query's text.
      expect(warned).not.toContain('pg_current_xact_id');
      const created = await sql<{ n: number }>`select count(*)::int as n from pg_replication_slots where slot_name = ${slot}`.execute(database.db);
      expect(created.rows[0]!.n).toBe(1);
    } finally {
      process.off('warning', onWarning);
      await holder.end();
    }
  }, 60_000);
});
