/**
 * Which item a modifier is sold with (its `item_id`, the reference's link): the sales screen offers a group's
 * modifiers when an item their `item_id` names is sold (shared/orders/modifier-rules.ts). Pure: finding the item a
 * cashier typed — an exact barcode, else an exact name (case ignored) — and the suggestions shown while typing.
 */
import { searchKey } from '../../lib/format.js';

export interface LinkItem {
  readonly id: string;
  readonly name: string;
  readonly shtrix?: string | null;
  readonly is_deleted?: boolean | null;
}

export type ItemFound = { ok: true; item: LinkItem } | { ok: false; problem: 'modifierRules.itemNotFound' | 'modifierRules.itemAmbiguous' };

export function findLinkItem(items: readonly LinkItem[], typed: string): ItemFound {
  const text = typed.trim();
  const live = items.filter((item) => !item.is_deleted);
  const byBarcode = live.find((item) => text !== '' && (item.shtrix ?? '').trim() === text);
  if (byBarcode) return { ok: true, item: byBarcode };
  const key = text.toLocaleLowerCase();
  const named = live.filter((item) => key !== '' && item.name.trim().toLocaleLowerCase() === key);
  if (named.length === 1) return { ok: true, item: named[0]! };
  return { ok: false, problem: named.length > 1 ? 'modifierRules.itemAmbiguous' : 'modifierRules.itemNotFound' };
}

/** Up to `limit` live items whose name contains the text (separators and case ignored), by name. */
export function suggestItems(items: readonly LinkItem[], typed: string, limit = 20): LinkItem[] {
  const key = searchKey(typed);
  if (key === '') return [];
  const found: LinkItem[] = [];
  for (const item of items) {
    if (item.is_deleted || !searchKey(item.name).includes(key)) continue;
    found.push(item);
    if (found.length === limit) break;
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
