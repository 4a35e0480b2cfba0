/**
 * The till's sane "now" on screen. The core dates work by its sane clock, not by an OS clock that is off
 * (main/terminal/till-clock.ts); the renderer runs on the same machine, so it takes its own clock and adds the
 * correction the core reports with the sync status (`clock.correctionMs`). Defaults that carry a date — a shift's
 * name, a receipt's name, "today" in a list — read it here.
 */
import { useCallback } from 'react';
import type { ClockPayload } from '../../shared/terminal-contract.js';
import type { MessageKey, Translate } from '../i18n/index.js';
import { useTerminal } from '../state/context.js';

/** The correction, to the second: its milliseconds change with every sync's delay and mean nothing on screen. */
function correctionOf(clock: ClockPayload | null | undefined): number {
  return Math.round((clock?.correctionMs ?? 0) / 1000) * 1000;
}

/** The sane time now, given the core's clock reading (none: the OS clock). */
export function saneNow(clock: ClockPayload | null | undefined, osNowMs: number = Date.now()): Date {
  return new Date(osNowMs + correctionOf(clock));
}

/** A function giving the sane time now; it changes only when the correction does (a clock set or put right). */
export function useSaneClock(): () => Date {
  const correction = useTerminal((state) => correctionOf(state.sync?.clock));
  return useCallback(() => new Date(Date.now() + correction), [correction]);
}

const UNITS: readonly [MessageKey, number][] = [
  ['clock.years', 365 * 86_400_000],
  ['clock.days', 86_400_000],
  ['clock.hours', 3_600_000],
  ['clock.minutes', 60_000],
];

/** "2 years", "3 days", "5 hours", "12 minutes": the largest whole unit, as the cashier would say it. */
export function skewAmount(skewMs: number, t: Translate): string {
  const size = Math.abs(skewMs);
  const [key, unit] = UNITS.find(([, ms]) => size >= ms) ?? UNITS[UNITS.length - 1]!;
  return t(key, { count: Math.max(1, Math.round(size / unit)) });
}

/** The warning in words while the computer's clock is off, or null while it is right. */
export function clockWarningText(clock: ClockPayload | null | undefined, t: Translate): string | null {
  if (!clock || clock.skewMs === null) return null;
  const amount = skewAmount(clock.skewMs, t);
  if (clock.basis === 'last-known') return t('clock.behindLastKnown', { amount });
  return t(clock.skewMs > 0 ? 'clock.aheadOfService' : 'clock.behindService', { amount });
}
