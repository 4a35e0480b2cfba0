/**
 * The service's reason for refusing an operation, read two ways: as the raw lines it sent (kept behind "Details",
 * and placed next to the fields they name in a form), and as sentences a cashier understands. Validation lines name
 * a field and a problem (`client_id must be an existing client`); each known kind of problem becomes one translated
 * sentence about the field in words. A line this till cannot read is never hidden: the sentence says to look at the
 * details, where the raw text stands.
 */
import { isRight } from '../../../shared/rights.js';
import { refusalCode } from '../../../shared/terminal-contract.js';
import type { MessageKey } from '../../i18n/index.js';
import { RIGHT_NAMES } from '../../lib/rights.js';

export interface Phrase {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string | number>>;
  /** Message keys among `values` to translate before they fill the sentence (a field's name in words). */
  readonly translate?: readonly string[];
}

/** The service's answer inside a stored reason: a rejected operation's result is `{ error: { statusCode, message } }`. */
function answerOf(reason: unknown): { message?: unknown; statusCode?: unknown; detail?: unknown } | null {
  if (typeof reason !== 'object' || reason === null) return null;
  return 'error' in reason ? answerOf((reason as { error: unknown }).error) : (reason as { message?: unknown; statusCode?: unknown; detail?: unknown });
}

/** Just the message lines of a reason (no status), to show next to the fields they name. */
export function messageLines(reason: unknown): string[] {
  const message = answerOf(reason)?.message;
  if (typeof message === 'string') return [message];
  return Array.isArray(message) ? message.map(String) : [];
}

/** The service's reason as lines, the first prefixed with its status; anything else shown raw. */
export function reasonLines(reason: unknown): string[] {
  const statusCode = answerOf(reason)?.statusCode;
  const lines = messageLines(reason);
  if (lines.length === 0) return [typeof reason === 'string' ? reason : JSON.stringify(reason)];
  const prefix = typeof statusCode === 'number' ? `${statusCode}: ` : '';
  return lines.map((line, index) => (index === 0 ? prefix : '') + line);
}

const FIELD_WORDS: Readonly<Record<string, MessageKey>> = {
  client_id: 'inbox.field.client',
  payment_type_id: 'inbox.field.paymentMethod',
  employee_id: 'inbox.field.employee',
  employeeId: 'inbox.field.employee',
  id_automated_point: 'inbox.field.point',
  organizationId: 'inbox.field.point',
  automated_point_id: 'inbox.field.point',
  item_id: 'inbox.field.item',
  itemId: 'inbox.field.item',
  warehouse_id: 'inbox.field.warehouse',
  warehouseId: 'inbox.field.warehouse',
  toWarehouseId: 'inbox.field.warehouse',
  measureId: 'inbox.field.unit',
  clientId: 'inbox.field.supplier',
  debt_amount: 'inbox.field.amount',
  signature_url: 'inbox.field.signature',
};

/** The field a validation line names, in words: `items.0.itemId must …` → "The item". */
export function fieldWords(line: string): MessageKey {
  const path = line.split(' ')[0] ?? '';
  const named = path
    .replace(/^body\./, '')
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1);
  return (named && FIELD_WORDS[named]) || 'inbox.field.other';
}

const LINE_RULES: readonly { readonly test: RegExp; readonly phrase: (line: string) => Phrase }[] = [
  { test: / must be a payment method that takes money/, phrase: () => ({ key: 'inbox.reason.notMoney' }) },
  { test: / is only for a repayment/, phrase: () => ({ key: 'inbox.reason.onlyRepayment' }) },
  { test: / must be the item's unit/, phrase: () => ({ key: 'inbox.reason.wrongUnit' }) },
  { test: / must be an existing /, phrase: (line) => ({ key: 'inbox.reason.missing', values: { field: fieldWords(line) }, translate: ['field'] }) },
  { test: / (is required|should not be empty)$/, phrase: (line) => ({ key: 'inbox.reason.required', values: { field: fieldWords(line) }, translate: ['field'] }) },
  { test: / must equal /, phrase: () => ({ key: 'inbox.reason.totals' }) },
];

const STATUS_PHRASES: Readonly<Record<number, MessageKey>> = {
  401: 'inbox.reason.forbidden',
  403: 'inbox.reason.forbidden',
  404: 'inbox.reason.notFound',
  409: 'inbox.reason.conflict',
};

/** The reason as sentences: one per known problem (duplicates once), else by status, else "see the details". */
export function explainReason(reason: unknown): Phrase[] {
  // Refused for a right the employee's role lacks (issue 28 §2): which one, in words.
  const refusal = refusalCode(answerOf(reason)?.detail);
  if (refusal.code === 'RIGHT_MISSING' && refusal.right !== undefined && isRight(refusal.right))
    return [{ key: 'rights.missing', values: { right: RIGHT_NAMES[refusal.right] }, translate: ['right'] }];
  const phrases: Phrase[] = [];
  const seen = new Set<string>();
  const add = (phrase: Phrase) => {
    const key = JSON.stringify(phrase);
    if (!seen.has(key)) {
      seen.add(key);
      phrases.push(phrase);
    }
  };
  for (const line of messageLines(reason)) {
    const rule = LINE_RULES.find((candidate) => candidate.test.test(line));
    if (rule) add(rule.phrase(line));
    else if (fieldWords(line) !== 'inbox.field.other') add({ key: 'inbox.reason.invalid', values: { field: fieldWords(line) }, translate: ['field'] });
  }
  if (phrases.length > 0) return phrases;
  const status = answerOf(reason)?.statusCode;
  const byStatus = typeof status === 'number' ? STATUS_PHRASES[status] : undefined;
  return [{ key: byStatus ?? 'inbox.reason.unknown' }];
}
