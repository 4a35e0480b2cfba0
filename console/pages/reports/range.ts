/**
 * The date range of a report, in the owner's calendar as the browser keeps it: days as "YYYY-MM-DD" (what a date
 * input holds), quick choices (today, yesterday, the last 7 days, this month), the time zone's offset the service
 * buckets by (minutes east of UTC), and the instants a day range covers for lists filtered here (shifts).
 */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

export type QuickRange = 'today' | 'yesterday' | 'week' | 'month';
export const QUICK_RANGES: readonly QuickRange[] = ['today', 'yesterday', 'week', 'month'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of `date`. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function shifted(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** The days of a quick choice, as of `now`. */
export function quickRange(choice: QuickRange, now: Date): DayRange {
  const today = dayOf(now);
  switch (choice) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = dayOf(shifted(now, -1));
      return { from: yesterday, to: yesterday };
    }
    case 'week':
      return { from: dayOf(shifted(now, -6)), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** Which quick choice a range is, if any (the button shown pressed). */
export function quickChoiceOf(range: DayRange, now: Date): QuickRange | undefined {
  return QUICK_RANGES.find((choice) => {
    const candidate = quickRange(choice, now);
    return candidate.from === range.from && candidate.to === range.to;
  });
}

/** Minutes east of UTC of the browser's time zone on `day` (Tashkent: 300). */
export function utcOffsetOn(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return -new Date(year, month - 1, date, 12).getTimezoneOffset();
}

/** The local midnight that begins `day`, and the one after `day` ends. */
export function rangeInstants(range: DayRange): { start: number; end: number } {
  const at = (day: string, plus: number) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, date + plus).getTime();
  };
  return { start: at(range.from, 0), end: at(range.to, 1) };
}

export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** A range the service will accept: two days, in order. */
export const isValidRange = (range: DayRange) => isDay(range.from) && isDay(range.to) && range.from <= range.to;
