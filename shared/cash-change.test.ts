/** The one change rule (shared/cash-change.ts): both ways of recording a cash sale keep the same money. */
import { describe, expect, it } from 'vitest';
import { changeOffCash, keptAmounts } from './cash-change.js';

describe('change off cash', () => {
  it('keeps 95 000 of a 95 000 sale paid with 100 000, recorded either way', () => {
    expect(keptAmounts([{ paid: 95_000_00n, cash: true }], 95_000_00n, 5_000_00n)).toEqual([95_000_00n]);
    expect(keptAmounts([{ paid: 100_000_00n, cash: true }], 95_000_00n, 5_000_00n)).toEqual([95_000_00n]);
  });

  it('takes off at most the change recorded, never a negative amount, and nothing without change', () => {
    expect(changeOffCash([130_00n], 100_00n, 10_00n)).toBe(10_00n);
    expect(changeOffCash([90_00n], 100_00n, 10_00n)).toBe(0n);
    expect(changeOffCash([130_00n], 100_00n, null)).toBe(0n);
    expect(changeOffCash([130_00n], 100_00n, -5_00n)).toBe(0n);
  });

  it('takes the change off cash payments only, first first, each down to zero at most', () => {
    const payments = [
      { paid: 60_00n, cash: false },
      { paid: 3_00n, cash: true },
      { paid: 50_00n, cash: true },
    ];
    expect(keptAmounts(payments, 100_00n, 13_00n)).toEqual([60_00n, 0n, 40_00n]);
  });

  it('reads the whole order’s payments when given only a part of them (one shift’s)', () => {
    expect(keptAmounts([{ paid: 50_00n, cash: true }], 100_00n, 5_00n, [50_00n, 55_00n])).toEqual([45_00n]);
  });
});
