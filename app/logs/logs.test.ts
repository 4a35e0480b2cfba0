import { describe, expect, it } from 'vitest';
import { QueryLogDto } from '../../shared/catalogue/log.js';
import { escapeLike } from './logs.js';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character, leaving other text alone', () => {
    expect(escapeLike('50%_off')).toBe('50\\%\\_off');
    expect(escapeLike('a\\b')).toBe('a\\\\b');
    expect(escapeLike('CREATE_WAREHOUSE')).toBe('CREATE\\_WAREHOUSE');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe('QueryLogDto', () => {
  it('turns digit strings into numbers and leaves absent fields absent', () => {
    expect(QueryLogDto.parse({ limit: '25', offset: '0' })).toEqual({ limit: 25, offset: 0 });
    expect(QueryLogDto.parse({ limit: 7 })).toEqual({ limit: 7 });
    expect(QueryLogDto.parse({})).toEqual({});
  });

  it('B7: refuses limits outside 1–1000 and anything that is not a whole number', () => {
    for (const limit of ['0', '1001', '-1', '1.5', '1e3', ' 5', '', 'abc', ['1', '2']]) {
      expect(QueryLogDto.safeParse({ limit }).success, String(limit)).toBe(false);
    }
  });

  it('treats blank text filters as no filter', () => {
    expect(QueryLogDto.parse({ user_id: '', action: '' })).toEqual({ user_id: undefined, action: undefined });
  });

  it('normalises dates to UTC and stretches a bare to_date to the end of its day', () => {
    expect(QueryLogDto.parse({ from_date: '2026-03-01T10:00:00+02:00', to_date: '2026-03-02' })).toEqual({
      from_date: '2026-03-01T08:00:00.000Z',
      to_date: '2026-03-02T23:59:59.999Z',
    });
  });
});
