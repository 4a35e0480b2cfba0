/**
 * Runs a catalogue schema and turns its problems into the reference's message lines: one line per problem,
 * naming the field by its dotted path ("items.0.quantity must have at most 3 decimal places",
 * "property zzz should not exist").
 */
import type { z } from 'zod';

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.flatMap(describeIssue) };
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const prefix = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${prefix ? `${prefix}.` : ''}property ${key} should not exist`);
  }
  const message = issue.message;
  return [prefix ? `${prefix} ${message}` : message];
}
