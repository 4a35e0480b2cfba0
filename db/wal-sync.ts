/**
 * Durable SQLite commits without holding the event loop in fsync.
 *
 * With `synchronous = FULL` SQLite fsyncs the WAL inside every COMMIT, and better-sqlite3 runs COMMIT on the
 * event loop: every group commit stopped the whole service for the length of an fsync (5 ms a batch on this
 * machine, a fifth of the time receipts were being written; BENCHMARKS.md). Here the connection runs at
 * `synchronous = NORMAL` — a COMMIT writes its frames to the WAL file but does not wait for the disk — and the
 * same fsync is made explicitly:
 *
 * - after any commit (or autocommitted write) on the connection, at once and on the event loop: the durability
 *   FULL gave, for every code path that does not ask otherwise;
 * - after a group commit (db/transactor.ts), on libuv's thread pool: the callers are answered only once it has
 *   returned, and meanwhile the next batch runs. One fsync that starts after a commit covers every commit before it.
 *
 * Why that is as durable as FULL: a commit is the frames it appended to the WAL; SQLite's recovery replays every
 * frame up to the last valid commit frame, and once `fdatasync` of the WAL has returned, the frames written
 * before it are on disk. The WAL is only overwritten from its start after a checkpoint has copied every frame
 * into the database file and (at NORMAL) synced that file, so frames a later fsync might miss are already durable
 * in the database file. A new WAL file's directory entry is synced once, as SQLite does for files it creates.
 */
import { closeSync, fdatasync, fdatasyncSync, fstatSync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export class WalSync {
  private descriptor: number | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  /** `walPath`: the database file's path plus `-wal`. */
  constructor(private readonly walPath: string) {}

  /** Every commit made so far is on disk when this returns (blocks the event loop for one fsync). */
  now(): void {
    const descriptor = this.openWal();
    if (descriptor !== null) fdatasyncSync(descriptor);
  }

  /**
   * Resolves once every commit made before the call is on disk. Concurrent callers share fsyncs: one already
   * running may have started before the caller's commit, so a caller arriving during it waits for the next one,
   * which every such caller shares.
   */
  later(): Promise<void> {
    if (!this.running) {
      this.running = this.syncOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  /** Waits for the fsyncs under way, then closes the WAL file (the connection is closed after this). */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.queued]);
    if (this.descriptor !== null) closeSync(this.descriptor);
    this.descriptor = null;
  }

  private startQueued(): Promise<void> {
    this.queued = null;
    return this.later();
  }

  private syncOnce(): Promise<void> {
    const descriptor = this.openWal();
    if (descriptor === null) return Promise.resolve();
    return new Promise((resolve, reject) => fdatasync(descriptor, (error) => (error ? reject(error) : resolve())));
  }

  /**
   * The WAL file, opened once. Reopened if it was removed (SQLite deletes it when the last connection to the
   * database closes, e.g. between a tool's session and ours); null while it does not exist (nothing written yet).
   */
  private openWal(): number | null {
    if (this.descriptor !== null) {
      if (fstatSync(this.descriptor).nlink > 0) return this.descriptor;
      closeSync(this.descriptor);
      this.descriptor = null;
    }
    try {
      this.descriptor = openSync(this.walPath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const directory = openSync(dirname(this.walPath), 'r');
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
    return this.descriptor;
  }
}
