/**
 * An order line's modifiers as stored (`order_lines.modifiers`, migration 0023): canonical JSON text, so a line sent
 * again unchanged compares equal to the stored one (app/orders/order-rows.ts) and the till's mirror receives the
 * line whole. null: the line was sent without modifiers (a reference client); "[]": sent with none chosen.
 */
import type { OrderLineModifierDto } from '../../shared/catalogue/order.js';
import { formatMoney, MONEY, parseDecimal, type Money } from '../../shared/decimal.js';
import type { ChosenModifier } from '../../shared/orders/modifier-rules.js';

/** The stored text of the modifiers a line was sent with. */
export function encodeLineModifiers(modifiers: readonly OrderLineModifierDto[] | null | undefined): string | null {
  if (modifiers === null || modifiers === undefined) return null;
  return JSON.stringify(
    modifiers.map((modifier) => ({
      modifier_id: modifier.modifier_id,
      quantity: modifier.quantity,
      price: formatMoney(modifier.price),
      free_quantity: modifier.free_quantity ?? 0,
    })),
  );
}

interface StoredModifier {
  modifier_id: string;
  quantity: number;
  price: string;
  free_quantity: number;
}

const moneyOf = (text: string): Money => {
  const parsed = parseDecimal(text, MONEY);
  if (!parsed.ok) throw new Error(`a stored line modifier has a bad price: ${text}`);
  return parsed.units as Money;
};

/** The modifiers of a stored line (null: the line has none recorded). */
export function decodeLineModifiers(stored: string | null | undefined): ChosenModifier[] | null {
  if (stored === null || stored === undefined) return null;
  return (JSON.parse(stored) as StoredModifier[]).map((entry) => ({
    modifier_id: entry.modifier_id,
    quantity: entry.quantity,
    price: moneyOf(entry.price),
    free_quantity: entry.free_quantity,
  }));
}

/** The wire form of a stored line's modifiers (decimal text for money), or null. */
export function lineModifiersWire(stored: string | null | undefined) {
  const decoded = decodeLineModifiers(stored);
  return decoded === null ? null : decoded.map((entry) => ({ ...entry, price: formatMoney(entry.price) }));
}
