/**
 * Telling a barcode scanner from a person. A keyboard-wedge scanner "types" the code a few milliseconds per
 * character and ends it with Enter; people type far slower. The buffer collects characters that follow each other
 * within MAX_GAP_MS and reports the code when Enter closes such a burst of at least MIN_LENGTH characters.
 */
export const MAX_GAP_MS = 35;
export const MIN_LENGTH = 4;

export interface Burst {
  readonly code: string;
  /** Where the burst began (e.g. the input that received it), so its keystrokes can be taken back. */
  readonly origin: unknown;
}

export class ScanBuffer {
  private code = '';
  private last = -Infinity;
  private origin: unknown = null;

  /**
   * Feeds one key (`KeyboardEvent.key`) at `time` (ms). Returns the scanned code when this Enter ends a scan,
   * else null. `origin` is remembered for the first character of a burst.
   */
  feed(key: string, time: number, origin: unknown = null): Burst | null {
    // Scanners press Shift for capital letters; it is part of the burst, not a break in it.
    if (key === 'Shift') return null;
    const fast = time - this.last <= MAX_GAP_MS;
    this.last = time;
    if (key === 'Enter') {
      const burst = fast && this.code.length >= MIN_LENGTH ? { code: this.code, origin: this.origin } : null;
      this.reset();
      return burst;
    }
    if (key.length !== 1 || key.trim() === '') {
      this.reset();
      return null;
    }
    if (!fast || this.code === '') {
      this.code = key;
      this.origin = origin;
    } else this.code += key;
    return null;
  }

  reset(): void {
    this.code = '';
    this.origin = null;
  }
}
