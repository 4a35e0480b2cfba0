/**
 * The refund form as the cashier typed it — a quantity per line, an amount per payment method, a reason — read
 * into exact values and checked before a manager is asked to approve it: something chosen, no line above what is
 * left of it, each method within what it can pay back, and the money adding up to what the lines are worth (the
 * same rules the terminal core applies, said in the cashier's words before they wait for a manager).
 */
import { formatMoney, formatQuantity, MONEY, QUANTITY, type DecimalKind, type Money, type Quantity } from '../../../shared/decimal.js';
import type { MessageKey, MessageValues } from '../../i18n/index.js';
import { chosenValue, splitByMethods, type SaleState } from './refund-plan.js';

export interface RefundForm {
  /** Typed quantity per sale line id. */
  readonly quantities: Readonly<Record<string, string>>;
  /** Typed amount per payment method id; filled from the chosen lines until the cashier edits one. */
  readonly amounts: Readonly<Record<string, string>>;
  readonly amountsEdited: boolean;
  readonly reason: string;
}

export const EMPTY_FORM: RefundForm = { quantities: {}, amounts: {}, amountsEdited: false, reason: '' };

/** Reads typed text in the language on screen: exact units, or undefined when it is not a number of `kind`. */
export type ReadUnits = (text: string, kind: DecimalKind) => bigint | undefined;

export interface Problem {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

/** The chosen quantities (valid, above zero) per line id. */
export function chosenOf(form: RefundForm, read: ReadUnits): Map<string, Quantity> {
  const chosen = new Map<string, Quantity>();
  for (const [lineId, text] of Object.entries(form.quantities)) {
    const value = text.trim() === '' ? undefined : read(text, QUANTITY);
    if (value !== undefined && value > 0n) chosen.set(lineId, value as Quantity);
  }
  return chosen;
}

/** The amounts a form shows for `chosen` before the cashier edits them: the value split over the sale's methods. */
export function amountsFor(state: SaleState, chosen: ReadonlyMap<string, Quantity>): Record<string, string> {
  const split = splitByMethods(state, chosenValue(state, chosen));
  return Object.fromEntries(state.methods.map((method) => [method.methodId, formatMoney(split.get(method.methodId) ?? 0n)]));
}

export type Checked =
  | { readonly ok: true; readonly chosen: Map<string, Quantity>; readonly payments: Map<string, Money>; readonly value: Money }
  | { readonly ok: false; readonly problems: readonly Problem[] };

export function checkForm(state: SaleState, form: RefundForm, read: ReadUnits, names: ReadonlyMap<string, string>): Checked {
  const problems: Problem[] = [];
  for (const [lineId, text] of Object.entries(form.quantities)) {
    if (text.trim() === '') continue;
    const value = read(text, QUANTITY);
    if (value === undefined || value < 0n) {
      problems.push({ key: 'sales.quantityInvalid' });
      continue;
    }
    const left = state.left.get(lineId) ?? 0n;
    if (value > left) {
      const itemId = state.sale.items.find((line) => line.id === lineId)?.item_id ?? '';
      problems.push({ key: 'sales.quantityTooMuch', values: { quantity: formatQuantity(left), item: names.get(itemId) ?? itemId } });
    }
  }
  const chosen = chosenOf(form, read);
  if (chosen.size === 0 && problems.length === 0) problems.push({ key: 'sales.noneChosen' });
  const payments = new Map<string, Money>();
  let given = 0n;
  for (const method of state.methods) {
    const text = form.amounts[method.methodId] ?? '';
    if (text.trim() === '') continue;
    const value = read(text, MONEY);
    if (value === undefined || value < 0n) {
      problems.push({ key: 'sales.amountInvalid' });
      continue;
    }
    if (value > method.left) problems.push({ key: 'sales.methodTooMuch', values: { method: method.name, amount: formatMoney(method.left) } });
    if (value > 0n) payments.set(method.methodId, value as Money);
    given += value;
  }
  const value = chosenValue(state, chosen);
  if (problems.length === 0 && given !== value) {
    problems.push({ key: 'sales.moneyMismatch', values: { amount: formatMoney(value), given: formatMoney(given) } });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, chosen, payments, value };
}
