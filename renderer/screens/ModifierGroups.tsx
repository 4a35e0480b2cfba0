/**
 * Modifier groups: the list (search by name, sorted by name, with how many modifiers each holds), creating and
 * editing a group's every field, the modifiers inside it, and deleting it. Every read and write goes to the
 * terminal core, which runs the same handlers on its own store, so the screen works offline; lists re-read when
 * the data changes (a local write or a completed sync bumps `dataVersion`). A till lists its own point's groups and
 * the business-wide ones, says so, and offers every point's (read only: another point's group is changed at its
 * tills); a search that finds nothing offers to create a group of that name.
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
import { filterGroups, groupRows, isBusinessWide, modifiersOf, newEntry, type CatalogueEntry } from './modifier-groups/model.js';
import './modifier-groups/modifier-groups.css';

type Selection = { readonly kind: 'new' } | { readonly kind: 'group'; readonly id: string } | null;

export function ModifierGroups() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  const [allPoints, setAllPoints] = useState(false);
  const catalogue = useLoad(() => loadCatalogue(bridge, allPoints), [version, allPoints]);
  const references = useLoad(() => loadReferences(bridge), [version]);
  // The till's point, which the core knows: the list says whose groups it shows.
  const till = useLoad(() => bridge.terminal('terminal.enrollmentStatus').catch(() => null), []);
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
  const tillPoint = till.data?.scope?.pointId ?? null;
  const pointName = (id: string) => lists.points.find((point) => point.id === id)?.name ?? id;
  const tillPointName = tillPoint ? pointName(tillPoint) : null;
  /** Another point's group (listed with "All points"): named with its point, changed only at that point's tills. */
  const foreignPoint = (group: CatalogueEntry) =>
    tillPoint !== null && !isBusinessWide(group.id_automated_point) && group.id_automated_point !== tillPoint
      ? pointName(group.id_automated_point ?? '')
      : null;
  const scope = allPoints
    ? t('modifierGroups.scope.all')
    : tillPointName
      ? t('modifierGroups.scope.point', { point: tillPointName })
      : t('modifierGroups.scope.thisPoint');
  const nothingListed = catalogue.data !== undefined && rows.length === 0;
  const noMatch = catalogue.data !== undefined && rows.length > 0 && visible.length === 0;

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
        <div className="mg-scope">
          <span className="muted" data-testid="mg-scope">
            {scope}
          </span>{' '}
          <label className="checkbox">
            <input type="checkbox" checked={allPoints} onChange={(event) => setAllPoints(event.target.checked)} />
            {t('modifierGroups.allPoints')}
          </label>
        </div>
        {catalogue.error !== undefined && <ErrorLines lines={errorLines(catalogue.error)} />}
        {catalogue.loading && !catalogue.data && <p className="muted">{t('common.loading')}</p>}
        {nothingListed && (
          <div className="muted">
            <p>{allPoints ? t('common.empty') : t('modifierGroups.emptyHere', { point: tillPointName ?? '—' })}</p>
            {!allPoints && (
              <button type="button" onClick={() => setAllPoints(true)}>
                {t('modifierGroups.showAllPoints')}
              </button>
            )}
          </div>
        )}
        {noMatch && (
          <div className="muted">
            <p>{t('modifierGroups.noMatch', { query: search.trim() })}</p>
            <button type="button" onClick={() => open({ kind: 'new' })}>
              {t('modifierGroups.createNamed', { name: search.trim() })}
            </button>
          </div>
        )}
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
                <span className="client-name">
                  {group.name}
                  {foreignPoint(group) && <span className="muted mg-point-tag"> · {foreignPoint(group)}</span>}
                </span>
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
            // The search the cashier typed is usually the name they were looking for.
            initial={{ ...newEntry('group', { measurement: defaultUnit }), name: search.trim() }}
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
          <>
            {foreignPoint(selected) && (
              <p className="conducted-warning">{t('modifierGroups.otherPoint', { point: foreignPoint(selected) ?? '' })}</p>
            )}
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
          </>
        ) : (
          <p className="muted">{t('modifierGroups.selectGroup')}</p>
        )}
      </div>
    </section>
  );
}
