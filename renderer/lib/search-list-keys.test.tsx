// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualList } from '../components/VirtualList.js';
import { useSearchListKeys } from './search-list-keys.js';

afterEach(cleanup);

function ButtonList({ names }: { readonly names: readonly string[] }) {
  const keys = useSearchListKeys();
  return (
    <div>
      <input aria-label="Search" ref={keys.searchRef} onKeyDown={keys.onSearchKeyDown} />
      <select aria-label="Filter">
        <option>a</option>
      </select>
      <ul
        ref={(element) => {
          keys.listRef.current = element;
        }}
        onKeyDownCapture={keys.onListKeyDown}
      >
        {names.map((name) => (
          <li key={name}>
            <button type="button">{name}</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GridList({ count }: { readonly count: number }) {
  const [selected, setSelected] = useState<number | null>(null);
  const keys = useSearchListKeys({ selected, select: setSelected, count });
  return (
    <div
      ref={(element) => {
        keys.listRef.current = element;
      }}
      onKeyDownCapture={keys.onListKeyDown}
    >
      <input aria-label="Search" ref={keys.searchRef} onKeyDown={keys.onSearchKeyDown} />
      <span data-testid="selected">{String(selected)}</span>
      <VirtualList label="Rows" count={count} rowHeight={40} selected={selected} onSelect={setSelected} renderRow={(index) => `Row ${index}`} />
    </div>
  );
}

const focused = () => document.activeElement?.textContent ?? (document.activeElement as HTMLInputElement | null)?.getAttribute('aria-label');

describe('keys between a search box and its list', () => {
  it('moves from the search into a list of buttons with ↓, through it with ↑ ↓ Home End, and back with ↑ or Escape', () => {
    render(<ButtonList names={['Bread', 'Milk', 'Tea']} />);
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(focused()).toBe('Bread');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Milk');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focused()).toBe('Tea');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Tea');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('Bread');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(search);
  });

  it('leaves the search box alone when the list is empty', () => {
    render(<ButtonList names={[]} />);
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(search);
  });

  it('selects the first row of a virtual list and focuses it with ↓, and goes back with ↑ on the first row', () => {
    render(<GridList count={3} />);
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(screen.getByTestId('selected').textContent).toBe('0');
    const grid = screen.getByRole('grid');
    expect(document.activeElement).toBe(grid);
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(screen.getByTestId('selected').textContent).toBe('1');
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(screen.getByTestId('selected').textContent).toBe('0');
    expect(document.activeElement).toBe(grid);
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(search);
    expect(screen.getByTestId('selected').textContent).toBe('0');
  });

  it('ignores ↑ and Escape pressed outside the list, e.g. in a filter', () => {
    render(<ButtonList names={['Bread']} />);
    const filter = screen.getByLabelText('Filter');
    filter.focus();
    fireEvent.keyDown(filter, { key: 'Escape' });
    expect(document.activeElement).toBe(filter);
  });
});
