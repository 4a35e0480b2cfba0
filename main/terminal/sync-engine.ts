/**
 * Keeps a terminal in sync: a cycle is push-then-pull (./terminal.ts). Cycles run
 * - soon after every local write (`nudge`), when the service is reachable;
 * - periodically (`pullIntervalMs`), so other tills' changes arrive without local activity;
 * - at once on reconnect (`reconnected`), cancelling any back-off wait;
 * - at once when the service pokes this till (./poke-connection.ts, docs/sync.md "Pokes"): a poke during a running
 *   cycle makes one more cycle after it (however many pokes came), so a change committed while the running pull
 *   was already read is never left waiting. While the poke connection is live, polling slows to
 *   `pokedPullIntervalMs`: it stays only as the fallback for a poke lost on the way;
 * - at once when the live poke connection is lost (a probe): the service may have died, and "Online" must not
 *   outlive it until the next poll. A dead service refuses the probe within milliseconds ("no network"); one that
 *   accepts and never answers is shown "not answering" once the probe has gone `probeAnswerMs` without an answer
 *   (the call itself waits its full deadline). At most one probe per `probeGapMs`, none during a failure's back-off,
 *   so a flapping connection cannot make a storm of cycles.
 * A failed cycle waits an exponentially growing, fully jittered delay (capped) on its own timer: the retry does
 * not depend on the cashier doing something, and a burst of local writes while offline does not hammer the
 * network. Only one cycle runs at a time. Status changes are reported to `onStatus`.
 */
import { ServiceNotAnswering, SyncRefused, type RedownloadProgress, type Terminal } from './terminal.js';
import type { PokeLink, PokeLinkState } from './poke-connection.js';
import type { ClockReading } from './till-clock.js';

/**
 * Why the last cycle failed, in five kinds the till shows apart (issue 14, item 5):
 * - `no-network`: the service could not be reached at all (no route, connection refused, DNS);
 * - `not-answering`: it was reached and did not answer within the deadline (frozen, overloaded, a hung proxy);
 * - `credential-refused`: it answered 401 — the owner revoked this till or deleted its workplace; the till takes
 *   no new operations until it is enrolled again, and this stays across restarts (terminal.ts);
 * - `busy`: it answered 503 or 429 — too busy now (a conflict with other writers, its database out of reach, a rate
 *   limit): nothing is wrong with this till's operations, and the wait honours the service's Retry-After;
 * - `service-error`: it answered with another failure (other 5xx, 4xx of the protocol).
 */
export type SyncProblem = 'no-network' | 'not-answering' | 'credential-refused' | 'busy' | 'service-error';

export interface SyncStatus {
  readonly online: boolean;
  readonly syncing: boolean;
  readonly pendingOperations: number;
  readonly needsAttention: number;
  /** Operations of this till applied with warnings nobody has marked seen yet (main/terminal/warnings.ts). */
  readonly openWarnings: number;
  /** ISO time of the last cycle that completed. */
  readonly lastSyncAt: string | null;
  /** Why the last cycle failed (no internals): "offline", "the service answered 503", … */
  readonly lastError: string | null;
  /** When the next attempt is due after a failure (ISO), or null. */
  readonly retryAt: string | null;
  /** The kind of the current failure, or null while cycles complete. */
  readonly problem: SyncProblem | null;
  /** When the current kind of failure began (ISO): the first failure of a run of the same kind. */
  readonly problemSince: string | null;
  /** The service's HTTP status for `service-error` and `busy` (and 401 for `credential-refused`), else null. */
  readonly problemStatus: number | null;
  /** The tables the last completed cycle's pull changed (`*`: all of them, after a fresh download). */
  readonly changedTables?: readonly string[];
  /**
   * How this till hears of other tills' changes: `live` while its poke connection is up (it pulls at once),
   * `polling` otherwise (every `pullIntervalMs`).
   */
  readonly updates: 'live' | 'polling';
  /**
   * While the till downloads its scope again after the service's reset (its cursor fell below the retention floor,
   * or its scope changed): the reason and the progress, as the first download reports it; null otherwise.
   */
  readonly redownload?: RedownloadProgress | null;
  /**
   * The till's clock (./till-clock.ts): how far the OS clock is off while it is off by more than 2 minutes, since
   * when, and what screens add to their own clock to date things as the till does. Read with the counts, after every
   * write and every cycle (offline too), so a jump shows by the next sale or retry at the latest.
   */
  readonly clock?: ClockReading;
  /** When the service told this till it is a copy of another till (./terminal.ts `copyDetectedAt`), else null. */
  readonly copyDetectedAt?: string | null;
  /** Operations the service lost in a restore that this till is sending again (./rewind.ts). */
  readonly resendsWaiting?: number;
  /** What went wrong here that nobody at the till has marked seen (./incidents.ts). */
  readonly unseenIncidents?: number;
  /**
   * Why the service refuses this till's credential (with `credential-refused`): REVOKED by the owner, or
   * TERMINAL_UNKNOWN — the service was restored from a backup taken before this till was connected; null otherwise.
   */
  readonly refusedReason?: 'REVOKED' | 'TERMINAL_UNKNOWN' | null;
}

