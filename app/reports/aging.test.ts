/** Debt aging first in, first out, in exact hundredths: which debts a repayment settles and how old the rest is. */
import { describe, expect, it } from 'vitest';
import { ageEntries } from './aging.js';

describe('debt aging', () => {
  it('lets repayments settle the oldest debts first and ages what is left by its own day', () => {
    const aging = ageEntries(
      [
        { amount: 10001n, day: '2026-07-01' },
        { amount: 5000n, day: '2026-09-20' },
        { amount: -12001n, day: '2026-10-01' },
        { amount: 3050n, day: '2026-11-01' },
      ],
      '2026-11-25',
    );
    expect(aging).toEqual({ balance: 6050n, days_0_30: 3050n, days_31_60: 0n, days_61_90: 3000n, days_over_90: 0n, oldestUnpaid: '2026-09-20' });
  });

  it('puts the bucket edges at 30, 60 and 90 days', () => {
    const at = (day: string) => ageEntries([{ amount: 1n, day }], '2026-12-31');
    expect(at('2026-12-01')).toMatchObject({ days_0_30: 1n }); // 30 days
    expect(at('2026-11-30')).toMatchObject({ days_31_60: 1n }); // 31
    expect(at('2026-11-01')).toMatchObject({ days_31_60: 1n }); // 60
    expect(at('2026-10-02')).toMatchObject({ days_61_90: 1n }); // 90
    expect(at('2026-10-01')).toMatchObject({ days_over_90: 1n }); // 91
  });

  it('lets an overpayment settle the next debts, and a balance in the client’s favour has no age', () => {
    expect(ageEntries([{ amount: -500n, day: '2026-01-01' }, { amount: 300n, day: '2026-02-01' }], '2026-11-25')).toEqual({
      balance: -200n,
      days_0_30: 0n,
      days_31_60: 0n,
      days_61_90: 0n,
      days_over_90: 0n,
      oldestUnpaid: null,
    });
    expect(ageEntries([{ amount: -500n, day: '2026-01-01' }, { amount: 800n, day: '2026-11-20' }], '2026-11-25')).toMatchObject({ balance: 300n, days_0_30: 300n });
  });
});
