/**
 * A list that renders only the rows in view (plus a few either side), so 100,000 rows scroll as smoothly as 100.
 * Rows have one fixed height; the scroller's height is measured (ResizeObserver) and the row window follows
 * scrollTop. Arrow keys, Page Up/Down, Home/End move the selection and keep it in view; Enter activates it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface VirtualListProps {
  readonly count: number;
  readonly rowHeight: number;
  readonly renderRow: (index: number, selected: boolean) => ReactNode;
  readonly selected: number | null;
  readonly onSelect: (index: number) => void;
  readonly onActivate?: (index: number) => void;
  readonly overscan?: number;
  readonly label: string;
}

/** The rows to render for a scroll position: [first, last) with overscan, clamped to the list. */
export function rowWindow(
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewHeight) / rowHeight) + overscan);
  return [first, Math.max(first, last)];
}

export function VirtualList({
  count,
  rowHeight,
  renderRow,
  selected,
  onSelect,
  onActivate,
  overscan = 8,
  label,
}: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (element.clientHeight > 0) setViewHeight(element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientHeight > 0) setViewHeight(element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Keep the selected row in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || selected === null) return;
    const top = selected * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight;
  }, [selected, rowHeight]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count === 0) return;
    const page = Math.max(1, Math.floor(viewHeight / rowHeight) - 1);
    const current = selected ?? -1;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      onSelect(Math.min(count - 1, Math.max(0, moves[event.key]!)));
    } else if (event.key === 'Enter' && selected !== null) {
      event.preventDefault();
      onActivate?.(selected);
    }
  };

  const [first, last] = rowWindow(scrollTop, viewHeight, rowHeight, count, overscan);
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    rows.push(
      <div
        key={index}
        role="row"
        aria-rowindex={index + 1}
        aria-selected={index === selected}
        className={index === selected ? 'vrow selected' : 'vrow'}
        style={{ top: index * rowHeight, height: rowHeight }}
        onClick={() => onSelect(index)}
        onDoubleClick={() => onActivate?.(index)}
      >
        {renderRow(index, index === selected)}
      </div>,
    );
  }
  return (
    <div
      ref={scroller}
      className="vlist"
      role="grid"
      aria-label={label}
      aria-rowcount={count}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="virtual-list"
    >
      <div className="vlist-inner" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
