/**
 * The till's sane clock and its detector (main/terminal/till-clock.ts), on a fake machine clock: the OS clock can
 * be set anywhere; the monotonic clock only moves forward with real time.
 */
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_THRESHOLD_MS, TillClock, type Clock } from '../../main/terminal/till-clock.js';

const T = Date.parse('2026-11-25T09:00:00.000Z');
const DAY = 86_400_000;
const TWO_YEARS = 730 * DAY;

/** A machine whose OS clock starts at `osMs`: `pass` lets real time go by, `setOs` is someone setting the clock. */
function machine(osMs = T) {
  let os = osMs;
  let monotonic = 5_000;
  const clock: Clock = { now: () => os, monotonic: () => monotonic };
  return {
    clock,
    pass(ms: number) {
      os += ms;
      monotonic += ms;
    },
    setOs(ms: number) {
      os = ms;
    },
  };
}

describe('the till’s sane clock', () => {
  it('follows the OS clock while it knows no better, and warns of nothing', () => {
    const m = machine();
    const clock = new TillClock(m.clock);
    m.setOs(T + TWO_YEARS);
    expect(clock.now()).toBe(T + TWO_YEARS);
    expect(clock.read()).toEqual({ skewMs: null, since: null, basis: null, correctionMs: 0 });
  });

  it('dates by the service’s time plus the time elapsed since, whatever the OS clock does after', () => {
    const m = machine();
    const clock = new TillClock(m.clock);
    clock.anchorAtService(T);
    m.pass(10_000);
    m.setOs(T + 10_000 + TWO_YEARS);
    m.pass(5_000);
    expect(clock.now()).toBe(T + 15_000);
    expect(clock.read()).toEqual({ skewMs: TWO_YEARS, since: new Date(T + 15_000).toISOString(), basis: 'service', correctionMs: -TWO_YEARS });
  });

  it('notices an OS clock set back while offline, from its own monotonic clock', () => {
    const m = machine();
    const clock = new TillClock(m.clock);
    clock.anchorAtService(T);
    m.pass(60_000);
    m.setOs(T + 60_000 - DAY);
    expect(clock.read()).toMatchObject({ skewMs: -DAY, basis: 'service', correctionMs: DAY });
    expect(clock.now()).toBe(T + 60_000);
  });

  it('keeps when a skew began while it lasts, and clears it once the clock is put right', () => {
    const m = machine();
    const clock = new TillClock(m.clock);
    clock.anchorAtService(T);
    m.setOs(T + TWO_YEARS);
    const first = clock.read();
    m.pass(30 * 60_000);
    expect(clock.read().since).toBe(first.since);
    m.setOs(T + 30 * 60_000);
    expect(clock.read()).toMatchObject({ skewMs: null, since: null, basis: 'service', correctionMs: 0 });
    expect(clock.now()).toBe(T + 30 * 60_000);
  });

  it('says nothing of an OS clock off by less than the threshold, and dates by it: it is the more precise', () => {
    const m = machine(T + CLOCK_SKEW_THRESHOLD_MS - 1_000);
    const clock = new TillClock(m.clock);
    clock.anchorAtService(T);
    expect(clock.read()).toEqual({ skewMs: null, since: null, basis: 'service', correctionMs: 0 });
    expect(clock.now()).toBe(T + CLOCK_SKEW_THRESHOLD_MS - 1_000);
    m.setOs(T + CLOCK_SKEW_THRESHOLD_MS + 1_000);
    expect(clock.now()).toBe(T);
  });

  it('at start, takes an OS clock behind the last time it knew to be right as set back, and dates on from that time', () => {
    const m = machine(T - 3 * DAY);
    const clock = new TillClock(m.clock);
    clock.resumeFrom(T);
    m.pass(60_000);
    expect(clock.now()).toBe(T + 60_000);
    expect(clock.read()).toMatchObject({ skewMs: -3 * DAY, basis: 'last-known' });
  });

  it('at start, trusts an OS clock later than the last time it knew to be right', () => {
    const m = machine(T + 5 * DAY);
    const clock = new TillClock(m.clock);
    clock.resumeFrom(T);
    expect(clock.anchored()).toBe(false);
    expect(clock.now()).toBe(T + 5 * DAY);
    expect(clock.read().skewMs).toBeNull();
  });

  it('trusts the OS clock again once it is put past the last time it knew to be right', () => {
    const m = machine(T - 3 * DAY);
    const clock = new TillClock(m.clock);
    clock.resumeFrom(T);
    m.setOs(T + DAY);
    expect(clock.read()).toEqual({ skewMs: null, since: null, basis: null, correctionMs: 0 });
    expect(clock.now()).toBe(T + DAY);
  });

  it('takes the service’s time over the last time it knew to be right', () => {
    const m = machine(T - 3 * DAY);
    const clock = new TillClock(m.clock);
    clock.resumeFrom(T - DAY);
    clock.anchorAtService(T);
    expect(clock.now()).toBe(T);
    expect(clock.read()).toMatchObject({ skewMs: -3 * DAY, basis: 'service' });
  });
});
