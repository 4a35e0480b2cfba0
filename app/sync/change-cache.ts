/**
 * The recent change log of each terminal scope, kept in memory as the JSON text pull pages are made of.
 *
 * Why: a fleet of tills pulls after every sale, and every till of a business receives every business-wide change —
 * so each change is read from the database once per till. With 200 tills that read, not the writes, saturated the
 * service on PostgreSQL (BENCHMARKS.md, "Sync"). A committed version of the log never changes (versions are in
 * commit order and the head only covers logged ones, db/change-capture.ts; windows hold whatever versions exist in
 * (lo, hi], gaps included), so once read it can be served from memory to every till
 * of the same scope; a pull then asks the database only for the versions newer than the window holds.
 *
 * A window holds, for one (business, scope key), every in-scope entry of the versions in (lo, hi] — complete,
 * because it is filled only from reads of the log in a snapshot whose head was at least hi. Windows are replaced
 * whole, never edited, so a pull that took one before an await keeps a consistent copy. Memory is bounded: a
 * window keeps its newest versions up to a number of entries, and the least recently used windows go first.
 *
 * Compaction (./compaction.ts) rewrites versions below its horizon. A window filled before may still hold images
 * compaction has since dropped as superseded: serving them is harmless (every page carries the record's newer
 * image too, and a terminal keeps the newest) — pages differ, the state they lead to does not. Below the retention
 * floor nothing is served: the pull resets such a cursor first, and `noteFloor` trims the windows.
 */

/**
 * The entries of one version in one terminal scope: the log's records of that version in the scopes the terminal
 * receives (one piece each, entries separated by commas), how many entries they hold, and their size in UTF-8.
 */
export interface CachedVersion {
  readonly version: bigint;
  readonly pieces: readonly string[];
  readonly entryCount: number;
  readonly byteCount: number;
}

export interface ScopeWindow {
  /** Exclusive lower bound: versions above it are complete here. */
  readonly lo: bigint;
  /** Inclusive upper bound. */
  readonly hi: bigint;
  /** Only versions that have entries in scope, ascending; a version in (lo, hi] not listed has none. */
  readonly versions: readonly CachedVersion[];
  readonly entryCount: number;
}

export interface ChangeCacheLimits {
  /** Entries one window keeps (its oldest versions go first). */
  readonly entriesPerWindow: number;
  /** Entries all windows together keep (the least recently used windows go first). */
  readonly entriesInAll: number;
}

const DEFAULT_LIMITS: ChangeCacheLimits = { entriesPerWindow: 20_000, entriesInAll: 200_000 };

export class ChangeCache {
  /** In least-recently-used order: a Map iterates in insertion order, and a use re-inserts. */
  private readonly windows = new Map<string, ScopeWindow>();
  private total = 0;
  /** The highest retention floor a pull has read per business (app/sync/compaction.ts). */
  private readonly floors = new Map<string, bigint>();

  constructor(private readonly limits: ChangeCacheLimits = DEFAULT_LIMITS) {}

  window(businessId: string, scopeKey: string): ScopeWindow | undefined {
    const key = `${businessId}\n${scopeKey}`;
    const window = this.windows.get(key);
    if (window) {
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    return window;
  }

  /**
   * Records that `versions` are every in-scope entry of (from, upTo]. Joined to the window when the two ranges
   * touch or overlap (what the window holds below `from` stays), otherwise it starts a new window — unless the
   * window already reaches further than `upTo` (a newer read got there first).
   */
  record(businessId: string, scopeKey: string, from: bigint, upTo: bigint, versions: readonly CachedVersion[]): void {
    const key = `${businessId}\n${scopeKey}`;
    const current = this.windows.get(key);
    if (current && current.hi >= upTo) return;
    let next: ScopeWindow;
    if (current && current.lo <= from && from <= current.hi) {
      const kept = current.versions.filter((version) => version.version <= from);
      next = windowOf(current.lo, upTo, [...kept, ...versions]);
    } else {
      next = windowOf(from, upTo, versions);
    }
    next = trimmed(next, this.limits.entriesPerWindow);
    if (current) {
      this.windows.delete(key);
      this.total -= current.entryCount;
    }
    this.windows.set(key, next);
    this.total += next.entryCount;
    for (const [oldest, window] of this.windows) {
      if (this.total <= this.limits.entriesInAll || oldest === key) break;
      this.windows.delete(oldest);
      this.total -= window.entryCount;
    }
  }

  /**
   * A pull read the business's retention floor: every window of the business forgets the versions at or below it,
   * so no window ever holds (or could serve) what lies below the floor — a pull checks the cursor against the floor
   * it read before it looks at a window anyway; this keeps the memory of dropped versions from lingering. Cheap
   * when the floor did not move (one map lookup per pull).
   */
  noteFloor(businessId: string, floor: bigint): void {
    if (floor <= (this.floors.get(businessId) ?? 0n)) return;
    this.floors.set(businessId, floor);
    const prefix = `${businessId}\n`;
    for (const [key, window] of [...this.windows]) {
      if (!key.startsWith(prefix) || window.lo >= floor) continue;
      const next = window.hi <= floor ? windowOf(floor, floor, []) : windowOf(floor, window.hi, window.versions.filter((version) => version.version > floor));
      this.windows.set(key, next);
      this.total += next.entryCount - window.entryCount;
    }
  }

  /** Forgets everything (a test helper, and what a service does if it ever rewrites its log). */
  clear(): void {
    this.windows.clear();
    this.floors.clear();
    this.total = 0;
  }
}

function windowOf(lo: bigint, hi: bigint, versions: readonly CachedVersion[]): ScopeWindow {
  return { lo, hi, versions, entryCount: versions.reduce((sum, version) => sum + version.entryCount, 0) };
}

/** Drops the oldest versions until at most `limit` entries remain; the window then starts after the last dropped. */
function trimmed(window: ScopeWindow, limit: number): ScopeWindow {
  if (window.entryCount <= limit) return window;
  let count = window.entryCount;
  let drop = 0;
  while (drop < window.versions.length && count > limit) {
    count -= window.versions[drop]!.entryCount;
    drop += 1;
  }
  const lo = drop > 0 ? window.versions[drop - 1]!.version : window.lo;
  return windowOf(lo, window.hi, window.versions.slice(drop));
}

/** One cache per database the service serves (tests run many services, each on its own database, in one process). */
const caches = new WeakMap<object, ChangeCache>();

export function changeCacheFor(database: object): ChangeCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ChangeCache();
    caches.set(database, cache);
  }
  return cache;
}
