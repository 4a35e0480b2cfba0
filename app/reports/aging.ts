/**
 * Debt aging, first in, first out: a client's repayments (negative entries) pay back their oldest debts (positive
 * entries) first, so what is still owed is the newest part of what they borrowed; each unpaid remainder is aged by
 * the owner's day of its entry. Exact: amounts are hundredths (bigint), never floats.
 */
import { dayCount } from './days.js';

export interface AgedEntry {
  /** Signed hundredths: + the client owes more, − a repayment, a write-off or a downward adjustment. */
  readonly amount: bigint;
  /** The owner's day of the entry (YYYY-MM-DD). */
  readonly day: string;
}

export interface Aging {
  readonly balance: bigint;
  readonly days_0_30: bigint;
  readonly days_31_60: bigint;
  readonly days_61_90: bigint;
  readonly days_over_90: bigint;
  /** The day of the oldest entry not fully paid back; null when nothing is owed. */
  readonly oldestUnpaid: string | null;
}

/**
 * Ages one client's entries (oldest first) at the end of `asOf`. A balance in the client's favour (they paid more
 * than they owed) has no age: its buckets are zero and the balance is negative.
 */
export function ageEntries(entries: readonly AgedEntry[], asOf: string): Aging {
  const open: { remaining: bigint; day: string }[] = [];
  let credit = 0n; // paid back before anything was owed: settles the next debts
  let balance = 0n;
  for (const entry of entries) {
    balance += entry.amount;
    if (entry.amount > 0n) {
      let remaining = entry.amount;
      const used = credit < remaining ? credit : remaining;
      credit -= used;
      remaining -= used;
      if (remaining > 0n) open.push({ remaining, day: entry.day });
    } else {
      let payment = -entry.amount;
      while (payment > 0n && open.length > 0) {
        const oldest = open[0]!;
        const paid = payment < oldest.remaining ? payment : oldest.remaining;
        oldest.remaining -= paid;
        payment -= paid;
        if (oldest.remaining === 0n) open.shift();
      }
      credit += payment;
    }
  }
  const buckets = { days_0_30: 0n, days_31_60: 0n, days_61_90: 0n, days_over_90: 0n };
  for (const debt of open) {
    const age = dayCount(debt.day, asOf);
    if (age <= 30) buckets.days_0_30 += debt.remaining;
    else if (age <= 60) buckets.days_31_60 += debt.remaining;
    else if (age <= 90) buckets.days_61_90 += debt.remaining;
    else buckets.days_over_90 += debt.remaining;
  }
  return { balance, ...buckets, oldestUnpaid: open[0]?.day ?? null };
}
