/**
 * One backup of a live SQLite database, made on a worker thread so the service's event loop (which is also its one
 * writer) never waits for it.
 *
 * SQLite's online backup API on a read-only connection of the worker's own, every page in one step: one read
 * transaction, so in WAL mode the service keeps committing while the copy is written, and the copy is exactly the
 * database as of that transaction's start. bench/backup/run.ts compared the ways (BENCHMARKS.md "Backups"): on an
 * 855 MB database under 200 commits/s this took 21–38 s with the writer's p99 at 87–92 ms (84/44 ms with no backup
 * at all, on a busy machine); `VACUUM INTO` holds the same kind of read transaction but rebuilds every index, so it
 * took longer (34–45 s, p99 103–107 ms) and held checkpoints back longer; the backup API in its default steps of 100
 * pages restarts whenever the service commits between two steps and never finished under steady writes; and on the
 * service's own connection it runs on the event loop (writer p50 17–24 ms instead of 6–8).
 *
 * A backup never looks complete before it is: it is written to a hidden `.partial` name, switched from WAL to a
 * rollback journal (so it is one self-contained file), checked with `PRAGMA integrity_check`, synced to disk, and
 * only then renamed to its final name (and the directory synced). A crash at any point leaves at most `.partial`
 * files, which the next run deletes.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface CopyResult {
  readonly bytes: number;
}

// Plain JavaScript evaluated in the worker (as db/checkpointer.ts does), so it needs no build step of its own.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const Database = require(workerData.driver);
const { source, temporary, final } = workerData;
function syncPath(file, flags) {
  const descriptor = fs.openSync(file, flags);
  try { fs.fsyncSync(descriptor); } finally { fs.closeSync(descriptor); }
}
async function backup() {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(temporary + suffix, { force: true });
  const live = new Database(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // Every page in one step: steps of a few pages would restart each time the service commits in between.
    await live.backup(temporary, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new Database(temporary, { fileMustExist: true });
  let verdict;
  try {
    copy.pragma('journal_mode = DELETE');
    verdict = copy.pragma('integrity_check(20)').map((row) => row.integrity_check);
  } finally {
    copy.close();
  }
  if (verdict.length !== 1 || verdict[0] !== 'ok') throw new Error('the copy failed its integrity check: ' + verdict.join('; '));
  syncPath(temporary, 'r+');
  fs.renameSync(temporary, final);
  syncPath(path.dirname(final), 'r');
  parentPort.postMessage({ bytes: fs.statSync(final).size });
}
backup().catch((error) => {
  try { for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(temporary + suffix, { force: true }); } catch {}
  parentPort.postMessage({ error: String((error && error.message) || error) });
});
`;

export interface RunningCopy {
  readonly done: Promise<CopyResult>;
  /** Stops the worker (at shutdown); the `.partial` file it leaves is deleted by the next run. */
  stop(): Promise<void>;
}

/** Copies the SQLite database `source` to `final` through `temporary` (same directory), on a worker thread. */
export function copyDatabase(source: string, temporary: string, final: string): RunningCopy {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, source, temporary, final } });
  const done = new Promise<CopyResult>((resolve, reject) => {
    worker.once('message', (message: { bytes?: number; error?: string }) => {
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve({ bytes: Number(message.bytes) });
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the backup was stopped')));
  });
  // The caller always awaits `done`; this keeps an early rejection from being reported as unhandled meanwhile.
  done.catch(() => undefined);
  return {
    done,
    async stop() {
      await worker.terminate();
    },
  };
}
