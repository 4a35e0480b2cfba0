/**
 * The modifier picker: an item with modifier groups opens it before its line is added. Each group says its rule
 * (required, how many, how many free); the item's default choices are preselected; a group whose maximum is reached
 * disables its other choices; "Add to sale" stays disabled while a required group is short. The free units and the
 * line's price follow every change, computed by the shared rules and arithmetic the service checks the sale with.
 *
 * Keyboard: ↑ ↓ move between choices, Space chooses or unchooses, + and − change how many, Enter adds the line,
 * Esc cancels (the sales screen closes the panel).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney, MONEY, parseDecimal, QUANTITY, type Money, type Quantity } from '../../../shared/decimal.js';
import { modifiersPerUnit, type ItemModifierGroup } from '../../../shared/orders/modifier-rules.js';
import { lineSubtotal } from '../../../shared/orders/order-math.js';
import { showMoney, showQuantity } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import type { SaleItem } from './catalogue.js';
import {
  addOne,
  chosenModifiers,
  groupStatus,
  initialSelection,
  modifiersMath,
  removeOne,
  selectionOf,
  selectionProblems,
  toggle,
  type CartModifier,
  type GroupStatus,
  type Selection,
} from './modifiers.js';

export interface ModifierPickerProps {
  readonly item: SaleItem;
  /** The line's quantity (canonical text). */
  readonly quantity: string;
  readonly menu: readonly ItemModifierGroup[];
  /** Scanned items waiting for the picker after this one. */
  readonly waiting?: number;
  /** A line's modifiers being changed (instead of the groups' defaults). */
  readonly initial?: readonly CartModifier[];
  readonly onConfirm: (modifiers: CartModifier[]) => void;
  readonly onCancel: () => void;
}

const units = (text: string, kind: typeof MONEY) => {
  const parsed = parseDecimal(text, kind);
  return parsed.ok ? parsed.units : 0n;
};

function ruleText(t: ReturnType<typeof useT>, status: GroupStatus, free: number): string {
  const { minimum, maximum } = status;
  const parts: string[] = [];
  if (maximum !== null && minimum === maximum) parts.push(t('modifiers.rule.exactly', { count: maximum }));
  else if (maximum !== null && minimum > 0) parts.push(t('modifiers.rule.range', { min: minimum, max: maximum }));
  else if (maximum !== null) parts.push(t('modifiers.rule.upTo', { max: maximum }));
  else if (minimum > 0) parts.push(t('modifiers.rule.atLeast', { min: minimum }));
  else parts.push(t('modifiers.rule.optional'));
  if (free > 0) parts.push(t('modifiers.rule.free', { count: free }));
  return parts.join(' · ');
}

