/**
 * SQLite: another process writing the same file (a tool, the fault harness's naive server) must make a service
 * write wait, never fail it — a deferred BEGIN failed at its first write with SQLITE_BUSY when the other process
 * had committed since the transaction's first read, and the service answered 500.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

const directory = mkdtempSync(join(tmpdir(), 'kassa-other-writer-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A separate process that inserts one row into the file's `sync_clock`, waiting up to 5 s for the lock. */
function otherProcessWrites(file: string, businessId: string): Promise<number | null> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.prepare("insert into sync_clock (business_id, version) values (?, 1)").run(${JSON.stringify(businessId)});
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('a SQLite write while another process writes the same file', () => {
  it('waits for the other writer instead of failing with SQLITE_BUSY', async () => {
    const file = join(directory, 'kassa.sqlite');
    const handle = openDatabase(file);
    await migrateToLatest(handle.db as never);
    let other: Promise<number | null> = Promise.resolve(null);
    await handle.writes.transaction(async (tx) => {
      // The transaction reads first; meanwhile the other process tries to write and commit.
      await tx.selectFrom('sync_clock').selectAll().execute();
      other = otherProcessWrites(file, 'other-process');
      await new Promise((resolve) => setTimeout(resolve, 400));
      await tx.insertInto('sync_clock').values({ business_id: 'this-process', version: 1n }).execute();
    });
    expect(await other).toBe(0);
    const rows = await handle.db.selectFrom('sync_clock').select('business_id').orderBy('business_id').execute();
    expect(rows.map((row) => row.business_id)).toEqual(['other-process', 'this-process']);
    await handle.close();
  });
});
