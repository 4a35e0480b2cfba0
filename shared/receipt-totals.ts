/**
 * The totals rule of a goods receipt, in one place for the service (which checks the totals a client sends and
 * stores its own) and the terminal's screen (which shows them live and sends them): both must arrive at the very
 * same exact figures, or every receipt the screen sends would be refused. Exact bigint units only.
 *
 * - received amount of a line = lineAmount(price, quantity);
 * - planned amount of a line = lineAmount(price, plannedQuantity);
 * - total = Σ received, totalPlanned = Σ planned, totalDiff = total − totalPlanned.
 *
 * A line's `rounding` enters no total: it is stored and returned as sent. Clients of the reference interface send
 * `total` = Σ quantity × price, so a rule that added the rounding refused every correct receipt that had one
 * (issue 13 §1.2).
 */
import { lineAmount, type Money, type Quantity } from './decimal.js';

/** What the totals need of a line (a receipt line, a screen's line draft, an inventory line). */
export interface PricedLine {
  readonly price: Money;
  readonly quantity: Quantity;
  readonly plannedQuantity: Quantity;
  /** The supplier invoice's signed adjustment: descriptive, kept as sent, in no total (see above). */
  readonly rounding?: Money | null;
}

export interface ReceiptTotals {
  readonly total: Money;
  readonly totalPlanned: Money;
  readonly totalDiff: Money;
}

/** Received amount of a line: price × quantity rounded half away from zero to a hundredth (its rounding is not added). */
export function receivedAmount(line: PricedLine): Money {
  return lineAmount(line.price, line.quantity);
}

/** Planned amount of a line: price × planned quantity, rounded the same way. */
export function plannedAmount(line: PricedLine): Money {
  return lineAmount(line.price, line.plannedQuantity);
}

/** A line's difference: what was received minus what was planned (negative when less arrived). */
export function lineDifference(line: PricedLine): Money {
  return (receivedAmount(line) - plannedAmount(line)) as Money;
}

/** Sums each line's amounts as they are rounded, so the total is the sum of the figures shown per line. */
export function receiptTotals(lines: Iterable<PricedLine>): ReceiptTotals {
  let total = 0n;
  let totalPlanned = 0n;
  for (const line of lines) {
    total += receivedAmount(line);
    totalPlanned += plannedAmount(line);
  }
  return { total: total as Money, totalPlanned: totalPlanned as Money, totalDiff: (total - totalPlanned) as Money };
}
