/**
 * The scheduled backups on real SQLite files: what a backup is, what is kept, what a failure leaves, and the
 * settings' checks. The restore of a backup under a running service is test/server/backup-restore.test.ts.
 */
import Sqlite from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { backupsFor } from './for-engine.js';
import { RestoreError, restoreBackup } from './restore.js';
import { backupName, createBackups, listBackups, untilNextRun } from './scheduler.js';
import { loadBackupSettings } from './settings.js';

let directory: string;
let live: string;
let writer: Sqlite.Database;

/** A live database in WAL mode with `rows` rows, held open by a writer as the service holds its own. */
function liveDatabase(rows: number): void {
  writer = new Sqlite(live);
  writer.pragma('journal_mode = WAL');
  writer.exec(
    'create table kysely_migration (name text primary key); create table sales (id integer primary key, note text not null)',
  );
  const insert = writer.prepare('insert into sales (note) values (?)');
  writer.transaction(() => {
    for (let index = 0; index < rows; index += 1) insert.run(`sale ${index} ${'x'.repeat(100)}`);
  })();
}

const rowsIn = (file: string) => {
  const copy = new Sqlite(file, { readonly: true });
  try {
    return Number((copy.prepare('select count(*) as n from sales').get() as { n: number }).n);
  } finally {
    copy.close();
  }
};

function clock(start: string) {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'kassa-backups-'));
  live = join(directory, 'kassa.sqlite');
});

