/**
 * The stock row's `dateFrom` on screen and on the wire. The service stores an instant (any ISO date or date-time
 * it is sent, normalised to UTC: "2026-05-01" becomes "2026-05-01T00:00:00.000Z"). A cashier picks a calendar day
 * in the shop, so the screen sends the start of that day in the terminal's own time zone, with its offset
 * ("2026-05-01T00:00:00+05:00"), and shows a stored instant as its local calendar day — the two round-trip in any
 * time zone, and a date-only value from the back office still reads as its own day in Uzbekistan (UTC+5).
 */
import type { Language } from '../../i18n/index.js';
import { showDate } from '../../lib/format.js';

const two = (value: number) => String(value).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar day of an instant, "YYYY-MM-DD" (what a date input holds); '' when there is none. */
export function localDay(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** A UTC offset as ISO 8601 writes it, from Date#getTimezoneOffset's minutes (positive west of UTC). */
export function offsetText(minutesWestOfUtc: number): string {
  const east = -minutesWestOfUtc;
  const sign = east < 0 ? '-' : '+';
  const size = Math.abs(east);
  return `${sign}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

/** The start of a local calendar day ("YYYY-MM-DD") as an ISO date-time with the terminal's offset; null if not a real day. */
export function startOfLocalDay(day: string): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Date(year, month - 1, date);
  if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date) return null;
  return `${day}T00:00:00${offsetText(local.getTimezoneOffset())}`;
}

/** A stored instant as a calendar day in the employee's language, or '' when there is none. */
export function showDay(iso: string, language: Language): string {
  return showDate(iso, language);
}
