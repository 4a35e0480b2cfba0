/**
 * The poke hub on its own (./pokes.ts): a burst of announcements is one delivery per till and one message to other
 * instances; a till is poked only for its business and its scopes; another instance's message is delivered and
 * our own is not delivered twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, concernsScope, createPokes, type PokeSubscriber } from './pokes.js';

afterEach(() => vi.useRealTimers());

function till(pointId: string, warehouseId: string | null) {
  const seen = { pokes: 0, ended: false };
  const subscriber: PokeSubscriber = {
    concerns: (scopes) => concernsScope(scopes, pointId, warehouseId),
    poke: () => void (seen.pokes += 1),
    end: () => void (seen.ended = true),
  };
  return { subscriber, seen };
}

describe('the poke hub', () => {
  it('merges a burst of a business’s announcements into one poke per till and one message to other instances', () => {
    vi.useFakeTimers();
    const published: string[] = [];
    const pokes = createPokes({ publisher: { publish: async (payload) => void published.push(payload) } });
    const shop = till('p1', 'w1');
    pokes.subscribe('b1', shop.subscriber);
    for (let commit = 0; commit < 50; commit += 1) pokes.announceChanges('b1', ['pt:p1']);
    expect(shop.seen.pokes).toBe(0);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(shop.seen.pokes).toBe(1);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatch(/^[0-9a-f-]{36}\|b1\|pt:p1$/);
  });

  it('pokes a till only for its own business, its point and its warehouse', () => {
    vi.useFakeTimers();
    const pokes = createPokes();
    const ours = till('p1', 'w1');
    const everyWarehouse = till('p3', null);
    const otherBusiness = till('p1', 'w1');
    pokes.subscribe('b1', ours.subscriber);
    pokes.subscribe('b1', everyWarehouse.subscriber);
    pokes.subscribe('b2', otherBusiness.subscriber);
    pokes.announceChanges('b1', ['pt:p2', 'wh:w2']);
    vi.advanceTimersByTime(COALESCE_MS);
    expect([ours.seen.pokes, everyWarehouse.seen.pokes, otherBusiness.seen.pokes]).toEqual([0, 1, 0]);
    pokes.announceChanges('b1', ['wh:w1']);
    vi.advanceTimersByTime(COALESCE_MS);
    pokes.announceChanges('b1');
    vi.advanceTimersByTime(COALESCE_MS);
    expect([ours.seen.pokes, everyWarehouse.seen.pokes, otherBusiness.seen.pokes]).toEqual([2, 3, 0]);
  });

  it('delivers another instance’s message, skips its own, and ignores malformed ones', () => {
    vi.useFakeTimers();
    const published: string[] = [];
    const a = createPokes({ publisher: { publish: async (payload) => void published.push(payload) } });
    const b = createPokes();
    const onA = till('p1', 'w1');
    const onB = till('p1', 'w1');
    a.subscribe('b1', onA.subscriber);
    b.subscribe('b1', onB.subscriber);
    a.announceChanges('b1', ['biz']);
    vi.advanceTimersByTime(COALESCE_MS);
    const [message] = published;
    a.receive(message!);
    b.receive(message!);
    b.receive('garbage');
    b.receive('x|b1|biz|extra');
    expect([onA.seen.pokes, onB.seen.pokes]).toEqual([1, 1]);
  });

  it('ends every stream when closed, and announces nothing after', () => {
    vi.useFakeTimers();
    const pokes = createPokes();
    const shop = till('p1', 'w1');
    const unsubscribe = pokes.subscribe('b1', shop.subscriber);
    expect(pokes.connectedCount()).toBe(1);
    pokes.close();
    expect(shop.seen.ended).toBe(true);
    pokes.announceChanges('b1');
    vi.advanceTimersByTime(COALESCE_MS);
    expect(shop.seen.pokes).toBe(0);
    unsubscribe();
    expect(pokes.connectedCount()).toBe(0);
  });
});
