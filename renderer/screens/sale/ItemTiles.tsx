/**
 * Items as tiles by item group, for cafés and for goods without a barcode: a row of group chips, then the group's
 * items as large buttons coloured by the item's `color` (else its group's). Only one group's items are drawn, at
 * most MAX_TILES, so a catalogue of 100,000 items costs nothing here.
 */
import { useMemo, useState } from 'react';
import { showMoney } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import type { SaleCatalogue, SaleItem } from './catalogue.js';
import type { ItemGroup } from './load.js';

export const MAX_TILES = 60;
const NO_GROUP = '';
/** A colour as the catalogue may store it: #rgb, #rrggbb or a CSS colour name; anything else is not used. */
const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})$/i;

export function tileColour(item: Pick<SaleItem, 'color'>, group: Pick<ItemGroup, 'color'> | undefined): string | undefined {
  const colour = [item.color, group?.color].find((value) => value && COLOUR.test(value.trim()));
  return colour?.trim();
}

export function ItemTiles({ catalogue, groups, onPick }: { readonly catalogue: SaleCatalogue; readonly groups: readonly ItemGroup[]; readonly onPick: (item: SaleItem) => void }) {
  const t = useT();
  const byGroup = useMemo(() => {
    const map = new Map<string, SaleItem[]>();
    for (const item of catalogue.items) {
      const key = item.groupId ?? NO_GROUP;
      const list = map.get(key);
      if (!list) map.set(key, [item]);
      else if (list.length < MAX_TILES) list.push(item);
    }
    return map;
  }, [catalogue]);
  const shown = useMemo(() => [...groups.filter((group) => byGroup.has(group.id)), ...(byGroup.has(NO_GROUP) ? [{ id: NO_GROUP, name: t('sale.noGroup'), color: null }] : [])], [groups, byGroup, t]);
  const [chosen, setChosen] = useState<string | null>(null);
  const groupId = chosen ?? shown[0]?.id ?? NO_GROUP;
  const group = groups.find((entry) => entry.id === groupId);
  return (
    <div className="item-tiles">
      <div className="group-chips" role="tablist">
        {shown.map((entry) => (
          <button key={entry.id} type="button" role="tab" aria-selected={entry.id === groupId} className={entry.id === groupId ? 'chip active' : 'chip'} onClick={() => setChosen(entry.id)}>
            {entry.name}
          </button>
        ))}
      </div>
      <div className="tile-grid" data-testid="tiles">
        {(byGroup.get(groupId) ?? []).map((item) => {
          const colour = tileColour(item, group);
          return (
            <button key={item.id} type="button" className={colour ? 'tile coloured' : 'tile'} style={colour ? { borderLeftColor: colour, background: `color-mix(in srgb, ${colour} 18%, white)` } : undefined} onClick={() => onPick(item)}>
              <span className="tile-name">{item.name}</span>
              <span className="tile-price">{showMoney(item.price)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
