/**
 * Setting which item a modifier is sold with (item-link.ts): a barcode or an item's name, suggested while typing,
 * or none — then the sales screen offers the modifier (and its group's picker) when that item is sold. Only
 * `item_id` is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT } from '../../state/context.js';
import { findLinkItem, suggestItems } from './item-link.js';

export interface ModifierItemLinkProps {
  readonly modifierId: string;
  readonly modifierName: string;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

export function ModifierItemLink({ modifierId, modifierName, onSaved, onCancel }: ModifierItemLinkProps) {
  const t = useT();
  const bridge = useBridge();
  const formId = useId();
  const items = useLoad(() => bridge.run('ItemModifierController_findAllItems'), []);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const send = (itemId: string | null) => {
    setBusy(true);
    setProblem([]);
    bridge
      .run('ItemModifierController_updateModifier', { params: { id: modifierId }, body: { item_id: itemId } })
      .then(onSaved, (error: unknown) => setProblem(errorLines(error)))
      .finally(() => setBusy(false));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = findLinkItem(items.data ?? [], typed);
    if (!found.ok) {
      setProblem([t(found.problem)]);
      return;
    }
    send(found.item.id);
  };

  return (
    <form className="form mg-form mg-item-link" aria-label={t('modifierRules.itemTitle', { name: modifierName })} onSubmit={submit} noValidate>
      <h3>{t('modifierRules.itemTitle', { name: modifierName })}</h3>
      <div className="mg-field">
        <label htmlFor={`${formId}-item`}>{t('modifierRules.itemLabel')}</label>
        <input
          id={`${formId}-item`}
          list={`${formId}-items`}
          autoComplete="off"
          autoFocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        <datalist id={`${formId}-items`}>
          {suggestItems(items.data ?? [], typed).map((item) => (
            <option key={item.id} value={item.name} />
          ))}
        </datalist>
      </div>
      <ErrorLines lines={problem} />
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy || !items.data}>
          {t('common.save')}
        </button>
        <button type="button" disabled={busy} onClick={() => send(null)}>
          {t('modifierRules.itemClear')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
