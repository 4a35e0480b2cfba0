import { describe, expect, it } from 'vitest';
import { ChangeCache, type CachedVersion } from './change-cache.js';

const version = (v: number, entries: number): CachedVersion => ({
  version: BigInt(v),
  pieces: [Array.from({ length: entries }, (_, index) => `e${v}.${index}`).join(',')],
  entryCount: entries,
  byteCount: entries * 10,
});

describe('the window of recent versions per scope', () => {
  it('joins a read that starts inside the window, keeping what it held below', () => {
    const cache = new ChangeCache({ entriesPerWindow: 100, entriesInAll: 1000 });
    cache.record('b', 's', 10n, 20n, [version(12, 1), version(20, 2)]);
    cache.record('b', 's', 15n, 30n, [version(20, 2), version(25, 1)]);
    const window = cache.window('b', 's')!;
    expect([window.lo, window.hi]).toEqual([10n, 30n]);
    expect(window.versions.map((held) => held.version)).toEqual([12n, 20n, 25n]);
  });

  it('starts over when a read does not touch the window, and ignores a read that reaches less far', () => {
    const cache = new ChangeCache({ entriesPerWindow: 100, entriesInAll: 1000 });
    cache.record('b', 's', 10n, 20n, [version(12, 1)]);
    cache.record('b', 's', 5n, 15n, [version(7, 1)]);
    expect(cache.window('b', 's')!.hi).toBe(20n);
    cache.record('b', 's', 40n, 50n, [version(45, 1)]);
    const window = cache.window('b', 's')!;
    expect([window.lo, window.hi, window.versions.length]).toEqual([40n, 50n, 1]);
  });

  it('keeps the newest versions of a window within its bound, and says where it now starts', () => {
    const cache = new ChangeCache({ entriesPerWindow: 4, entriesInAll: 1000 });
    cache.record('b', 's', 0n, 9n, [version(2, 2), version(5, 2), version(9, 2)]);
    const window = cache.window('b', 's')!;
    expect(window.versions.map((held) => held.version)).toEqual([5n, 9n]);
    expect(window.lo).toBe(2n);
    expect(window.entryCount).toBe(4);
  });

  it('drops the least recently used scopes first when all windows together hold too much', () => {
    const cache = new ChangeCache({ entriesPerWindow: 10, entriesInAll: 6 });
    cache.record('b', 'one', 0n, 1n, [version(1, 3)]);
    cache.record('b', 'two', 0n, 1n, [version(1, 3)]);
    cache.window('b', 'one'); // used: 'two' is now the oldest
    cache.record('b', 'three', 0n, 1n, [version(1, 3)]);
    expect(cache.window('b', 'two')).toBeUndefined();
    expect(cache.window('b', 'one')).toBeDefined();
    expect(cache.window('b', 'three')).toBeDefined();
  });

  it('forgets every version at or below a retention floor it is told of, for that business only', () => {
    const cache = new ChangeCache({ entriesPerWindow: 100, entriesInAll: 1000 });
    cache.record('b', 's', 10n, 30n, [version(12, 1), version(20, 2), version(25, 1)]);
    cache.record('b', 't', 10n, 15n, [version(12, 1)]);
    cache.record('other', 's', 10n, 30n, [version(12, 1)]);
    cache.noteFloor('b', 20n);
    const window = cache.window('b', 's')!;
    expect([window.lo, window.hi, window.entryCount]).toEqual([20n, 30n, 1]);
    expect(window.versions.map((held) => held.version)).toEqual([25n]);
    expect(cache.window('b', 't')).toMatchObject({ lo: 20n, hi: 20n, versions: [] });
    expect(cache.window('other', 's')!.lo).toBe(10n);
  });
});
