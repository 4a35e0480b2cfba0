/**
 * A role's `access_resources` as the roles page edits it: the rights Kassa enforces (shared/rights.ts), each a
 * checkbox, and every other name kept as it was — reference clients store free text there, and saving a role here
 * must never drop what another program wrote.
 */
import { RIGHTS, isRight, type Right } from '../../../shared/rights.js';
import type { FormValues } from '../../components/RecordsPage.js';
import type { MessageKey } from '../../i18n/index.js';

/** Each right's name and one-line description on the page; a right without them does not compile. */
export const RIGHT_WORDS: Readonly<Record<Right, { readonly name: MessageKey; readonly about: MessageKey }>> = {
  REFUNDS: { name: 'rights.REFUNDS', about: 'rights.REFUNDS.about' },
  DISCOUNTS: { name: 'rights.DISCOUNTS', about: 'rights.DISCOUNTS.about' },
  CASH_MOVES: { name: 'rights.CASH_MOVES', about: 'rights.CASH_MOVES.about' },
  OTHERS_SHIFTS: { name: 'rights.OTHERS_SHIFTS', about: 'rights.OTHERS_SHIFTS.about' },
  STOCK: { name: 'rights.STOCK', about: 'rights.STOCK.about' },
  CLIENT_DEBTS: { name: 'rights.CLIENT_DEBTS', about: 'rights.CLIENT_DEBTS.about' },
  CATALOGUE: { name: 'rights.CATALOGUE', about: 'rights.CATALOGUE.about' },
  MODIFIERS: { name: 'rights.MODIFIERS', about: 'rights.MODIFIERS.about' },
  PAYMENT_METHODS: { name: 'rights.PAYMENT_METHODS', about: 'rights.PAYMENT_METHODS.about' },
  SETTINGS: { name: 'rights.SETTINGS', about: 'rights.SETTINGS.about' },
  MANAGER: { name: 'rights.MANAGER', about: 'rights.MANAGER.about' },
};

/** The form value that holds whether `right` is ticked. */
export const rightField = (right: Right): string => `right:${right}`;

/** The names stored in a role (a list, or its JSON text as some answers carry it); anything else is none. */
export function storedNames(accessResources: unknown): string[] {
  let list = accessResources;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];
}

/** The names in a role that are not Kassa's rights, in their order, each once. */
export function keptNames(accessResources: unknown): string[] {
  return [...new Set(storedNames(accessResources).filter((name) => !isRight(name)))];
}

/** The rights a role grants, in the vocabulary's order. */
export function rightsIn(accessResources: unknown): Right[] {
  const names = new Set(storedNames(accessResources));
  return RIGHTS.filter((right) => names.has(right));
}

/** The form values of a role's rights: one flag per right. */
export function rightsForm(accessResources: unknown): FormValues {
  const granted = new Set(rightsIn(accessResources));
  return Object.fromEntries(RIGHTS.map((right) => [rightField(right), granted.has(right)]));
}

/** What to store: the ticked rights, then every kept name exactly as it was. */
export function accessResourcesOf(form: FormValues, kept: readonly string[]): string[] {
  return [...RIGHTS.filter((right) => form[rightField(right)] === true), ...kept];
}