/** What the engine gives a poke link: call `poke` to ask for a pull, `state` when the connection changes. */
export interface PokeEvents {
  poke(): void;
  state(state: PokeLinkState): void;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SyncEngineOptions {
  readonly pullIntervalMs?: number;
  /** The polling interval while the poke connection is live (pokes bring changes; polling only backs them up). */
  readonly pokedPullIntervalMs?: number;
  /** Opens the poke connection (main/terminal/poke-connection.ts); none: the till only polls. */
  readonly pokes?: (events: PokeEvents) => PokeLink;
  readonly baseBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Delay between a local write and the cycle it triggers (writes in a burst share one cycle). */
  readonly nudgeDelayMs?: number;
  /** How long the cycle probing a lost poke connection may go unanswered before the status says "not answering". */
  readonly probeAnswerMs?: number;
  /** The least time between two probes for lost poke connections (a flapping connection probes no more often). */
  readonly probeGapMs?: number;
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
  /** A poke arrived while a cycle ran: run one more when it ends. */
  private pokedDuringCycle = false;
  /** The poke connection was lost while a cycle ran (which may have been answered just before): probe after it. */
  private lostDuringCycle = false;
  /** The next cycle probes a lost poke connection (its answer is watched: see `probeAnswerMs`). */
  private probeNext = false;
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  private link: PokeLink | null = null;
  private status: SyncStatus = {
    online: false,
    syncing: false,
    pendingOperations: 0,
    needsAttention: 0,
    openWarnings: 0,
    lastSyncAt: null,
    lastError: null,
    retryAt: null,
    problem: null,
    problemSince: null,
    problemStatus: null,
    updates: 'polling',
  };
  private readonly options: Required<Omit<SyncEngineOptions, 'onStatus' | 'pokes'>> & Pick<SyncEngineOptions, 'onStatus' | 'pokes'>;

  constructor(
    private readonly terminal: Terminal,
    options: SyncEngineOptions = {},
  ) {
    this.options = {
      pullIntervalMs: options.pullIntervalMs ?? 30_000,
      pokedPullIntervalMs: options.pokedPullIntervalMs ?? 300_000,
      pokes: options.pokes,
      baseBackoffMs: options.baseBackoffMs ?? 1_000,
      maxBackoffMs: options.maxBackoffMs ?? 60_000,
      nudgeDelayMs: options.nudgeDelayMs ?? 50,
      probeAnswerMs: options.probeAnswerMs ?? 3_000,
      probeGapMs: options.probeGapMs ?? 5_000,
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
    void this.refreshCounts();
    this.schedule(0);
    this.link ??= this.options.pokes?.({ poke: () => this.poked(), state: (state) => this.linkChanged(state) }) ?? null;
    this.link?.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel();
    await this.link?.stop();
    await this.running;
  }

  /**
   * The service says something in this till's scope changed: pull now, or right after the running cycle. Not
   * while a failure's back-off runs for a reason the poke does not disprove (the service answered with an error,
   * or refused the credential): pokes come with every commit, and must not turn a back-off into a hammering.
   */
  private poked(): void {
    if (this.stopped) return;
    if (this.running) {
      this.pokedDuringCycle = true;
      return;
    }
    const { problem } = this.status;
    if (this.status.retryAt !== null && problem !== 'no-network' && problem !== 'not-answering') return;
    this.schedule(0);
  }

  private linkChanged(state: PokeLinkState): void {
    const updates = state === 'live' ? 'live' : 'polling';
    if (updates === this.status.updates) return;
    this.update({ updates });
    if (updates === 'polling') this.linkLost();
  }

  /**
   * The live poke connection was lost: the service may be gone, so find out now rather than at the next poll — a
   * probe cycle (and, after it, polling at the short interval). Not during a failure's back-off: the bar already
   * says what is wrong, and the back-off's timer stands. A cycle running now may have been answered before the loss:
   * the probe follows it.
   */
  private linkLost(): void {
    if (this.stopped || this.status.retryAt !== null) return;
    if (this.running) {
      this.lostDuringCycle = true;
      return;
    }
    this.probeNext = true;
    this.schedule(Math.max(0, this.lastProbeAt + this.options.probeGapMs - Date.now()));
  }

  /** Something the counts show changed without a write to send (a warning marked seen): report them again. */
  recount(): void {
    void this.refreshCounts();
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

  /**
   * A whole cycle that starts after this call ("Sync now"): a running one — with pokes there often is one — may have
   * pulled before what the caller wants to see was committed, so it is waited for and then one more runs.
   */
  async runFresh(): Promise<void> {
    if (this.running) await this.running.catch(() => undefined);
    await this.runOnce();
  }

  /** Runs one cycle now (or joins the running one). */
  runOnce(): Promise<void> {
    this.running ??= this.cycle().finally(() => {
      this.running = null;
      if (this.lostDuringCycle) {
        this.lostDuringCycle = false;
        this.linkLost();
      } else if (this.pokedDuringCycle) {
        this.pokedDuringCycle = false;
        this.poked();
      }
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

  /**
   * Full jitter: uniformly within [0, min(cap, base·2^failures)]. A busy service's Retry-After is the least it
   * waits (a fleet told "1 s" must not all come back at once sooner), within the cap.
   */
  private backoff(retryAfterMs: number | null = null): number {
    const ceiling = Math.min(this.options.maxBackoffMs, this.options.baseBackoffMs * 2 ** Math.min(this.failures, 30));
    const jittered = Math.round(this.options.random() * ceiling);
    return retryAfterMs === null ? jittered : Math.min(this.options.maxBackoffMs, Math.max(retryAfterMs, jittered));
  }

  private async refreshCounts() {
    const counts = {
      pendingOperations: await this.terminal.pendingOperations(),
      needsAttention: (await this.terminal.inbox()).length,
      openWarnings: await this.terminal.openWarningCount(),
      clock: this.terminal.store.clock.read(),
      copyDetectedAt: await this.terminal.copyDetectedAt(),
      resendsWaiting: await this.terminal.resendsWaiting(),
      unseenIncidents: (await this.terminal.incidents()).length,
      refusedReason: await this.terminal.credentialRefusedReason(),
    };
    // A refused credential is remembered by the terminal (across restarts), so the state shows before any cycle.
    const refusedAt = await this.terminal.credentialRefusedAt();
    if (refusedAt !== null && this.status.problem !== 'credential-refused') {
      this.update({ ...counts, online: false, problem: 'credential-refused', problemSince: refusedAt, problemStatus: 401, lastError: 'the service refused this terminal’s credential' });
    } else this.update(counts);
  }

  private update(change: Partial<SyncStatus>) {
    this.status = { ...this.status, ...change };
    this.options.onStatus?.(this.status);
  }

  /**
   * Watches a probe cycle: unanswered after `probeAnswerMs`, the service is shown "not answering" at once, while the
   * call waits out its own deadline (a slow answer then still counts). Returns the watch's cancel.
   */
  private watchProbe(): () => void {
    if (!this.probeNext) return () => undefined;
    this.probeNext = false;
    this.lastProbeAt = Date.now();
    const watch = this.options.timers.set(() => {
      if (!this.running || this.status.problem === 'not-answering') return;
      const seconds = this.options.probeAnswerMs / 1000;
      this.update({ online: false, problem: 'not-answering', problemSince: new Date().toISOString(), problemStatus: null, lastError: `the service did not answer within ${seconds} s` });
    }, this.options.probeAnswerMs);
    return () => this.options.timers.clear(watch);
  }

  private async cycle(): Promise<void> {
    this.update({ syncing: true, retryAt: null });
    const unwatch = this.watchProbe();
    try {
      const pulled = await this.terminal.sync((progress) => this.update({ redownload: progress }));
      unwatch();
      this.failures = 0;
      this.update({
        online: true,
        syncing: false,
        lastSyncAt: new Date().toISOString(),
        lastError: null,
        retryAt: null,
        problem: null,
        problemSince: null,
        problemStatus: null,
        changedTables: pulled.tables,
        redownload: null,
      });
      await this.refreshCounts();
      if (!this.stopped) this.schedule(this.status.updates === 'live' ? this.options.pokedPullIntervalMs : this.options.pullIntervalMs);
    } catch (error) {
      unwatch();
      this.failures += 1;
      const { problem, status, reason, retryAfterMs } = classify(error);
      const wait = this.backoff(retryAfterMs);
      // Reported with the next pull that gets through (fleet health).
      this.terminal.health.noteSyncError(reason);
      const since = this.status.problem === problem && this.status.problemSince ? this.status.problemSince : new Date().toISOString();
      // Refused (e.g. 503) means the service was reached; anything else means it was not.
      this.update({
        redownload: null,
        online: problem === 'service-error' || problem === 'busy',
        syncing: false,
        lastError: reason,
        retryAt: new Date(Date.now() + wait).toISOString(),
        problem,
        problemSince: problem === 'credential-refused' ? ((await this.terminal.credentialRefusedAt()) ?? since) : since,
        problemStatus: status,
      });
      await this.refreshCounts();
      if (!this.stopped) this.schedule(wait);
    }
  }
}

interface Classified {
  readonly problem: SyncProblem;
  readonly status: number | null;
  readonly reason: string;
  /** How long a busy service asked the till to wait, in ms, or null. */
  readonly retryAfterMs: number | null;
}

/** The kind of a failed cycle (see SyncProblem), with the service's status and a reason without internals. */
function classify(error: unknown): Classified {
  if (error instanceof SyncRefused) {
    const { status } = error;
    if (status === 401) return { problem: 'credential-refused', status, reason: 'the service refused this terminal’s credential', retryAfterMs: null };
    if (status === 503 || status === 429) return { problem: 'busy', status, reason: `the service is busy (${status})`, retryAfterMs: error.retryAfterMs };
    return { problem: 'service-error', status, reason: `the service answered ${status}`, retryAfterMs: null };
  }
  if (error instanceof ServiceNotAnswering) return { problem: 'not-answering', status: null, reason: error.message, retryAfterMs: null };
  return { problem: 'no-network', status: null, reason: 'offline', retryAfterMs: null };
}
