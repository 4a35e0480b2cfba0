/**
 * Keeps a terminal in sync: a cycle is push-then-pull (./terminal.ts). Cycles run
 * - soon after every local write (`nudge`), when the service is reachable;
 * - periodically (`pullIntervalMs`), so other tills' changes arrive without local activity;
 * - at once on reconnect (`reconnected`), cancelling any back-off wait.
 * A failed cycle waits an exponentially growing, fully jittered delay (capped) on its own timer: the retry does
 * not depend on the cashier doing something, and a burst of local writes while offline does not hammer the
 * network. Only one cycle runs at a time. Status changes are reported to `onStatus`.
 */
import { SyncRefused, type Terminal } from './terminal.js';

export interface SyncStatus {
  readonly online: boolean;
  readonly syncing: boolean;
  readonly pendingOperations: number;
  readonly needsAttention: number;
  /** ISO time of the last cycle that completed. */
  readonly lastSyncAt: string | null;
  /** Why the last cycle failed (no internals): "offline", "the service answered 503", … */
  readonly lastError: string | null;
  /** When the next attempt is due after a failure (ISO), or null. */
  readonly retryAt: string | null;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SyncEngineOptions {
  readonly pullIntervalMs?: number;
  readonly baseBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Delay between a local write and the cycle it triggers (writes in a burst share one cycle). */
  readonly nudgeDelayMs?: number;
  readonly random?: () => number;
  readonly timers?: Timers;
  readonly onStatus?: (status: SyncStatus) => void;
}

const realTimers: Timers = { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) };

export class SyncEngine {
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private stopped = true;
  private status: SyncStatus = { online: false, syncing: false, pendingOperations: 0, needsAttention: 0, lastSyncAt: null, lastError: null, retryAt: null };
  private readonly options: Required<Omit<SyncEngineOptions, 'onStatus'>> & Pick<SyncEngineOptions, 'onStatus'>;

  constructor(
    private readonly terminal: Terminal,
    options: SyncEngineOptions = {},
  ) {
    this.options = {
      pullIntervalMs: options.pullIntervalMs ?? 30_000,
      baseBackoffMs: options.baseBackoffMs ?? 1_000,
      maxBackoffMs: options.maxBackoffMs ?? 60_000,
      nudgeDelayMs: options.nudgeDelayMs ?? 50,
      random: options.random ?? Math.random,
      timers: options.timers ?? realTimers,
      onStatus: options.onStatus,
    };
  }

  current(): SyncStatus {
    return this.status;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel();
    await this.running;
  }

  /** A local write happened: sync soon — unless a failure's back-off is running, whose timer stands. */
  nudge(): void {
    // The counts change with every local write: report them now, not only when the next cycle ends.
    void this.refreshCounts();
    if (this.stopped || this.status.retryAt !== null) return;
    this.schedule(this.options.nudgeDelayMs);
  }

  /** The network is back (or the user asked): try at once. */
  reconnected(): void {
    if (this.stopped) return;
    this.failures = 0;
    this.schedule(0);
  }

  /** Runs one cycle now (or joins the running one). */
  runOnce(): Promise<void> {
    this.running ??= this.cycle().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private cancel() {
    if (this.timer !== null) this.options.timers.clear(this.timer);
    this.timer = null;
  }

  private schedule(ms: number) {
    this.cancel();
    this.timer = this.options.timers.set(() => {
      this.timer = null;
      void this.runOnce();
    }, ms);
  }

  /** Full jitter: uniformly within [0, min(cap, base·2^failures)]. */
  private backoff(): number {
    const ceiling = Math.min(this.options.maxBackoffMs, this.options.baseBackoffMs * 2 ** Math.min(this.failures, 30));
    return Math.round(this.options.random() * ceiling);
  }

  private async refreshCounts() {
    this.update({ pendingOperations: await this.terminal.pendingOperations(), needsAttention: (await this.terminal.inbox()).length });
  }

  private update(change: Partial<SyncStatus>) {
    this.status = { ...this.status, ...change };
    this.options.onStatus?.(this.status);
  }

  private async cycle(): Promise<void> {
    this.update({ syncing: true, retryAt: null });
    try {
      await this.terminal.sync();
      this.failures = 0;
      this.update({ online: true, syncing: false, lastSyncAt: new Date().toISOString(), lastError: null, retryAt: null });
      await this.refreshCounts();
      if (!this.stopped) this.schedule(this.options.pullIntervalMs);
    } catch (error) {
      this.failures += 1;
      const wait = this.backoff();
      const reason = error instanceof SyncRefused ? `the service answered ${error.status}` : 'offline';
      // Refused (e.g. 503, 401) means the service was reached; anything else means it was not.
      this.update({ online: error instanceof SyncRefused, syncing: false, lastError: reason, retryAt: new Date(Date.now() + wait).toISOString() });
      await this.refreshCounts();
      if (!this.stopped) this.schedule(wait);
    }
  }
}
