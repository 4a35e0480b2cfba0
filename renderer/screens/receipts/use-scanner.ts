/**
 * Catches a barcode scanned while the focus is anywhere in the editor but the scan box: on a button (whose Enter
 * would otherwise press it), on nothing, or in a line's or the header's text input (whose value the scanner's
 * digits would otherwise overwrite — they are put back as they were before the burst). The scan box handles its
 * own keys.
 */
import { useEffect, useRef } from 'react';
import { ScanBuffer } from './scan.js';

/** The input a burst started in, and its value before the burst, so it can be restored. */
export interface BurstOrigin {
  readonly element: HTMLInputElement;
  readonly value: string;
}

export function useScanner(onScan: (code: string, origin: BurstOrigin | null) => void): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const buffer = new ScanBuffer();
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('[data-scan-box]')) return;
      if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
      const origin = target instanceof HTMLInputElement ? { element: target, value: target.value } : null;
      const burst = buffer.feed(event.key, event.timeStamp, origin);
      if (!burst) return;
      // The Enter that ends a scan must not press a focused button or submit anything.
      event.preventDefault();
      event.stopPropagation();
      latest.current(burst.code, burst.origin as BurstOrigin | null);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
