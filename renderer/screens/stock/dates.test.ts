import { describe, expect, it } from 'vitest';
import { localDay, offsetText, showDay, startOfLocalDay } from './dates.js';

describe('the stock row’s date from', () => {
  it('writes a UTC offset from getTimezoneOffset’s minutes west of UTC', () => {
    expect(offsetText(-300)).toBe('+05:00');
    expect(offsetText(0)).toBe('+00:00');
    expect(offsetText(210)).toBe('-03:30');
    expect(offsetText(-345)).toBe('+05:45');
  });

  it('sends the start of the chosen local day with the terminal’s offset, which reads back as the same day', () => {
    const sent = startOfLocalDay('2026-05-01')!;
    expect(sent).toMatch(/^2026-05-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(sent.slice(-6)).toBe(offsetText(new Date(2026, 4, 1).getTimezoneOffset()));
    expect(new Date(sent).getTime()).toBe(new Date(2026, 4, 1).getTime());
    // What the service stores (UTC) is shown as the day that was picked.
    expect(localDay(new Date(sent).toISOString())).toBe('2026-05-01');
  });

  it('refuses what is not a real calendar day', () => {
    expect(startOfLocalDay('')).toBeNull();
    expect(startOfLocalDay('2026-02-30')).toBeNull();
    expect(startOfLocalDay('2026-13-01')).toBeNull();
    expect(startOfLocalDay('01.05.2026')).toBeNull();
  });

  it('shows a stored instant as its local calendar day, and nothing for none', () => {
    expect(localDay('2026-01-15T09:00:00.000Z')).toBe('2026-01-15');
    expect(localDay('')).toBe('');
    expect(localDay(null)).toBe('');
    expect(localDay('not a date')).toBe('');
    expect(showDay('2026-01-15T09:00:00.000Z', 'en')).toBe('15/01/2026');
    expect(showDay('', 'ru')).toBe('');
  });
});
