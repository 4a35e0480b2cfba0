/**
 * The modifiers inside one group: their names, prices and the item each is sold with (the sales screen offers it
 * then: ModifierItemLink.tsx), adding one (created with the group's id), editing one (only what changed is sent)
 * and removing one after a confirmation.
 */
import { useState } from 'react';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { showMoney } from '../../lib/format.js';
import { useBridge, useT } from '../../state/context.js';
import { useLoad } from '../../lib/use-load.js';
import { Confirm } from './Confirm.js';
import { ModifierItemLink } from './ModifierItemLink.js';
import { EntryForm } from './EntryForm.js';
import { createModifier, removeModifier, updateModifier, type References } from './load.js';
import { entryValues, newEntry, type CatalogueEntry } from './model.js';

export interface ModifiersPanelProps {
  readonly group: CatalogueEntry;
  /** The group's live modifiers, sorted by name. */
  readonly modifiers: readonly CatalogueEntry[];
  readonly references: References;
  /** After a write: the screen re-reads. */
  readonly onChanged: () => void;
}

type Editing =
  | { readonly kind: 'new' }
  | { readonly kind: 'edit'; readonly modifier: CatalogueEntry }
  | { readonly kind: 'item'; readonly modifier: CatalogueEntry }
  | null;

/** A modifier as listed: with the item it is sold with (the wire has it; the shared entry type does not name it). */
const itemOf = (modifier: CatalogueEntry) => (modifier as { item_id?: string | null }).item_id ?? null;

export function ModifiersPanel({ group, modifiers, references, onChanged }: ModifiersPanelProps) {
  const t = useT();
  const bridge = useBridge();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<CatalogueEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  // Names of the items modifiers are sold with (the till's own store: works offline).
  const items = useLoad(() => bridge.run('ItemModifierController_findAllItems'), []);
  const itemNames = new Map((items.data ?? []).map((item) => [item.id, item.name]));

  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
    onChanged();
  };

  const remove = (modifier: CatalogueEntry) => {
    setBusy(true);
    setProblem([]);
    removeModifier(bridge, modifier.id)
      .then(
        () => {
          setRemoving(null);
          done(t('modifierGroups.modifierRemoved'));
        },
        (error: unknown) => setProblem(errorLines(error)),
      )
      .finally(() => setBusy(false));
  };

  if (editing?.kind === 'item') {
    return (
      <ModifierItemLink
        modifierId={editing.modifier.id}
        modifierName={editing.modifier.name}
        onSaved={() => done(t('modifierRules.itemSaved'))}
        onCancel={() => setEditing(null)}
      />
    );
  }

  if (editing) {
    const isNew = editing.kind === 'new';
    return (
      <EntryForm
        key={isNew ? 'new' : editing.modifier.id}
        kind="modifier"
        title={
          isNew ? t('modifierGroups.newModifierTitle') : t('modifierGroups.editModifierTitle', { name: editing.modifier.name })
        }
        initial={
          isNew
            ? newEntry('modifier', { measurement: group.measurement, point: entryValues(group).id_automated_point })
            : entryValues(editing.modifier)
        }
        isNew={isNew}
        groupId={group.id}
        references={references}
        submitLabel={isNew ? t('modifierGroups.addModifier') : t('common.save')}
        send={(body) => (isNew ? createModifier(bridge, body) : updateModifier(bridge, editing.modifier.id, body))}
        onSaved={() => done(t(isNew ? 'modifierGroups.modifierAdded' : 'modifierGroups.modifierSaved'))}
        onCancel={() => setEditing(null)}
      />
    );
  }

  return (
    <section className="mg-modifiers" aria-label={t('modifierGroups.modifiers')}>
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      {modifiers.length === 0 && <p className="muted">{t('modifierGroups.noModifiers')}</p>}
      <ul className="mg-modifier-list" aria-label={t('modifierGroups.modifiers')}>
        {modifiers.map((modifier) => (
          <li key={modifier.id} className="mg-modifier-row">
            <span className="client-name">
              {modifier.name}
              <span className="muted mg-modifier-item" data-testid="modifier-item">
                {itemOf(modifier) === null
                  ? t('modifierRules.itemNone')
                  : t('modifierRules.itemOf', { item: itemNames.get(itemOf(modifier) ?? '') ?? itemOf(modifier) ?? '' })}
              </span>
            </span>
            <span className="amount">{showMoney(modifier.price)}</span>
            <button
              type="button"
              className="small"
              aria-label={t('modifierRules.itemSetFor', { name: modifier.name })}
              onClick={() => {
                setNotice('');
                setEditing({ kind: 'item', modifier });
              }}
            >
              {t('modifierRules.itemSet')}
            </button>
            <button
              type="button"
              className="small"
              aria-label={t('modifierGroups.editModifier', { name: modifier.name })}
              onClick={() => {
                setNotice('');
                setEditing({ kind: 'edit', modifier });
              }}
            >
              {t('modifierGroups.edit')}
            </button>
            <button
              type="button"
              className="small"
              aria-label={t('modifierGroups.removeModifier', { name: modifier.name })}
              onClick={() => {
                setNotice('');
                setProblem([]);
                setRemoving(modifier);
              }}
            >
              {t('modifierGroups.remove')}
            </button>
          </li>
        ))}
      </ul>
      {removing && (
        <Confirm
          question={t('modifierGroups.removeConfirm', { name: removing.name })}
          confirmLabel={t('modifierGroups.remove')}
          busy={busy}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      <ErrorLines lines={problem} />
      <div className="buttons">
        <button
          type="button"
          className="primary"
          onClick={() => {
            setNotice('');
            setRemoving(null);
            setEditing({ kind: 'new' });
          }}
        >
          {t('modifierGroups.addModifier')}
        </button>
      </div>
    </section>
  );
}