afterEach(() => {
  writer?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('a backup is a checked copy of the live database under its UTC start time, written while the writer keeps committing', async () => {
    liveDatabase(2000);
    const time = clock('2026-11-26T03:00:00.000Z');
    const backups = createBackups({
      databaseFile: live,
      settings: { intervalMinutes: 60, keep: 24, directory: join(directory, 'backups') },
      now: time.now,
    });
    const running = backups.runNow();
    // Commits during the copy are not in it, and are not blocked by it.
    writer.prepare('insert into sales (note) values (?)').run('after the backup started');
    const outcome = await running;
    expect(outcome).toMatchObject({ file: join(directory, 'backups', 'kassa-2026-11-26T03-00-00-000Z.sqlite') });
    expect(listBackups(join(directory, 'backups'))).toEqual(['kassa-2026-11-26T03-00-00-000Z.sqlite']);
    expect(readdirSync(join(directory, 'backups'))).toEqual(['kassa-2026-11-26T03-00-00-000Z.sqlite']);
    expect([2000, 2001]).toContain(rowsIn((outcome as { file: string }).file));
    // One self-contained file: a rollback journal, not WAL, so copying the one file elsewhere copies all of it.
    const copy = new Sqlite((outcome as { file: string }).file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    expect(rowsIn(live)).toBe(2001);
    expect(backups.status()).toMatchObject({
      running: false,
      lastSuccessAt: time.now(),
      lastFailureAt: null,
      lastFailure: null,
      successes: 1,
      failures: 0,
    });
    expect(backups.status().lastSizeBytes).toBeGreaterThan(200_000);
  });

  it('keeps the newest backups only, and never counts or keeps a partial file, but leaves files that are not its own', async () => {
    liveDatabase(10);
    const folder = join(directory, 'backups');
    mkdirSync(folder);
    writeFileSync(join(folder, '.kassa-2026-11-26T01-00-00-000Z.sqlite.partial'), 'a crashed run');
    writeFileSync(join(folder, 'notes.txt'), 'the operator’s');
    const time = clock('2026-11-26T03:00:00.000Z');
    const backups = createBackups({
      databaseFile: live,
      settings: { intervalMinutes: 60, keep: 2, directory: folder },
      now: time.now,
    });
    expect(listBackups(folder)).toEqual([]);
    for (let hour = 0; hour < 3; hour += 1) {
      expect(await backups.runNow()).toHaveProperty('file');
      time.advance(3_600_000);
    }
    expect(readdirSync(folder).sort()).toEqual([
      'kassa-2026-11-26T04-00-00-000Z.sqlite',
      'kassa-2026-11-26T05-00-00-000Z.sqlite',
      'notes.txt',
    ]);
  });

  it('never runs two backups at once: a second request while one runs takes none', async () => {
    liveDatabase(5000);
    const backups = createBackups({
      databaseFile: live,
      settings: { intervalMinutes: 60, keep: 24, directory: join(directory, 'backups') },
    });
    const first = backups.runNow();
    expect(backups.status().running).toBe(true);
    expect(await backups.runNow()).toEqual({ skipped: 'already running' });
    expect(await first).toHaveProperty('file');
    expect(listBackups(join(directory, 'backups'))).toHaveLength(1);
  });

  it('a failed backup leaves no backup file, is logged without secrets, and is kept in the status until a success', async () => {
    writeFileSync(live, 'this is not a database, and it is long enough to look like a header to nobody at all....'.repeat(20));
    const lines: { details: object; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => lines.push({ details, message }),
      error: (details: object, message: string) => lines.push({ details, message }),
    };
    const time = clock('2026-11-26T03:00:00.000Z');
    const backups = createBackups({
      databaseFile: live,
      settings: { intervalMinutes: 60, keep: 24, directory: join(directory, 'backups') },
      now: time.now,
    });
    backups.start(log);
    const outcome = await backups.runNow();
    expect(outcome).toEqual({ error: expect.stringMatching(/not a database/) });
    expect(readdirSync(join(directory, 'backups'))).toEqual([]);
    expect(backups.status()).toMatchObject({
      lastSuccessAt: null,
      lastFailureAt: time.now(),
      failures: 1,
      lastFailure: expect.stringMatching(/not a database/),
    });
    expect(lines).toEqual([
      {
        message: 'database backup failed',
        details: { backup: 'kassa-2026-11-26T03-00-00-000Z.sqlite', reason: expect.stringMatching(/not a database/) },
      },
    ]);
    await backups.stop();

    rmSync(live);
    liveDatabase(1);
    time.advance(60_000);
    expect(await backups.runNow()).toEqual({ skipped: 'stopped' });
    const again = createBackups({ databaseFile: live, settings: backups.settings, now: time.now });
    await again.runNow();
    expect(again.status()).toMatchObject({ lastFailure: null, successes: 1 });
  });

  it('stopped mid-copy (as at shutdown), it leaves no file that looks like a finished backup', async () => {
    liveDatabase(200_000);
    const folder = join(directory, 'backups');
    const backups = createBackups({ databaseFile: live, settings: { intervalMinutes: 60, keep: 24, directory: folder } });
    const outcome = backups.runNow();
    await backups.stop();
    expect(await outcome).toEqual({ skipped: 'stopped' });
    expect(listBackups(folder)).toEqual([]);
    expect(backups.status()).toMatchObject({ running: false, failures: 0 });
  });

  it('runs at every multiple of the interval on the UTC clock, so a restart does not push the next backup back', () => {
    expect(untilNextRun(new Date('2026-11-26T03:20:00.000Z'), 60)).toBe(40 * 60_000);
    expect(untilNextRun(new Date('2026-11-26T03:00:00.000Z'), 60)).toBe(60 * 60_000);
    expect(untilNextRun(new Date('2026-11-26T03:20:00.000Z'), 15)).toBe(10 * 60_000);
    expect(untilNextRun(new Date('2026-11-26T22:00:00.000Z'), 24 * 60)).toBe(2 * 3_600_000);
    expect(backupName(new Date('2026-11-26T03:04:05.006Z'))).toBe('kassa-2026-11-26T03-04-05-006Z.sqlite');
  });
});

describe('backup settings', () => {
  it('default to hourly backups into DATA_DIR/backups, keeping 24', () => {
    expect(loadBackupSettings({}, '/srv/kassa')).toEqual({ intervalMinutes: 60, keep: 24, directory: '/srv/kassa/backups' });
    expect(
      loadBackupSettings({ BACKUP_INTERVAL_MINUTES: '15', BACKUP_KEEP: '96', BACKUP_DIR: '/mnt/backups' }, '/srv/kassa'),
    ).toEqual({
      intervalMinutes: 15,
      keep: 96,
      directory: '/mnt/backups',
    });
  });

  it('an interval of 0 turns scheduled backups off; PostgreSQL and an in-memory database get none', () => {
    const settings = loadBackupSettings({ BACKUP_INTERVAL_MINUTES: '0' }, '/srv/kassa');
    expect(settings.intervalMinutes).toBe(0);
    expect(backupsFor('sqlite', '/srv/kassa/kassa.sqlite', settings)).toBeNull();
    const on = loadBackupSettings({}, '/srv/kassa');
    expect(backupsFor('postgres', 'postgres://kassa@db/kassa', on)).toBeNull();
    expect(backupsFor('sqlite', ':memory:', on)).toBeNull();
    expect(backupsFor('sqlite', '/srv/kassa/kassa.sqlite', on)).not.toBeNull();
  });

  it('refuse a value that is not a whole number in range, naming the variable', () => {
    for (const [name, value] of [
      ['BACKUP_INTERVAL_MINUTES', '-5'],
      ['BACKUP_INTERVAL_MINUTES', '1.5'],
      ['BACKUP_INTERVAL_MINUTES', 'hourly'],
      ['BACKUP_INTERVAL_MINUTES', '20000'],
      ['BACKUP_KEEP', '0'],
      ['BACKUP_KEEP', 'all'],
    ] as const) {
      expect(() => loadBackupSettings({ [name]: value }, '/srv/kassa')).toThrow(ConfigError);
      expect(() => loadBackupSettings({ [name]: value }, '/srv/kassa')).toThrow(new RegExp(`^${name} must be a whole number`));
    }
  });
});

describe('restoring a backup', () => {
  it('refuses while the database is open elsewhere, and refuses a file that is not a sound Kassa backup, changing nothing', async () => {
    liveDatabase(10);
    const backups = createBackups({
      databaseFile: live,
      settings: { intervalMinutes: 60, keep: 24, directory: join(directory, 'backups') },
    });
    const { file } = (await backups.runNow()) as { file: string };
    // The writer stands for a running service (another process in production; a lock is a lock).
    expect(() => restoreBackup({ backup: file, databaseFile: live })).toThrow(/is in use: stop the Kassa service first/);
    expect(rowsIn(live)).toBe(10);

    const stranger = join(directory, 'stranger.sqlite');
    new Sqlite(stranger).exec('create table t (x)');
    expect(() => restoreBackup({ backup: stranger, databaseFile: live })).toThrow(/not a Kassa database/);
    const garbage = join(directory, 'garbage.sqlite');
    writeFileSync(garbage, 'x'.repeat(4096));
    expect(() => restoreBackup({ backup: garbage, databaseFile: live })).toThrow(RestoreError);
    expect(() => restoreBackup({ backup: join(directory, 'missing.sqlite'), databaseFile: live })).toThrow(/No such backup/);
    expect(rowsIn(live)).toBe(10);
  });

  it('puts the backup in place and keeps the database it replaced, with its last commits, aside', async () => {
    liveDatabase(10);
    const backups = createBackups({
      databaseFile: live,
      settings: { intervalMinutes: 60, keep: 24, directory: join(directory, 'backups') },
    });
    const { file } = (await backups.runNow()) as { file: string };
    writer.prepare('insert into sales (note) values (?)').run('after the backup');
    writer.close();
    const { replacedAside } = restoreBackup({ backup: file, databaseFile: live, now: new Date('2026-11-26T04:00:00.000Z') });
    expect(replacedAside).toBe(`${live}.replaced-2026-11-26T04-00-00-000Z`);
    expect(rowsIn(live)).toBe(10);
    expect(rowsIn(replacedAside!)).toBe(11);
    expect(existsSync(`${live}-wal`)).toBe(false);
    expect(existsSync(`${live}.restoring`)).toBe(false);
    writer = new Sqlite(live);
  });
});
