/**
 * A hybrid logical clock (Kulkarni et al., 2014; the "HULC" of Actual Budget) for a terminal's business time.
 *
 * Sync never orders anything by it — server versions do that (docs/sync.md). It gives `occurredAt`, when the
 * cashier did something, two properties a plain OS clock lacks on a till:
 * - it never goes backwards on this terminal, even when the OS clock is set back (a dead CMOS battery, a cashier
 *   fixing the time by hand), and two events in one millisecond still have an order (the counter);
 * - it never lags a time it has seen from the service: after a push answered with the service's time, the next
 *   operation is not stamped earlier than that, so a till whose clock runs hours slow stops producing sales
 *   "before" ones the service already holds.
 *
 * It does not block on skew (Actual's 5-minute drift error locked users out): it keeps the larger time — except
 * on an explicit re-anchor (`reanchor`), when the till has learnt the sane time and finds itself far ahead of it.
 * Text form: `2026-11-22T09:58:11.004Z-0003-<node>` (ISO time, counter as 4 hex digits, node id), which sorts as
 * the clock orders.
 */

export interface Hlc {
  /** Milliseconds since the epoch: the larger of the physical clock and every time seen. */
  readonly wallMs: number;
  /** Orders events within one `wallMs`; 0 whenever `wallMs` moves forward. */
  readonly counter: number;
  /** This clock's owner (the terminal), so two clocks' stamps never compare equal. */
  readonly node: string;
}

/** The counter's limit (4 hex digits); beyond it the clock moves to the next millisecond instead of overflowing. */
export const MAX_COUNTER = 0xffff;

/** Latest time accepted from anyone (year 9999): a corrupt stamp must not throw the clock out of the date range. */
const MAX_WALL_MS = Date.parse('9999-12-31T23:59:59.999Z');

function advance(wallMs: number, counter: number, node: string): Hlc {
  return counter > MAX_COUNTER ? { wallMs: wallMs + 1, counter: 0, node } : { wallMs, counter, node };
}

/** A local event (an operation done at the till): strictly after the previous stamp and not behind `nowMs`. */
export function tick(last: Hlc | null, nowMs: number, node: string): Hlc {
  const lastMs = last?.wallMs ?? 0;
  if (nowMs > lastMs) return { wallMs: nowMs, counter: 0, node };
  return advance(lastMs, (last?.counter ?? 0) + 1, node);
}

/**
 * A time seen from elsewhere (the service's clock in a push answer): the clock moves to the largest of its own
 * time, the remote one and `nowMs`. Invalid or absurd remote times are ignored.
 */
export function receive(last: Hlc | null, remoteMs: number, nowMs: number, node: string): Hlc {
  const lastMs = last?.wallMs ?? 0;
  const remote = Number.isFinite(remoteMs) && remoteMs > 0 && remoteMs <= MAX_WALL_MS ? remoteMs : 0;
  const wallMs = Math.max(lastMs, remote, nowMs);
  if (wallMs === lastMs) return advance(wallMs, (last?.counter ?? 0) + 1, node);
  // The remote time is an event at (remote, 0): this one comes after it.
  if (wallMs === remote) return { wallMs, counter: 1, node };
  return { wallMs, counter: 0, node };
}

/**
 * The till learnt the sane time (`saneMs`: the service's time, or its own clock checked against it). Within
 * `toleranceMs` this is an ordinary remote time (`receive`): the clock stays monotonic, as network delays and small
 * drifts always leave it a little ahead. Further ahead than that, the clock was carried into the future by an OS
 * clock set wrong (two years ahead, say) and would otherwise stamp every later operation there until that date:
 * it steps back to the sane time.
 *
 * Stepping back is safe because nothing orders by this clock: sync orders by the service's versions and a till's
 * queue by its seq; `occurredAt` is only when the cashier did it, and descriptive edits' stamps are capped at the
 * service's arrival time and raised to the till's own earlier stamps on the service (app/field-versions.ts).
 */
export function reanchor(last: Hlc | null, saneMs: number, node: string, toleranceMs: number): Hlc | null {
  // An unreadable or absurd time teaches nothing: the clock stays as it was.
  if (!(Number.isFinite(saneMs) && saneMs > 0 && saneMs <= MAX_WALL_MS)) return last;
  if (!last || last.wallMs - saneMs <= toleranceMs) return receive(last, saneMs, saneMs, node);
  return { wallMs: saneMs, counter: 0, node };
}

/** The stamp as text; its ISO part is the business time (`occurredAt`). */
export function formatHlc(clock: Hlc): string {
  return `${new Date(clock.wallMs).toISOString()}-${clock.counter.toString(16).padStart(4, '0')}-${clock.node}`;
}

/** `occurredAt`: the stamp's time, as an ISO string. */
export function hlcTime(clock: Hlc): string {
  return new Date(clock.wallMs).toISOString();
}

const FORM = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)-([0-9a-f]{4})-(.+)$/;

/** Reads a stamp written by `formatHlc`; null for anything else. */
export function parseHlc(text: string | null | undefined): Hlc | null {
  const match = FORM.exec(text ?? '');
  if (!match) return null;
  const wallMs = Date.parse(match[1]!);
  if (!Number.isFinite(wallMs)) return null;
  return { wallMs, counter: Number.parseInt(match[2]!, 16), node: match[3]! };
}
