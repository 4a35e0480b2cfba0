/**
 * A keyboard-wedge scanner on the sales list: the scanner types the code printed on the receipt (the QR holds the
 * order's `id`, the Code 128 its number) as fast keystrokes ending with Enter. Typed into the search box, Enter
 * finds the sale there; when the focus is elsewhere (a button, the list), this hook catches the burst itself: keys
 * that arrive within `gapMs` of each other and end with Enter, at least `minLength` long, are a scan. A person
 * typing is slower than that, so their keys are left alone.
 */
import { useEffect, useRef } from 'react';

export interface ScannerOptions {
  readonly gapMs?: number;
  readonly minLength?: number;
}

/** Collects a scan from keystrokes; pure, so it can be tested without a window. */
export class ScanCollector {
  #buffer = '';
  #last = -Infinity;
  constructor(
    private readonly gapMs = 50,
    private readonly minLength = 4,
  ) {}

  /** Feeds one key; returns the scanned code when this Enter ends a scan. */
  key(key: string, at: number): string | undefined {
    const fast = at - this.#last <= this.gapMs;
    this.#last = at;
    if (key === 'Enter') {
      const code = fast ? this.#buffer : '';
      this.#buffer = '';
      return code.length >= this.minLength ? code : undefined;
    }
    if (key.length !== 1) {
      this.#buffer = '';
      return undefined;
    }
    this.#buffer = fast ? this.#buffer + key : key;
    return undefined;
  }
}

const typingInAField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);

/** Calls `onScan` with each code scanned while the focus is not in a text field. */
export function useScanner(onScan: (code: string) => void, options: ScannerOptions = {}): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const collector = new ScanCollector(options.gapMs, options.minLength);
    const onKey = (event: KeyboardEvent) => {
      if (typingInAField(event.target)) return;
      const code = collector.key(event.key, event.timeStamp);
      if (code === undefined) return;
      event.preventDefault();
      latest.current(code);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [options.gapMs, options.minLength]);
}
