/**
 * What a refund of some of a sale's lines is worth, computed the same way by the till (to offer the amount) and
 * by the service (to check it). Why a share rather than the lines' prices: the sale's total carries its order-wide
 * discounts, taxes added on top and delivery, so a line is worth its part of the subtotal times total ÷ subtotal.
 * Each line's share is rounded half away from zero to a hundredth; the refund that takes back the last of the sale
 * gets exactly what is left of the total, so the refunds of a sale always add up to the sale, to the tiyin.
 * Exact: bigint units of shared/decimal.ts, never a float.
 */
import { divRound, type Money, type Quantity } from './decimal.js';

export interface RefundableLine {
  readonly id: string;
  readonly quantity: Quantity;
  readonly subtotal: Money;
}

export interface RefundableSale {
  readonly subtotal: Money;
  readonly totalSum: Money;
  readonly lines: readonly RefundableLine[];
}

export interface RefundedSoFar {
  /** Quantity already taken back per order line id. */
  readonly quantities: ReadonlyMap<string, Quantity>;
  /** Money already paid back for the sale. */
  readonly money: Money;
}

export interface WantedLine {
  readonly lineId: string;
  readonly quantity: Quantity;
}

/** The quantity of each line still refundable (sold minus taken back; never below zero). */
export function refundableQuantities(sale: RefundableSale, sofar: RefundedSoFar): Map<string, Quantity> {
  return new Map(
    sale.lines.map((line) => {
      const left = line.quantity - (sofar.quantities.get(line.id) ?? 0n);
      return [line.id, (left > 0n ? left : 0n) as Quantity];
    }),
  );
}

/** The share of the sale's total that `quantity` of `line` stands for. */
export function lineShare(sale: RefundableSale, line: RefundableLine, quantity: Quantity): Money {
  if (sale.subtotal === 0n || line.quantity === 0n) return 0n as Money;
  return divRound(line.subtotal * quantity * sale.totalSum, line.quantity * sale.subtotal) as Money;
}

/** True when, after `wanted`, every line of the sale is taken back in full. */
export function takesBackTheRest(sale: RefundableSale, sofar: RefundedSoFar, wanted: readonly WantedLine[]): boolean {
  const now = new Map<string, bigint>();
  for (const entry of wanted) now.set(entry.lineId, (now.get(entry.lineId) ?? 0n) + entry.quantity);
  return sale.lines.every((line) => (sofar.quantities.get(line.id) ?? 0n) + (now.get(line.id) ?? 0n) >= line.quantity);
}

/** The money a refund of `wanted` is worth (lines not on the sale count nothing). */
export function refundValue(sale: RefundableSale, sofar: RefundedSoFar, wanted: readonly WantedLine[]): Money {
  if (takesBackTheRest(sale, sofar, wanted)) {
    const rest = sale.totalSum - sofar.money;
    return (rest > 0n ? rest : 0n) as Money;
  }
  const byId = new Map(sale.lines.map((line) => [line.id, line]));
  let value = 0n;
  for (const entry of wanted) {
    const line = byId.get(entry.lineId);
    if (line) value += lineShare(sale, line, entry.quantity);
  }
  // Shares rounded up can add up to more than the total (three 0.01 items at half price: each share is 0.005, rounded
  // to 0.01): a partial refund never pays back more than is left, so the refunds never exceed the sale.
  const left = sale.totalSum - sofar.money;
  return (value < left ? value : left > 0n ? left : 0n) as Money;
}
