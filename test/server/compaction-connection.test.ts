/**
 * On PostgreSQL the service compacts its change log on a connection of its own (server/app.ts): a run is dozens of
 * short batches, and each one queued for a request-pool connection behind a fleet's pushes made compaction fall
 * behind (BENCHMARKS.md, "the log levels off").
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testEngines } from '../helpers/databases.js';
import { startTestServer } from '../helpers/server.js';
import { COMPACTION_CONNECTION } from '../../server/app.js';

const postgres = (await testEngines()).includes('postgres');

describe.runIf(postgres)('compaction on PostgreSQL', () => {
  it('runs while every connection of the request pool is held by other work, on its own named connection', async () => {
    const server = await startTestServer('postgres');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The request pool has 10 connections (db/connect.ts): hold them all in open transactions.
    const held: Promise<void>[] = [];
    let started = 0;
    try {
      for (let index = 0; index < 10; index += 1) {
        held.push(
          server.database.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            started += 1;
            await gate;
          }),
        );
      }
      const deadline = Date.now() + 10_000;
      while (started < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(started).toBe(10);

      const ran = await Promise.race([
        server.compaction.runNow().then(() => 'ran'),
        new Promise<string>((resolve) => setTimeout(() => resolve('queued behind the request pool'), 15_000)),
      ]);
      expect(ran).toBe('ran');
    } finally {
      release();
      await Promise.all(held);
    }
    const connections = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${COMPACTION_CONNECTION}`.execute(
      server.database.db,
    );
    expect(connections.rows[0]!.n).toBeGreaterThanOrEqual(1);
    await server.close();
  }, 60_000);
});
