/**
 * Scheduled backups of the service's SQLite database into the backup directory (settings.ts): one at every
 * multiple of the interval (UTC), never two at once, the newest `keep` kept. Each is named with the UTC time it
 * started, `kassa-2026-11-26T03-00-00-000Z.sqlite` (no colons, so the names are valid everywhere and sort in time
 * order), and appears under that name only once complete and checked (copy.ts).
 *
 * A failure is logged (the message of SQLite or the file system: paths, never credentials) and kept in `status()`,
 * which /metrics reports (metrics.ts), so an operator's alert can fire on a backup that stopped succeeding.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyDatabase, type RunningCopy } from './copy.js';
import type { BackupSettings } from './settings.js';

/** A finished backup's name; anything else in the directory (a `.partial`, an operator's file) is not one. */
const BACKUP_NAME = /^kassa-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;
const PARTIAL_NAME = /^\.kassa-.*\.sqlite\.partial(-wal|-shm|-journal)?$/;

export interface BackupLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BackupStatus {
  readonly running: boolean;
  readonly lastSuccessAt: Date | null;
  readonly lastFailureAt: Date | null;
  /** Why the last failed backup failed (kept until the next success clears it). */
  readonly lastFailure: string | null;
  readonly lastDurationSeconds: number | null;
  readonly lastSizeBytes: number | null;
  readonly successes: number;
  readonly failures: number;
}

export type BackupOutcome =
  | { readonly file: string; readonly bytes: number }
  | { readonly error: string }
  | { readonly skipped: 'already running' | 'stopped' };

export interface Backups {
  readonly settings: BackupSettings;
  /** Starts the schedule (nothing happens when the interval is 0). */
  start(log: BackupLog): void;
  /** Takes a backup now, unless one is running (then it answers `skipped` and takes none). */
  runNow(): Promise<BackupOutcome>;
  status(): BackupStatus;
  /** Stops the schedule and any backup running (which then leaves no file that looks complete). */
  stop(): Promise<void>;
}

export interface BackupOptions {
  /** The live database file. */
  readonly databaseFile: string;
  readonly settings: BackupSettings;
  /** The clock (tests pass their own). */
  readonly now?: () => Date;
}

/** The finished backups in `directory`, oldest first. */
export function listBackups(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

export const backupName = (at: Date) => `kassa-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;

/** How long from `now` until the next multiple of the interval since the epoch (UTC). */
export function untilNextRun(now: Date, intervalMinutes: number): number {
  const interval = intervalMinutes * 60_000;
  return interval - (now.getTime() % interval);
}

export function createBackups(options: BackupOptions): Backups {
  const { databaseFile, settings } = options;
  const now = options.now ?? (() => new Date());
  let log: BackupLog | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: { copy: RunningCopy | null; finished: Promise<BackupOutcome> } | null = null;
  let stopped = false;
  const state = { lastSuccessAt: null as Date | null, lastFailureAt: null as Date | null, lastFailure: null as string | null };
  const figures = { lastDurationSeconds: null as number | null, lastSizeBytes: null as number | null, successes: 0, failures: 0 };

  const schedule = () => {
    if (stopped || settings.intervalMinutes === 0) return;
    timer = setTimeout(
      () => {
        void runNow().finally(schedule);
      },
      untilNextRun(now(), settings.intervalMinutes),
    );
    // A pending backup never keeps the process alive.
    timer.unref();
  };

  const takeOne = async (slot: { copy: RunningCopy | null }): Promise<BackupOutcome> => {
    const startedAt = now();
    const started = performance.now();
    const name = backupName(startedAt);
    try {
      mkdirSync(settings.directory, { recursive: true });
      // Only one backup runs at a time, so any `.partial` here is a crashed or stopped run's leftover.
      for (const leftover of readdirSync(settings.directory).filter((file) => PARTIAL_NAME.test(file)))
        rmSync(join(settings.directory, leftover), { force: true });
      slot.copy = copyDatabase(databaseFile, join(settings.directory, `.${name}.partial`), join(settings.directory, name));
      const { bytes } = await slot.copy.done;
      const removed = prune(settings.directory, settings.keep);
      figures.lastDurationSeconds = (performance.now() - started) / 1000;
      figures.lastSizeBytes = bytes;
      figures.successes += 1;
      state.lastSuccessAt = startedAt;
      state.lastFailure = null;
      log?.info({ backup: name, bytes, seconds: figures.lastDurationSeconds, removed }, 'database backup taken');
      return { file: join(settings.directory, name), bytes };
    } catch (error) {
      if (stopped) return { skipped: 'stopped' };
      const message = error instanceof Error ? error.message : String(error);
      figures.failures += 1;
      state.lastFailureAt = now();
      state.lastFailure = message;
      log?.error({ backup: name, reason: message }, 'database backup failed');
      return { error: message };
    }
  };

  const runNow = (): Promise<BackupOutcome> => {
    if (stopped) return Promise.resolve({ skipped: 'stopped' });
    if (running) return Promise.resolve({ skipped: 'already running' });
    const slot: { copy: RunningCopy | null } = { copy: null };
    const finished = takeOne(slot).finally(() => {
      running = null;
    });
    running = {
      get copy() {
        return slot.copy;
      },
      finished,
    };
    return finished;
  };

  return {
    settings,
    start(given) {
      log = given;
      schedule();
    },
    runNow,
    status: () => ({ running: running !== null, ...state, ...figures }),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = running;
      if (current) {
        await current.copy?.stop();
        await current.finished;
      }
    },
  };
}

/** Deletes the oldest finished backups beyond `keep`; answers how many it deleted. */
function prune(directory: string, keep: number): number {
  const backups = listBackups(directory);
  const surplus = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of surplus) rmSync(join(directory, name), { force: true });
  return surplus.length;
}
