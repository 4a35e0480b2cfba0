/**
 * Pull cursors. Opaque to the terminal, which stores the one it was last given and sends it back. Inside:
 * the format (`v1`), the last business version the terminal has everything of, and a short fingerprint of the
 * scope the cursor was issued for — so a cursor issued before the terminal's workplace moved to another point
 * (or its point's warehouse changed) is recognised and answered with a reset, not with a silent gap.
 *
 * A later format (e.g. a transaction-id watermark) gets a new prefix; the service can answer an old prefix with
 * a reset.
 */

export interface Cursor {
  readonly version: bigint;
  readonly scopeKey: string;
}

const CURSOR = /^v1:(0|[1-9][0-9]{0,18}):([A-Za-z0-9_-]{1,32})$/;
const MAX_VERSION = 2n ** 63n - 1n;

export function formatCursor(cursor: Cursor): string {
  return `v1:${cursor.version}:${cursor.scopeKey}`;
}

/** The cursor `text` encodes, or null when it is not one this service issued in a form it understands. */
export function parseCursor(text: string): Cursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const version = BigInt(match[1] ?? '');
  if (version > MAX_VERSION) return null;
  return { version, scopeKey: match[2] ?? '' };
}
