/**
 * From a form's strings to a request body: a blank optional field is left out when creating (the service's
 * default) and sent as null when editing (cleared) — so "I emptied the phone number" clears it, and a new record
 * never stores "" where the service expects nothing.
 */
import type { FormValues } from '../components/RecordsPage.js';

export type Mode = 'create' | 'update';

export function textOf(form: FormValues, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** An optional text field: its trimmed value; blank → absent (create) or null (update). */
export function optionalText(form: FormValues, name: string, mode: Mode): Record<string, string | null> {
  const value = textOf(form, name);
  if (value) return { [name]: value };
  return mode === 'update' ? { [name]: null } : {};
}

/**
 * An optional decimal (money, percent); blank → absent or null. RecordsPage has already read a `decimal` field the
 * language's way (lib/numbers.ts readDecimal), so the value here is the service's decimal string.
 */
export function optionalDecimal(form: FormValues, name: string, mode: Mode): Record<string, string | null> {
  const value = textOf(form, name);
  if (value) return { [name]: value };
  return mode === 'update' ? { [name]: null } : {};
}

/** The name of a referenced record (a till's point), or "(deleted)" for one that is gone. */
export function nameIn(list: readonly Record<string, unknown>[] | undefined, id: unknown, unknown: string): string {
  if (id === null || id === undefined || id === '') return '';
  const found = list?.find((row) => row.id === id);
  if (!found) return unknown;
  return String(found.name ?? found.full_name ?? '');
}
