import { describe, expect, it } from 'vitest';
import { OperationError } from '../../shared/errors.js';
import { Gate } from './gate.js';

describe('the reporting gate', () => {
  it('lets `limit` in at once and the next one in order as each leaves', async () => {
    const gate = new Gate(2);
    const first = await gate.enter(1_000);
    const second = await gate.enter(1_000);
    const order: string[] = [];
    const third = gate.enter(1_000).then((leave) => (order.push('third'), leave));
    const fourth = gate.enter(1_000).then((leave) => (order.push('fourth'), leave));
    first();
    first(); // leaving twice frees one slot only
    await third;
    expect(order).toEqual(['third']);
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
  });

  it('turns a caller away with 429 after waiting its time, or at once when the queue is full', async () => {
    const gate = new Gate(1);
    await gate.enter(1_000);
    const waited = await gate.enter(20).catch((error: unknown) => error);
    expect(waited).toBeInstanceOf(OperationError);
    expect((waited as OperationError).statusCode).toBe(429);
    const queued = Array.from({ length: 8 }, () => gate.enter(50).catch((error: unknown) => error));
    const refused = await gate.enter(50).catch((error: unknown) => error);
    expect((refused as OperationError).statusCode).toBe(429);
    // The eight in the queue waited their time and were turned away too.
    expect((await Promise.all(queued)).every((error) => error instanceof OperationError && error.statusCode === 429)).toBe(true);
  });
});
