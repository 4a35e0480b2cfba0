/**
 * The keyboard between a search box and the list it filters, the same on every screen: ↓ (or Page Down) in the
 * search box moves into the list; in the list ↑ ↓ Home End move; ↑ on the first entry, or Escape, goes back to the
 * search box with its text kept. Two kinds of list:
 * - a list of focusable entries (buttons): the focus moves between them (`entries` selects them);
 * - a list with a selection (VirtualList's grid): the list is focused and the selection set, the list's own keys
 *   do the rest (`select`, `selected`).
 */
import { useCallback, useRef, type KeyboardEvent, type RefObject } from 'react';

export interface SearchListOptions {
  /** How the list's entries are found in its container (buttons by default). */
  readonly entries?: string;
  /** For a list with a selection: the selected index, and how to select one. */
  readonly selected?: number | null;
  readonly select?: (index: number) => void;
  readonly count?: number;
}

export interface SearchListKeys {
  readonly searchRef: RefObject<HTMLInputElement | null>;
  readonly listRef: RefObject<HTMLElement | null>;
  /** For the search box's onKeyDown. */
  onSearchKeyDown(event: KeyboardEvent<HTMLElement>): void;
  /** For the list container's onKeyDownCapture (it runs before the list's own keys). */
  onListKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

const DEFAULT_ENTRIES = 'button:not([disabled])';

export function useSearchListKeys(options: SearchListOptions = {}): SearchListKeys {
  const searchRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLElement | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const entries = useCallback(
    () => [...(listRef.current?.querySelectorAll<HTMLElement>(latest.current.entries ?? DEFAULT_ENTRIES) ?? [])],
    [],
  );
  const backToSearch = useCallback(() => searchRef.current?.focus(), []);

  const onSearchKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'ArrowDown' && event.key !== 'PageDown') return;
      const { select, selected, count } = latest.current;
      if (select) {
        if (!count) return;
        event.preventDefault();
        select(selected ?? 0);
        listRef.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
        return;
      }
      const first = entries()[0];
      if (!first) return;
      event.preventDefault();
      first.focus();
    },
    [entries],
  );

  const onListKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      const { select, selected } = latest.current;
      // Only keys pressed in the list itself: the container may hold filters, forms and the search box too.
      const inList = select ? target.closest('[role="grid"]') !== null : entries().includes(target);
      if (!inList) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        backToSearch();
        return;
      }
      if (select) {
        if (event.key === 'ArrowUp' && (selected ?? 0) === 0) {
          event.preventDefault();
          event.stopPropagation();
          backToSearch();
        }
        return;
      }
      if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
      const list = entries();
      const at = list.indexOf(target);
      event.preventDefault();
      if (event.key === 'ArrowUp' && at === 0) return backToSearch();
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? list.length - 1
            : event.key === 'ArrowDown'
              ? Math.min(at + 1, list.length - 1)
              : at - 1;
      list[next]?.focus();
    },
    [entries, backToSearch],
  );

  return { searchRef, listRef, onSearchKeyDown, onListKeyDown };
}
