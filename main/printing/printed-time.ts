/**
 * The time on a receipt, as the till's local clock wrote it. Why textual: a layout is a pure function, and going
 * through `Date` would print the time of whatever time zone the process runs in; the caller already holds the
 * local time of the sale ("2026-11-25T19:24:16+05:00") and we only re-arrange it to the local reading order.
 */
import { UnprintableValueError } from './money-text.js';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/** "2026-11-25T19:24:16+05:00" → "25.11.2026 19:24:16". */
export function printedTime(localDateTime: string, field = 'time'): string {
  const match = LOCAL_DATE_TIME.exec(localDateTime);
  if (!match) throw new UnprintableValueError(field, localDateTime, 'must be a local date-time like "2026-11-25T19:24:16"');
  const [, year, month, day, hour, minute, second = '00'] = match;
  return `${day}.${month}.${year} ${hour}:${minute}:${second}`;
}
