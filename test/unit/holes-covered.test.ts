/**
 * Every bug and security hole the reference has (osonpos-behaviour.md §12) must have at least one test here whose
 * title names it ("S9: …", "(S2)"), showing that ours does not have it. The list of ids is read from the
 * reference itself, so a hole added there without a test fails this run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const behaviour = readFileSync(new URL('../../../shared/reference/osonpos-behaviour.md', import.meta.url), 'utf8');

/** Holes whose fix belongs to a later piece of work, with where: shrink this list, never grow it. */
const LATER: Record<string, string> = {};

function holeIds(): string[] {
  const section = behaviour.slice(behaviour.indexOf('## 12.'), behaviour.indexOf('## 13.'));
  return [...section.matchAll(/^\| ([SDB]\d{1,2}) \|/gm)].map((match) => match[1] as string);
}

function testFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The hole ids named in test titles: `it('…')`, `it("…")` or `it(`…`)`, also `test(` and `describe(`. */
function idsInTitles(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of testFiles(ROOT)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])((?:(?!\1).)*)\1/g)) {
      for (const id of (match[2] ?? '').match(/\b[SDB]\d{1,2}\b/g) ?? []) {
        found.set(id, [...(found.get(id) ?? []), file.slice(ROOT.length)]);
      }
    }
  }
  return found;
}

describe('the reference’s holes', () => {
  const ids = holeIds();

  it('are read from the reference: 16 security, 14 data and 9 functional', () => {
    expect(ids.filter((id) => id.startsWith('S'))).toHaveLength(16);
    expect(ids.filter((id) => id.startsWith('D'))).toHaveLength(14);
    expect(ids.filter((id) => id.startsWith('B'))).toHaveLength(9);
  });

  it('each have a test whose title names them, except those listed as later work', () => {
    const found = idsInTitles();
    const untested = ids.filter((id) => !found.has(id) && !(id in LATER));
    expect(untested).toEqual([]);
  });

  it('listed as later work are not tested yet (so the list is kept short; it is empty now)', () => {
    const found = idsInTitles();
    expect(Object.keys(LATER).filter((id) => found.has(id))).toEqual([]);
  });
});
