/**
 * The till's sane clock: what time it is, as well as the till can know it, and whether its OS clock is wrong
 * (docs/sync.md, "A till's clock jumps").
 *
 * A till's OS clock can be set two years ahead, or back, by a dead battery or a cashier, and jump again when
 * someone puts it right. Its operations' dates (`occurredAt`, shift and report times, PIN lockouts) must not
 * follow it. So the till keeps an **anchor**: a time it knows to be right and the monotonic clock's reading at that
 * moment. The anchored time — the anchor's time plus the monotonic time elapsed since — is what no change of the OS
 * clock moves; comparing the two shows a jump at once, offline included. The sane time is the OS clock while it
 * agrees with the anchored time to within the threshold (there it is the more precise: an anchor taken from an
 * answer lags by the answer's travel time, and an edit made just after an office edit must still come after it),
 * else the anchored time.
 * - The service's time (every push and pull answer carries it) is the anchor while the process runs.
 * - At start, before the service is reached, the latest time this till knew to be right (kept in `terminal_meta`,
 *   ./clock.ts) is one only when the OS clock is behind it: the clock was set back while the till was off. It is a
 *   lower bound only, so an OS clock later than it is trusted again.
 * - Without an anchor (offline since start, the clock not behind) the OS clock is all there is; the hybrid logical
 *   clock still keeps stamps from going behind the last one.
 *
 * The monotonic clock does not advance while the machine sleeps on every system: a till woken from sleep while
 * offline dates its work from the anchor plus its awake time, and says its clock is ahead, until the service
 * answers again.
 */

/** Where the till reads time. Both in milliseconds; `monotonic` only as differences within one process. */
export interface Clock {
  /** The OS clock: it may be wrong and may jump. */
  now(): number;
  /** A clock that never jumps (`performance.now()`). */
  monotonic(): number;
}

/** The machine's own clocks, read at each call (so a test's fake `Date` is seen). */
export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() };

/**
 * How far the OS clock may be from the sane time before the till calls it wrong. Well above what a sync round
 * trip, a large page's transfer and a day's drift of a cheap quartz clock add up to (seconds), so a healthy till
 * never warns; well below what dating sales needs (a shift's hour, a report's day). It is also how far ahead of
 * the service's time the hybrid logical clock may be before a re-anchor steps it back (./clock.ts).
 */
export const CLOCK_SKEW_THRESHOLD_MS = 2 * 60_000;

/** What the sane time is taken from: the service's time this run, or the last time this till knew to be right. */
export type ClockBasis = 'service' | 'last-known';

/** The clock as the sync status and the health report show it. */
export interface ClockReading {
  /** The OS clock minus the sane time (positive: ahead) while it is off by more than the threshold, else null. */
  readonly skewMs: number | null;
  /** When (by the sane clock, ISO) this skew was first noticed; null with it. */
  readonly since: string | null;
  readonly basis: ClockBasis | null;
  /** The sane time minus the OS clock: what a screen adds to its own clock to date things as the till does. */
  readonly correctionMs: number;
}

interface Anchor {
  readonly atMs: number;
  readonly monotonic: number;
  readonly basis: ClockBasis;
}

export class TillClock {
  private anchor: Anchor | null = null;
  /** When the current skew was noticed (sane time, ms). */
  private skewSinceMs: number | null = null;

  constructor(readonly source: Clock = systemClock) {}

  /** The sane time now, in milliseconds. */
  now(): number {
    const osMs = this.source.now();
    const anchoredMs = this.anchoredNow();
    return anchoredMs === null || Math.abs(osMs - anchoredMs) <= CLOCK_SKEW_THRESHOLD_MS ? osMs : anchoredMs;
  }

  /** The anchor's time plus the monotonic time since, or null without an anchor. */
  private anchoredNow(): number | null {
    const anchor = this.anchor;
    return anchor ? anchor.atMs + (this.source.monotonic() - anchor.monotonic) : null;
  }

  /** Whether the sane time comes from a time known to be right, rather than from the OS clock. */
  anchored(): boolean {
    return this.anchor !== null;
  }

  /** The service answered with its time: the anchor from now on. */
  anchorAtService(serviceMs: number): void {
    if (!Number.isFinite(serviceMs) || serviceMs <= 0) return;
    this.anchor = { atMs: serviceMs, monotonic: this.source.monotonic(), basis: 'service' };
    this.read();
  }

  /** At start: the latest time this till knew to be right. An OS clock behind it was set back while the till was off. */
  resumeFrom(knownRightMs: number | null): void {
    if (this.anchor || knownRightMs === null || !Number.isFinite(knownRightMs)) return;
    if (this.source.now() < knownRightMs - CLOCK_SKEW_THRESHOLD_MS) this.anchor = { atMs: knownRightMs, monotonic: this.source.monotonic(), basis: 'last-known' };
    this.read();
  }

  /** Compares the OS clock with the sane time, noting when a skew beyond the threshold began (or that it ended). */
  read(): ClockReading {
    const osMs = this.source.now();
    // A last-known time is a lower bound: an OS clock that has caught up with it may be right, and is trusted again.
    if (this.anchor?.basis === 'last-known' && osMs >= (this.anchoredNow() ?? osMs) - CLOCK_SKEW_THRESHOLD_MS) this.anchor = null;
    const anchoredMs = this.anchoredNow();
    const basis = this.anchor?.basis ?? null;
    if (anchoredMs === null || Math.abs(osMs - anchoredMs) <= CLOCK_SKEW_THRESHOLD_MS) {
      this.skewSinceMs = null;
      return { skewMs: null, since: null, basis, correctionMs: 0 };
    }
    this.skewSinceMs ??= anchoredMs;
    return { skewMs: osMs - anchoredMs, since: new Date(this.skewSinceMs).toISOString(), basis, correctionMs: anchoredMs - osMs };
  }
}