export function ModifierPicker({ item, quantity, menu, waiting = 0, initial, onConfirm, onCancel }: ModifierPickerProps) {
  const t = useT();
  const [selection, setSelection] = useState<Selection>(() => (initial ? selectionOf(initial) : initialSelection(menu)));
  const root = useRef<HTMLElement>(null);
  const chosen = useMemo(() => chosenModifiers(menu, selection), [menu, selection]);
  const problems = useMemo(() => selectionProblems(menu, selection), [menu, selection]);
  const freeOf = new Map(chosen.map((modifier) => [modifier.id, modifier.free]));
  const perUnit = formatMoney(units(item.price, MONEY) + modifiersPerUnit(modifiersMath(chosen)));
  const total = formatMoney(
    lineSubtotal({ price: units(item.price, MONEY) as Money, quantity: units(quantity, QUANTITY) as Quantity, modifiers: modifiersMath(chosen) }),
  );

  useEffect(() => {
    root.current?.querySelector<HTMLButtonElement>('button.mod-option:not(:disabled)')?.focus();
  }, []);

  const confirm = () => {
    if (problems.length === 0) onConfirm(chosen);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const options = [...(root.current?.querySelectorAll<HTMLButtonElement>('button.mod-option') ?? [])];
    const at = options.indexOf(document.activeElement as HTMLButtonElement);
    const focusedId = at >= 0 ? options[at]?.dataset.modifier : undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      options[at < 0 ? 0 : (at + step + options.length) % options.length]?.focus();
    } else if (event.key === 'Enter') {
      // A scanner's Enter was already taken by the sales screen's scanner hook (it prevents the default).
      if (event.defaultPrevented) return;
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if ((event.key === '+' || event.key === '=') && focusedId) {
      event.preventDefault();
      setSelection((current) => addOne(menu, current, focusedId));
    } else if (event.key === '-' && focusedId) {
      event.preventDefault();
      setSelection((current) => removeOne(current, focusedId));
    }
  };

  return (
    <section ref={root} className="sale-panel modifier-picker" role="dialog" aria-label={t('modifiers.title', { item: item.name })} data-testid="modifier-picker" onKeyDown={onKeyDown}>
      <header className="panel-header">
        <h2>{t('modifiers.title', { item: item.name })}</h2>
      </header>
      <p className="mod-line-price" data-testid="modifier-line-price">
        {t('modifiers.linePrice', { quantity: showQuantity(quantity), price: showMoney(perUnit), total: showMoney(total) })}
      </p>
      {waiting > 0 && <p className="muted">{t('modifiers.waiting', { count: waiting })}</p>}
      <div className="mod-groups">
        {menu.map((entry) => {
          const status = groupStatus(entry, selection);
          const single = entry.group.max_choices === 1;
          return (
            <fieldset key={entry.group.id} className={status.short ? 'mod-group short' : 'mod-group'} data-testid="modifier-group">
              <legend>
                <span className="mod-group-name">{entry.group.name}</span>
                {status.minimum > 0 && <span className="chip mod-required">{t('modifiers.required')}</span>}
                <span className="muted mod-rule">{ruleText(t, status, entry.group.free_quantity)}</span>
              </legend>
              <div className="mod-options" role={single ? 'radiogroup' : 'group'} aria-label={entry.group.name}>
                {entry.modifiers.map((modifier) => {
                  const count = selection.get(modifier.id) ?? 0;
                  const free = freeOf.get(modifier.id) ?? 0;
                  const blocked = count === 0 && status.full && !single;
                  return (
                    <div key={modifier.id} className={count > 0 ? 'mod-choice chosen' : 'mod-choice'}>
                      <button
                        type="button"
                        className="mod-option"
                        role={single ? 'radio' : 'checkbox'}
                        aria-checked={count > 0}
                        data-modifier={modifier.id}
                        disabled={blocked}
                        onClick={() => setSelection((current) => toggle(menu, current, modifier.id))}
                      >
                        <span className="mod-name">{modifier.name}</span>
                        <span className="mod-price">
                          {free > 0 && free === count ? t('modifiers.free') : modifier.price === 0n ? '' : `+${showMoney(formatMoney(modifier.price))}`}
                        </span>
                        {count > 1 && <span className="mod-count">×{count}</span>}
                      </button>
                      {!single && count > 0 && (
                        <span className="mod-steps">
                          <button type="button" tabIndex={-1} aria-label={t('modifiers.less', { name: modifier.name })} onClick={() => setSelection((current) => removeOne(current, modifier.id))}>
                            −
                          </button>
                          <button
                            type="button"
                            tabIndex={-1}
                            aria-label={t('modifiers.more', { name: modifier.name })}
                            disabled={status.full}
                            onClick={() => setSelection((current) => addOne(menu, current, modifier.id))}
                          >
                            +
                          </button>
                        </span>
                      )}
                    </div>
                  );
                })}
              </div>
              <p className={status.short ? 'mod-status field-error' : 'mod-status muted'}>
                {status.short ? t('modifiers.short', { min: status.minimum }) : status.full && status.maximum !== null && status.maximum > 1 ? t('modifiers.full') : t('modifiers.chosen', { chosen: status.chosen })}
              </p>
            </fieldset>
          );
        })}
      </div>
      <p className="key-hints muted">{t('modifiers.keys')}</p>
      <div className="mod-actions">
        <button type="button" onClick={onCancel}>
          <kbd className="nav-key">Esc</kbd>
          {t('modifiers.cancel')}
        </button>
        <button type="button" className="primary" disabled={problems.length > 0} onClick={confirm} data-testid="modifier-ok">
          <kbd className="nav-key">Enter</kbd>
          {initial ? t('modifiers.apply') : t('modifiers.ok')}
        </button>
      </div>
    </section>
  );
}
