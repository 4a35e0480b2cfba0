/**
 * The entries of a change-log record (migration 0012: one version's entries in one scope, JSON objects separated
 * by commas) taken apart without being re-serialised, so compaction keeps each surviving entry byte for byte —
 * large integers included (docs/sync.md, "Large integers").
 *
 * Hand-written rather than a streaming JSON library: the only job is to find where each top-level object ends
 * (braces outside strings), which a library would do by building every value we then throw away.
 */

/** The entries of a record's text, each exactly as stored. */
export function splitEntries(text: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (depth === 0) start = index;
      depth += 1;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
      if (depth === 0) entries.push(text.slice(start, index + 1));
    }
  }
  if (depth !== 0 || inString) throw new Error('a change-log record does not hold whole JSON entries');
  return entries;
}

/** Which record (table and row id) an entry is an image of. Only these two strings are read from it. */
export function entryKey(entry: string): { table: string; rowId: string } {
  const parsed = JSON.parse(entry) as { t?: unknown; row?: { id?: unknown } };
  if (typeof parsed.t !== 'string' || typeof parsed.row?.id !== 'string')
    throw new Error('a change-log entry without a table or row id');
  return { table: parsed.t, rowId: parsed.row.id };
}
