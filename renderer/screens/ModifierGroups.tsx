/**
 * Modifier groups: the list (search by name, sorted by name, with how many modifiers each holds), creating and
 * editing a group's every field, the modifiers inside it, and deleting it. Every read and write goes to the
 * terminal core, which runs the same handlers on its own store, so the screen works offline; lists re-read when
 * the data changes (a local write or a completed sync bumps `dataVersion`).
 */
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNextActionClears } from '../lib/status.js';
import { KeyHints } from '../components/KeyHints.js';
import { useSearchListKeys } from '../lib/search-list-keys.js';
import { errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { showMoney } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { EntryForm } from './modifier-groups/EntryForm.js';
import { GroupDetail } from './modifier-groups/GroupDetail.js';
import { createGroup, loadCatalogue, loadReferences, NO_REFERENCES } from './modifier-groups/load.js';
import { filterGroups, groupRows, modifiersOf, newEntry, type CatalogueEntry } from './modifier-groups/model.js';
import './modifier-groups/modifier-groups.css';

type Selection = { readonly kind: 'new' } | { readonly kind: 'group'; readonly id: string } | null;

export function ModifierGroups() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  const catalogue = useLoad(() => loadCatalogue(bridge), [version]);
  const references = useLoad(() => loadReferences(bridge), [version]);
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<Selection>(null);
  const [notice, setNotice] = useState('');
  const clearsOnNextAction = useNextActionClears(useCallback(() => setNotice(''), []));
  const query = useDeferredValue(search);
  // ↓ from the search into the groups, ↑ ↓ between them, ↑ on the first or Escape back (Enter opens one).
  const keys = useSearchListKeys({ entries: 'button.mg-group-row' });

  const rows = useMemo(() => groupRows(catalogue.data?.groups ?? [], catalogue.data?.modifiers ?? []), [catalogue.data]);
  const visible = useMemo(() => filterGroups(rows, query), [rows, query]);
  const selected = selection?.kind === 'group' ? (rows.find((row) => row.group.id === selection.id)?.group ?? null) : null;
  const lists = references.data ?? NO_REFERENCES;
  const defaultUnit = lists.measurements[0]?.name ?? '';

  const open = (next: Selection) => {
    setNotice('');
    setSelection(next);
  };

  return (
    <section className="screen two-pane" {...clearsOnNextAction}>
      <div className="pane list-pane">
        <h1>{t('modifierGroups.title')}</h1>
        <div className="toolbar">
          <input
            type="search"
            className="search"
            placeholder={t('modifierGroups.searchPlaceholder')}
            aria-label={t('common.search')}
            value={search}
            autoFocus
            ref={keys.searchRef}
            onKeyDown={keys.onSearchKeyDown}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="button" className="primary" onClick={() => open({ kind: 'new' })}>
            {t('modifierGroups.newGroup')}
          </button>
        </div>
        {catalogue.error !== undefined && <ErrorLines lines={errorLines(catalogue.error)} />}
        {catalogue.loading && !catalogue.data && <p className="muted">{t('common.loading')}</p>}
        {catalogue.data && visible.length === 0 && <p className="muted">{t('common.empty')}</p>}
        <KeyHints action={t('keys.action.openGroup')} />
        <ul
          className="client-list"
          aria-label={t('modifierGroups.title')}
          ref={(element) => {
            keys.listRef.current = element;
          }}
          onKeyDownCapture={keys.onListKeyDown}
        >
          {visible.map(({ group, modifiers }) => (
            <li key={group.id}>
              <button
                type="button"
                className={group.id === selected?.id ? 'client-row mg-group-row active' : 'client-row mg-group-row'}
                aria-current={group.id === selected?.id ? 'true' : undefined}
                onClick={() => open({ kind: 'group', id: group.id })}
              >
                <span className="client-name">{group.name}</span>
                <span className="muted">{t('modifierGroups.count', { count: modifiers })}</span>
                <span className="amount">{showMoney(group.price)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="pane detail-pane">
        {notice && (
          <div className="success" role="status">
            {notice}
          </div>
        )}
        {references.error !== undefined && (
          <ErrorLines lines={[t('modifierGroups.referencesFailed'), ...errorLines(references.error)]} />
        )}
        {selection?.kind === 'new' ? (
          <EntryForm
            kind="group"
            title={t('modifierGroups.newGroupTitle')}
            initial={newEntry('group', { measurement: defaultUnit })}
            isNew
            references={lists}
            submitLabel={t('modifierGroups.create')}
            send={(body) => createGroup(bridge, body)}
            onSaved={(created) => {
              setSelection({ kind: 'group', id: (created as CatalogueEntry).id });
              setNotice(t('modifierGroups.created'));
              catalogue.reload();
            }}
            onCancel={() => open(null)}
          />
        ) : selected ? (
          <GroupDetail
            key={selected.id}
            group={selected}
            modifiers={modifiersOf(catalogue.data?.modifiers ?? [], selected.id)}
            references={lists}
            onChanged={catalogue.reload}
            onDeleted={() => {
              setSelection(null);
              setNotice(t('modifierGroups.deleted'));
              catalogue.reload();
            }}
          />
        ) : (
          <p className="muted">{t('modifierGroups.selectGroup')}</p>
        )}
      </div>
    </section>
  );
}
