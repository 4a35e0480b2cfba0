/**
 * One modifier group: its fields (edited in place, only changes sent), its modifiers, the rules its picker enforces at
 * the sales screen (RulesForm.tsx), and deleting it — after a
 * confirmation that says its modifiers go too, since the service would leave them pointing at a deleted group.
 */
import { useState, type KeyboardEvent } from 'react';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { useBridge, useT } from '../../state/context.js';
import { Confirm } from './Confirm.js';
import { EntryForm } from './EntryForm.js';
import { removeGroupWithModifiers, updateGroup, type References } from './load.js';
import { entryValues, type CatalogueEntry } from './model.js';
import { ModifiersPanel } from './ModifiersPanel.js';
import { RulesForm } from './RulesForm.js';

export interface GroupDetailProps {
  readonly group: CatalogueEntry;
  readonly modifiers: readonly CatalogueEntry[];
  readonly references: References;
  readonly onChanged: () => void;
  readonly onDeleted: () => void;
}

type Tab = 'details' | 'modifiers' | 'rules';
const TABS: readonly Tab[] = ['details', 'modifiers', 'rules'];

export function GroupDetail({ group, modifiers, references, onChanged, onDeleted }: GroupDetailProps) {
  const t = useT();
  const bridge = useBridge();
  const [tab, setTab] = useState<Tab>('details');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const [notice, setNotice] = useState('');

  const remove = () => {
    setBusy(true);
    setProblem([]);
    removeGroupWithModifiers(
      bridge,
      group.id,
      modifiers.map((modifier) => modifier.id),
    )
      .then(onDeleted, (error: unknown) => {
        setProblem(errorLines(error));
        // Some modifiers may be gone already: show what the store holds now.
        onChanged();
      })
      .finally(() => setBusy(false));
  };

  // Left and right arrows move between the tabs, as a tab list should.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] ?? 'details';
    setTab(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  const tabLabel = (name: Tab) =>
    name === 'details'
      ? t('modifierGroups.details')
      : name === 'rules'
        ? t('modifierRules.tab')
        : t('modifierGroups.modifiersTab', { count: modifiers.length });

  return (
    <div className="mg-detail">
      <header className="mg-detail-header">
        <h2>{group.name}</h2>
        <button
          type="button"
          className="danger"
          onClick={() => {
            setNotice('');
            setConfirming(true);
          }}
        >
          {t('modifierGroups.delete')}
        </button>
      </header>
      {confirming && (
        <Confirm
          question={
            modifiers.length === 0
              ? t('modifierGroups.deleteConfirmEmpty', { name: group.name })
              : t('modifierGroups.deleteConfirm', { name: group.name, count: modifiers.length })
          }
          confirmLabel={t('modifierGroups.delete')}
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
      <ErrorLines lines={problem} />
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <div className="segmented mg-tabs" role="tablist" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            data-tab={name}
            id={`mg-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`mg-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'segment active' : 'segment'}
            onClick={() => setTab(name)}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`mg-panel-${tab}`} aria-labelledby={`mg-tab-${tab}`}>
        {tab === 'details' ? (
          <EntryForm
            // A change stored elsewhere (a sync) gives the group a new dt_updated: the form starts again from it.
            key={`${group.id}:${group.dt_updated ?? ''}`}
            kind="group"
            title={t('modifierGroups.details')}
            showTitle={false}
            initial={entryValues(group)}
            isNew={false}
            references={references}
            submitLabel={t('common.save')}
            send={(body) => updateGroup(bridge, group.id, body)}
            onSaved={() => {
              setNotice(t('modifierGroups.saved'));
              onChanged();
            }}
          />
        ) : tab === 'rules' ? (
          <RulesForm
            key={`${group.id}:${group.dt_updated ?? ''}`}
            group={group}
            modifiers={modifiers}
            onSaved={() => {
              setNotice(t('modifierRules.saved'));
              onChanged();
            }}
          />
        ) : (
          <ModifiersPanel group={group} modifiers={modifiers} references={references} onChanged={onChanged} />
        )}
      </div>
    </div>
  );
}
