/**
 * What is wrong with one operation's answer against its output schema, split in two: `wrong` (a field missing,
 * renamed or of the wrong type — the schema and the handler disagree) and `extra` (a field the schema does not
 * name). Looks at the wire form: the result as JSON carries it (a sync page already serialised is parsed back).
 */
import type { z } from 'zod';
import type { OperationId } from '../../shared/catalogue/index.js';
import { operationOutputs } from '../../shared/catalogue/outputs/index.js';
import { JsonText } from '../../server/sync/json-text.js';

export interface OutputProblems {
  readonly wrong: string[];
  readonly extra: string[];
}

/**
 * Lists longer than this are checked by their first and last rows only: one wire function makes every row, and
 * a suite that builds 100,000 rows must not spend seconds inside each transaction checking them all.
 */
const SAMPLE = 100;

const sampled = (_key: string, value: unknown) =>
  Array.isArray(value) && value.length > 2 * SAMPLE ? [...value.slice(0, SAMPLE), ...value.slice(-SAMPLE)] : value;

/** The value as the wire carries it: JSON, so a Date becomes text and undefined fields vanish (long lists sampled: a list answer, and any list of a sync page). */
export function wireForm(result: unknown): unknown {
  if (result instanceof JsonText) return JSON.parse(result.text.toString(), sampled) as unknown;
  if (result === undefined) return undefined;
  const rows = Array.isArray(result) && result.length > 2 * SAMPLE ? [...result.slice(0, SAMPLE), ...result.slice(-SAMPLE)] : result;
  return JSON.parse(JSON.stringify(rows)) as unknown;
}

/** A field's path, with list positions as `[]`, so one problem of every row of a list is said once. */
const where = (path: readonly PropertyKey[]) =>
  path.length === 0 ? '(the answer)' : path.map((part) => (typeof part === 'number' ? '[]' : String(part))).join('.');

export function problemsOf(operationId: OperationId, result: unknown): OutputProblems {
  const schema: z.ZodType | undefined = operationOutputs[operationId];
  if (!schema) return { wrong: ['has no output schema'], extra: [] };
  const parsed = schema.safeParse(wireForm(result));
  if (parsed.success) return { wrong: [], extra: [] };
  const wrong: string[] = [];
  const extra: string[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') extra.push(`${where(issue.path)} has fields the schema does not name: ${issue.keys.join(', ')}`);
    else wrong.push(`${where(issue.path)}: ${issue.message}${issue.code === 'invalid_union' ? unionDetail(issue) : ''}`);
  }
  return { wrong, extra };
}

/** A union's problems, of the alternative that came closest (fewest issues). */
function unionDetail(issue: z.core.$ZodIssueInvalidUnion): string {
  const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
  return ` (${closest.map((inner) => `${where(inner.path)}: ${inner.message}`).join('; ')})`;
}
