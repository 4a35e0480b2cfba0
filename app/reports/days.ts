/**
 * The owner's calendar against stored instants: a report asks for days of the owner's time zone (minutes east of
 * UTC), the rows carry UTC ISO instants ("2026-11-25T09:30:00.000Z", text on both engines, so ranges compare as
 * text). Pure date arithmetic, no locale and no host time zone.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The instant the owner's `day` begins, as stored instants are written. */
export function dayStart(day: string, utcOffset: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - utcOffset * MINUTE).toISOString();
}

/** `day` moved by `days` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The owner's day and hour of a stored instant. */
export function localDayAndHour(instant: string, utcOffset: number): { day: string; hour: number } {
  const local = new Date(Date.parse(instant) + utcOffset * MINUTE);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/** The owner's day now. */
export function today(now: string, utcOffset: number): string {
  return localDayAndHour(now, utcOffset).day;
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}
