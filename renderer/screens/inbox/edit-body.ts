/**
 * Edit-and-resubmit works on any operation the service refused, so the form is built from the refused body
 * itself: each top-level field becomes one input of its own kind, and lists or objects (receipt lines, say)
 * are edited as JSON text. Values keep their types — decimals stay strings, never numbers — so what is sent
 * again is the refused body with only the person's edits changed.
 */
import type { InboxEntryPayload } from '../../../shared/terminal-contract.js';

export type FieldKind = 'text' | 'number' | 'flag' | 'json';

export interface EditField {
  readonly name: string;
  readonly kind: FieldKind;
  /** What the input shows: the text, the number's digits, 'true'/'false', or pretty JSON. */
  readonly value: string;
  /** The refused body had null here: an emptied text input sends null again, not "". */
  readonly wasNull: boolean;
}

export type BuildResult =
  { readonly ok: true; readonly body: Record<string, unknown> } | { readonly ok: false; readonly problems: string[] };

function kindOf(value: unknown): FieldKind {
  if (typeof value === 'boolean') return 'flag';
  if (typeof value === 'number') return 'number';
  if (value === null || typeof value === 'string') return 'text';
  return 'json';
}

/** The form's fields for a refused body, in the body's own order. A body that is not an object is one JSON field. */
export function fieldsOf(body: unknown): EditField[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>).map(([name, value]) => {
    const kind = kindOf(value);
    const shown = kind === 'json' ? JSON.stringify(value, null, 2) : value === null ? '' : String(value);
    return { name, kind, value: shown, wasNull: value === null };
  });
}

/** The body to send again from the edited fields, or a line per field that cannot be read. */
export function bodyOf(fields: readonly EditField[]): BuildResult {
  const body: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const field of fields) {
    switch (field.kind) {
      case 'flag':
        body[field.name] = field.value === 'true';
        break;
      case 'number': {
        // Only integers travel as JSON numbers in our bodies (counts, not money); anything else is refused here.
        if (!/^-?\d{1,15}$/.test(field.value.trim())) problems.push(`${field.name} must be a whole number`);
        else body[field.name] = Number(field.value.trim());
        break;
      }
      case 'text':
        body[field.name] = field.wasNull && field.value === '' ? null : field.value;
        break;
      case 'json':
        try {
          body[field.name] = JSON.parse(field.value);
        } catch {
          problems.push(`${field.name} is not valid JSON`);
        }
        break;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, body };
}

/** The problems of a 400 that belong to one field: the lines that start with its name (`items.0.quantity …`). */
export function linesFor(field: string, lines: readonly string[]): string[] {
  return lines.filter((line) => line === field || line.startsWith(`${field} `) || line.startsWith(`${field}.`));
}

/** What every correction form of a refused operation takes: the entry, the service's reason lines, and its exits. */
export interface CorrectionProps {
  readonly entry: InboxEntryPayload;
  /** The service's reason lines: shown next to the fields (or the choice) they name until the cashier sends again. */
  readonly reason: readonly string[];
  readonly onDone: () => void;
  readonly onCancel: () => void;
}
