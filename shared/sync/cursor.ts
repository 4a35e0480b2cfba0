/**
 * Pull cursors. Opaque to the terminal, which stores the one it was last given and sends it back. Inside:
 * the format, the last business version the terminal has everything of, a short fingerprint of the scope the
 * cursor was issued for — so a cursor issued before the terminal's workplace moved to another point (or its
 * point's warehouse changed) is recognised and answered with a reset, not with a silent gap — and (format `v2`)
 * the database generation it was issued in (app/sync/generation.ts): a cursor of a log that a restore took away is
 * answered `SERVICE_REWOUND`, whatever its version says.
 *
 * `v1` cursors (issued before generations) stay valid: they carry no generation and are never refused for one.
 */

export interface Cursor {
  readonly version: bigint;
  readonly scopeKey: string;
  /** The generation of the log the cursor was issued in; null for a `v1` cursor. */
  readonly generation: string | null;
}

const V1 = /^v1:(0|[1-9][0-9]{0,18}):([A-Za-z0-9_-]{1,32})$/;
const V2 = /^v2:(0|[1-9][0-9]{0,18}):([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]{1,40})$/;
const MAX_VERSION = 2n ** 63n - 1n;

export function formatCursor(cursor: Cursor): string {
  return cursor.generation === null ? `v1:${cursor.version}:${cursor.scopeKey}` : `v2:${cursor.version}:${cursor.scopeKey}:${cursor.generation}`;
}

/** The cursor `text` encodes, or null when it is not one this service issued in a form it understands. */
export function parseCursor(text: string): Cursor | null {
  const match = V2.exec(text) ?? V1.exec(text);
  if (!match) return null;
  const version = BigInt(match[1] ?? '');
  if (version > MAX_VERSION) return null;
  return { version, scopeKey: match[2] ?? '', generation: match[3] ?? null };
}
