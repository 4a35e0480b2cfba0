/**
 * How far the change capture has read the write-ahead log, as this service process knows it (docs/sync.md,
 * "Capture on PostgreSQL": a pull sees every write acknowledged before it began).
 *
 * The leader's consumer (./consumer.ts) knows a position below which every committed transaction is in the log:
 * the end of the last batch it wrote, or, when nothing is pending, the walsender's keepalive position (the walsender
 * has decoded everything before it and sent what concerned the log). It announces that position with `NOTIFY
 * kassa_capture` — a notification writes no WAL, so announcing never makes more to read — and every process,
 * the leader's own included, hears it on its listening connection (server/sync/pokes-listener.ts).
 *
 * A pull reads the WAL's flushed position in its opening statement: every commit acknowledged before the pull began
 * lies below it. If the capture had not read that far before the statement was sent (`position` taken then, never
 * after: what is logged later may not be in the statement's snapshot), the pull waits here — a few milliseconds
 * behind the commit — then reads again; bounded, so a consumer that is down (between leaders) delays a pull, never
 * stops it.
 */

/** The channel the leader announces its read-through position on (payload: the position as a decimal number). */
export const CAPTURE_CHANNEL = 'kassa_capture';

/** How long a pull waits for the capture to reach its start before it serves what is in the log. */
export const PULL_CATCH_UP_MS = 2_000;

export class CaptureProgress {
  private readThrough = 0n;
  private readonly waiters = new Set<{ lsn: bigint; done: () => void }>();

  /** Every commit below this WAL position is in the change log. */
  get position(): bigint {
    return this.readThrough;
  }

  covers(lsn: bigint): boolean {
    return this.readThrough >= lsn;
  }

  /** A position heard from the leader (or the leader's own consumer); positions only move forward. */
  advance(lsn: bigint): void {
    if (lsn <= this.readThrough) return;
    this.readThrough = lsn;
    for (const waiter of this.waiters) if (waiter.lsn <= lsn) waiter.done();
  }

  /** A NOTIFY payload from the channel; anything malformed is ignored. */
  receive(payload: string): void {
    if (/^\d{1,20}$/.test(payload)) this.advance(BigInt(payload));
  }

  /** Resolves true once the capture covers `lsn`, or false after `timeoutMs`. */
  waitFor(lsn: bigint, timeoutMs: number): Promise<boolean> {
    if (this.covers(lsn)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        lsn,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
