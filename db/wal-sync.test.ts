import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The WAL's syncs are observed (and, where a test says so, held back) through node:fs itself.
const disk = vi.hoisted(() => ({
  syncsNow: 0,
  syncsLater: 0,
  held: [] as { run: () => void; fail: (error: NodeJS.ErrnoException) => void }[],
  holdLater: false,
}));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    fdatasyncSync(fd: number) {
      disk.syncsNow += 1;
      fs.fdatasyncSync(fd);
    },
    fdatasync(fd: number, callback: (error: NodeJS.ErrnoException | null) => void) {
      disk.syncsLater += 1;
      const run = () => fs.fdatasync(fd, callback);
      if (disk.holdLater) disk.held.push({ run, fail: (error) => callback(error) });
      else run();
    },
  };
});

const { openDatabase } = await import('./connect.js');
const { migrateToLatest } = await import('./migrate.js');

const measurement = (id: string) => ({ business_id: 'b', id, name: id, is_deleted: 0, dt_created: 'now', dt_updated: 'now' });

describe('durable SQLite commits (WAL synced by us, not inside COMMIT)', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'kassa-wal-'));
    Object.assign(disk, { syncsNow: 0, syncsLater: 0, held: [], holdLater: false });
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  async function open() {
    const handle = openDatabase(join(directory, 'kassa.sqlite'));
    await migrateToLatest(handle.db as never);
    return handle;
  }

  it('syncs the WAL before a write outside the group commit returns', async () => {
    const handle = await open();
    const before = disk.syncsNow;
    await handle.db.insertInto('measurements').values(measurement('plain')).execute();
    expect(disk.syncsNow).toBe(before + 1);
    await handle.db.transaction().execute((tx) => tx.insertInto('measurements').values(measurement('in-a-transaction')).execute());
    expect(disk.syncsNow).toBe(before + 2);
    // Reads never cost a sync.
    await handle.db.selectFrom('measurements').selectAll().execute();
    expect(disk.syncsNow).toBe(before + 2);
    await handle.close();
  });

  it('syncs nothing for a read-only transaction (a pull’s snapshot), and still syncs the next write’s COMMIT', async () => {
    const handle = await open();
    await handle.db.insertInto('measurements').values(measurement('before')).execute();
    const before = disk.syncsNow + disk.syncsLater;
    for (let pull = 0; pull < 3; pull += 1)
      await handle.db.transaction().execute((tx) => tx.selectFrom('measurements').selectAll().execute());
    expect(disk.syncsNow + disk.syncsLater).toBe(before);
    await handle.db.transaction().execute(async (tx) => {
      await tx.selectFrom('measurements').selectAll().execute();
      await tx.insertInto('measurements').values(measurement('after')).execute();
    });
    expect(disk.syncsNow).toBe(before + 1);
    await handle.close();
  });

  it('answers a group commit only once the sync after its COMMIT has returned, and runs the next batch meanwhile', async () => {
    const handle = await open();
    disk.holdLater = true;
    let answered = false;
    const first = handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('first')).execute()).then(() => {
      answered = true;
    });
    await vi.waitFor(() => expect(disk.held).toHaveLength(1));
    // Committed (readable) but not yet on disk: not answered.
    const committed = await handle.db.selectFrom('measurements').select('id').where('id', '=', 'first').executeTakeFirst();
    expect(committed?.id).toBe('first');
    expect(answered).toBe(false);
    // The next write commits while the first batch's sync is still under way; its own sync waits for a new one.
    disk.holdLater = false;
    const second = handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('second')).execute());
    await vi.waitFor(async () =>
      expect(await handle.db.selectFrom('measurements').select('id').where('id', '=', 'second').executeTakeFirst()).toBeDefined(),
    );
    expect(answered).toBe(false);
    disk.held.splice(0).forEach((sync) => sync.run());
    await Promise.all([first, second]);
    expect(answered).toBe(true);
    expect(disk.syncsLater).toBe(2);
    await handle.close();
  });

  it('shares one sync among the writes that commit while another sync runs', async () => {
    const handle = await open();
    disk.holdLater = true;
    const first = handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('a')).execute());
    await vi.waitFor(() => expect(disk.held).toHaveLength(1));
    // Three more writes commit while the first sync is held: they need a sync that starts after their COMMIT.
    const later = ['b', 'c', 'd'].map((id) => handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement(id)).execute()));
    await vi.waitFor(async () => expect(await handle.db.selectFrom('measurements').select('id').where('id', 'in', ['b', 'c', 'd']).execute()).toHaveLength(3));
    expect(disk.syncsLater).toBe(1);
    disk.holdLater = false;
    disk.held.splice(0).forEach((sync) => sync.run());
    await Promise.all([first, ...later]);
    // One for the first write, one shared by the three that followed.
    expect(disk.syncsLater).toBe(2);
    await handle.close();
  });

  it('tells no caller a write is done when its sync fails', async () => {
    const handle = await open();
    disk.holdLater = true;
    const write = handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('unsure')).execute());
    await vi.waitFor(() => expect(disk.held).toHaveLength(1));
    const failure = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    disk.held.splice(0).forEach((sync) => sync.fail(failure));
    await expect(write).rejects.toBe(failure);
    disk.holdLater = false;
    await handle.close();
  });
});

describe('WAL checkpoints on a worker thread', () => {
  it('copies committed pages into the database file without any commit doing it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kassa-checkpoint-'));
    try {
      const file = join(directory, 'kassa.sqlite');
      const handle = openDatabase(file, { checkpointInBackground: true });
      await migrateToLatest(handle.db as never);
      const autocheckpoint = await sql<{ wal_autocheckpoint: bigint }>`pragma wal_autocheckpoint`.execute(handle.db);
      expect(Number(autocheckpoint.rows[0]?.wal_autocheckpoint)).toBe(0);
      const sizeBefore = statSync(file).size;
      for (let batch = 0; batch < 20; batch += 1) {
        await handle.writes.transaction((tx) =>
          tx
            .insertInto('measurements')
            .values(Array.from({ length: 100 }, (_, index) => ({ ...measurement(`m${batch}-${index}`), name: 'x'.repeat(200) })))
            .execute(),
        );
      }
      // This connection never checkpoints (wal_autocheckpoint = 0): only the worker can grow the database file.
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(sizeBefore + 400_000), { timeout: 5000, interval: 50 });
      await handle.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
