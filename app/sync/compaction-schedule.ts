/**
 * Runs change-log compaction (./compaction.ts) inside the service on a timer. Every instance schedules it; on
 * PostgreSQL the advisory lock lets one work at a time and the others' runs end at once (CompactionBusy). A run
 * never overlaps the next on one instance, and stopping waits for the batch in progress (the service's close).
 *
 * The first run comes a minute after start (or sooner with a shorter interval): a run also marks each business's
 * head version with the time (sync_version_marks), which is how durations become versions — a service restarted
 * more often than the interval must still leave marks.
 */
import type { Kysely } from 'kysely';
import type { Transactor } from '../../db/transactor.js';
import { onPostgres } from '../operation.js';
import type { Db } from '../context.js';
import { CompactionBusy, compactLog, type CompactionOutcome, type LogRetentionSettings } from './compaction.js';

export interface CompactionLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface CompactionSchedule {
  /** Runs once now (or joins the run in progress); resolves with what it did, or null when another instance is at it. */
  runNow(): Promise<CompactionOutcome[] | null>;
  stop(): Promise<void>;
}

class Stopped extends Error {}

export function scheduleCompaction(
  database: { db: Db; writes: Transactor },
  settings: LogRetentionSettings,
  log: CompactionLog,
): CompactionSchedule {
  const target = {
    db: database.db as unknown as Kysely<unknown>,
    writes: database.writes,
    engine: onPostgres(database.db) ? ('postgres' as const) : ('sqlite' as const),
  };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<CompactionOutcome[] | null> | null = null;

  const pause = () =>
    new Promise<void>((resolve, reject) => {
      if (stopped) reject(new Stopped());
      else setTimeout(resolve, 1);
    });

  const run = async (): Promise<CompactionOutcome[] | null> => {
    try {
      const outcomes = await compactLog(target, settings, Date.now(), pause);
      const changed = outcomes.filter((outcome) => outcome.entriesDropped > 0 || outcome.recordsDeleted > 0);
      if (changed.length > 0)
        log.info(
          {
            compaction: changed.map((outcome) => ({
              ...outcome,
              floor: String(outcome.floor),
              compactedTo: String(outcome.compactedTo),
            })),
          },
          'change log compacted',
        );
      return outcomes;
    } catch (error) {
      if (error instanceof CompactionBusy || error instanceof Stopped) return null;
      // A failed batch rolled back whole; the next run starts from what was committed.
      log.error({ err: error }, 'change log compaction failed');
      return null;
    }
  };

  const runNow = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runNow().finally(() => schedule(settings.everyMs));
    }, ms);
    timer.unref();
  };
  if (settings.everyMs > 0) schedule(Math.min(settings.everyMs, 60_000));

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
