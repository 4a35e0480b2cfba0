/**
 * THE one rule for how an order's change comes off its cash, used by every figure that sums what a sale took:
 * the shift's X/Z report and closing totals (app/settlements), the console's reports (app/reports), refunds'
 * "what a method can still pay back" (app/orders/refunds, renderer/screens/sales) — so they all agree.
 *
 * A REST client may record a cash sale of 95 000 paid with 100 000 in two ways: the till's way (docs/selling/
 * payment.md: `paid_sum` 95 000 = what the sale keeps, `total_change` 5 000) or the tendered way (`paid_sum`
 * 100 000, `total_change` 5 000). Only the part of the payments ABOVE the order's total was given back:
 * change off cash = Σ paid_sum − total_sum, at least 0 and at most `total_change`. Both ways then keep 95 000.
 * That part comes off the cash payments in the order given, each at most to zero. Exact bigint hundredths.
 */

/** How much of `totalChange` was counted in the payments themselves (and so must come off their cash). */
export function changeOffCash(paidSums: readonly bigint[], totalSum: bigint, totalChange: bigint | null): bigint {
  const change = totalChange ?? 0n;
  if (change <= 0n) return 0n;
  const above = paidSums.reduce((sum, paid) => sum + paid, 0n) - totalSum;
  if (above <= 0n) return 0n;
  return above < change ? above : change;
}

export interface PaidAmount {
  readonly paid: bigint;
  /** The payment's method is of kind CASH (change is given only from cash). */
  readonly cash: boolean;
}

/**
 * What each payment kept, in the given order: cash payments less the change counted in them (first cash payment
 * first), the others as paid. `allPaid` is Σ paid_sum of ALL the order's payments when `payments` is only a part
 * of them (a shift sees the payments it took); by default the payments given.
 */
export function keptAmounts(
  payments: readonly PaidAmount[],
  totalSum: bigint,
  totalChange: bigint | null,
  allPaid: readonly bigint[] = payments.map((payment) => payment.paid),
): bigint[] {
  let left = changeOffCash(allPaid, totalSum, totalChange);
  return payments.map((payment) => {
    if (!payment.cash || left <= 0n || payment.paid <= 0n) return payment.paid;
    const off = payment.paid < left ? payment.paid : left;
    left -= off;
    return payment.paid - off;
  });
}
