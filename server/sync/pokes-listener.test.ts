/**
 * The listening connection also reads the WAL's flushed position for pushes waiting for the capture
 * (app/sync/push.ts finishPush), off the request pool: one read per burst, each caller served by a read that
 * started after its call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, testEngines, type TestDatabase } from '../../test/helpers/databases.js';
import { statementsDuring } from '../../test/helpers/statements.js';
import { lsnToVersion } from '../../db/change-capture.js';
import { postgresUrlOf } from '../../db/connect.js';
import { listenForChanges } from './pokes-listener.js';
import { createPokes } from './pokes.js';

const postgres = (await testEngines()).includes('postgres');

describe.runIf(postgres)('the listening connection’s reads of the flushed WAL position', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('postgres', { capture: false });
  });
  afterAll(() => database.dispose());

  const flushedNow = async () =>
    lsnToVersion((await sql<{ lsn: string }>`select pg_current_wal_flush_lsn()::text as lsn`.execute(database.db)).rows[0]!.lsn);

  it('answers every caller of a burst with a position read after its call, in one or two statements', async () => {
    const listener = await listenForChanges(postgresUrlOf(database.db)!, createPokes());
    try {
      // A committed write: every read that starts after it sees a position at or past its commit.
      await sql`select pg_logical_emit_message(true, 'kassa-test', 'x')`.execute(database.db);
      const before = await flushedNow();
      const { result, statements } = await statementsDuring(() => Promise.all(Array.from({ length: 20 }, () => listener.flushedLsn())));
      for (const position of result) expect(position >= before).toBe(true);
      const reads = statements.filter((statement) => statement.includes('pg_current_wal_flush_lsn'));
      expect(reads.length).toBeGreaterThanOrEqual(1);
      expect(reads.length).toBeLessThanOrEqual(2);
      // A caller that comes while a read is out is served by the next read, never by the one already out.
      await sql`select pg_logical_emit_message(true, 'kassa-test', 'y')`.execute(database.db);
      const out = listener.flushedLsn();
      await sql`select pg_logical_emit_message(true, 'kassa-test', 'z')`.execute(database.db);
      const afterWrite = await flushedNow();
      const late = listener.flushedLsn();
      await out;
      expect((await late) >= afterWrite).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it('fails once the connection is closed, so the caller reads from the pool instead', async () => {
    const listener = await listenForChanges(postgresUrlOf(database.db)!, createPokes());
    await listener.close();
    await expect(listener.flushedLsn()).rejects.toThrow(/not connected/);
  });
});
