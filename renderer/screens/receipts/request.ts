/**
 * From the editor's state to the service's bodies, and the checks made on screen before sending (so the obvious
 * problems are said at once, offline too). The totals sent are computed by the service's own rule; the service
 * checks them again and refuses any that disagree.
 */
import { formatMoney, formatQuantity } from '../../../shared/decimal.js';
import type { MessageKey } from '../../i18n/index.js';
import { draftTotals, type LineDraft, type LineProblem } from './lines.js';

export interface HeaderDraft {
  readonly name: string;
  /** The supplier (`clientId`). */
  readonly clientId: string;
  readonly warehouseIds: readonly string[];
  /** The point (`organizationId`). */
  readonly organizationId: string;
  readonly note: string;
}

export type HeaderField = 'name' | 'clientId' | 'warehouseId' | 'organizationId' | 'note';

/** What is wrong, placed where it is shown: next to a header field, under a line, over the lines, or at the top. */
export interface Problems {
  readonly header: Partial<Record<HeaderField, readonly string[]>>;
  /** Per line key: the fields to mark and the messages to show under the line. */
  readonly lines: Readonly<Record<string, { readonly fields: readonly string[]; readonly messages: readonly string[] }>>;
  readonly list: readonly string[];
  readonly top: readonly string[];
}

export const NO_PROBLEMS: Problems = { header: {}, lines: {}, list: [], top: [] };

export const hasProblems = (problems: Problems): boolean =>
  problems.top.length > 0 ||
  problems.list.length > 0 ||
  Object.keys(problems.header).length > 0 ||
  Object.keys(problems.lines).length > 0;

const LINE_MESSAGES: Record<LineProblem, MessageKey> = {
  measureId: 'receipts.problem.unit',
  quantity: 'receipts.problem.quantity',
  price: 'receipts.problem.price',
  plannedQuantity: 'receipts.problem.planned',
  newPrice: 'receipts.problem.newPrice',
};

/** The problems visible before anything is sent: empty fields, no lines, numbers that are not valid. */
export function screenProblems(header: HeaderDraft, lines: readonly LineDraft[], t: (key: MessageKey) => string): Problems {
  const headerProblems: Partial<Record<HeaderField, string[]>> = {};
  if (header.name.trim() === '') headerProblems.name = [t('receipts.problem.name')];
  if (header.clientId === '') headerProblems.clientId = [t('receipts.problem.supplier')];
  if (header.warehouseIds.length === 0) headerProblems.warehouseId = [t('receipts.problem.warehouse')];
  if (header.organizationId === '') headerProblems.organizationId = [t('receipts.problem.point')];
  const lineProblems: Record<string, { fields: string[]; messages: string[] }> = {};
  for (const line of lines) {
    if (line.problems.length === 0) continue;
    lineProblems[line.key] = { fields: [...line.problems], messages: line.problems.map((problem) => t(LINE_MESSAGES[problem])) };
  }
  return {
    header: headerProblems,
    lines: lineProblems,
    list: lines.length === 0 ? [t('receipts.problem.noLines')] : [],
    top: [],
  };
}

const HEADER_FIELDS: readonly HeaderField[] = ['name', 'clientId', 'warehouseId', 'organizationId', 'note'];
const LINE_MESSAGE = /^items\.(\d+)\.(\w+)/;
const LIST_MESSAGE = /^items\b/;
const HEADER_MESSAGE = /^(\w+)(?:\.\d+)?\s/;

/**
 * Places the service's message lines (`items.0.quantity must be …`, `clientId must be an existing supplier or
 * client`, `warehouseId.1 must be …`): a line's under that line (by the order the lines were sent in), a header
 * field's next to the field, the rest at the top. Each message is shown as the service wrote it.
 */
export function placeServiceProblems(messages: readonly string[], sentKeys: readonly string[]): Problems {
  const header: Partial<Record<HeaderField, string[]>> = {};
  const lines: Record<string, { fields: string[]; messages: string[] }> = {};
  const list: string[] = [];
  const top: string[] = [];
  for (const message of messages) {
    const line = LINE_MESSAGE.exec(message);
    const key = line ? sentKeys[Number(line[1])] : undefined;
    if (line && key !== undefined) {
      const entry = (lines[key] ??= { fields: [], messages: [] });
      entry.fields.push(line[2]!);
      entry.messages.push(message);
      continue;
    }
    if (LIST_MESSAGE.test(message)) {
      list.push(message);
      continue;
    }
    const field = HEADER_MESSAGE.exec(message)?.[1] as HeaderField | undefined;
    if (field !== undefined && HEADER_FIELDS.includes(field)) (header[field] ??= []).push(message);
    else top.push(message);
  }
  return { header, lines, list, top };
}

/** The wire form of the lines, in the order shown (the order the service's `items.N` messages refer to). */
function itemsBody(lines: readonly LineDraft[]) {
  return lines.map((line) => {
    const priced = line.priced!;
    return {
      itemId: line.itemId,
      quantity: formatQuantity(priced.quantity),
      price: formatMoney(priced.price),
      plannedQuantity: formatQuantity(priced.plannedQuantity),
      measureId: line.measureId,
      ...(priced.rounding !== null && priced.rounding !== undefined ? { rounding: formatMoney(priced.rounding) } : {}),
      ...(priced.newPrice !== null ? { newPrice: formatMoney(priced.newPrice) } : {}),
      ...(line.warehouseId !== null ? { warehouseId: line.warehouseId } : {}),
    };
  });
}

function totalsBody(lines: readonly LineDraft[]) {
  const totals = draftTotals(lines);
  return {
    total: formatMoney(totals.total),
    totalPlanned: formatMoney(totals.totalPlanned),
    totalDiff: formatMoney(totals.totalDiff),
  };
}

const noteOrNull = (note: string): string | null => (note.trim() === '' ? null : note.trim());

/** `ReceiptController_create`'s body. Call only when screenProblems found nothing (every line is priced). */
export function createBody(
  header: HeaderDraft,
  lines: readonly LineDraft[],
  options: { readonly guid: string; readonly employeeId: string; readonly conducted: boolean },
) {
  return {
    guid: options.guid,
    name: header.name.trim(),
    warehouseId: [...header.warehouseIds],
    organizationId: header.organizationId,
    ...totalsBody(lines),
    employeeId: options.employeeId,
    clientId: header.clientId,
    note: noteOrNull(header.note),
    conducted: options.conducted,
    items: itemsBody(lines),
  };
}

/**
 * `ReceiptController_update`'s body: the whole header and every line (they replace the stored ones), and the
 * state it should end in. The employee who created the receipt stays its employee.
 */
export function updateBody(header: HeaderDraft, lines: readonly LineDraft[], conducted: boolean) {
  return {
    name: header.name.trim(),
    warehouseId: [...header.warehouseIds],
    organizationId: header.organizationId,
    ...totalsBody(lines),
    clientId: header.clientId,
    note: noteOrNull(header.note),
    conducted,
    items: itemsBody(lines),
  };
}

/** "Receipt 23.11.2026 14:05": a default name the cashier can keep (local time, as on the wall clock). */
export function defaultName(now: Date, t: (key: MessageKey, values: Record<string, string>) => string): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${two(now.getDate())}.${two(now.getMonth() + 1)}.${now.getFullYear()} ${two(now.getHours())}:${two(now.getMinutes())}`;
  return t('receipts.defaultName', { date });
}

/** Both sets of problems, where they are shown. */
export function mergeProblems(a: Problems, b: Problems): Problems {
  if (!hasProblems(b)) return a;
  if (!hasProblems(a)) return b;
  const header: Partial<Record<HeaderField, readonly string[]>> = { ...a.header };
  for (const [field, messages] of Object.entries(b.header) as [HeaderField, readonly string[]][])
    header[field] = [...(header[field] ?? []), ...messages];
  const lines: Record<string, { readonly fields: readonly string[]; readonly messages: readonly string[] }> = { ...a.lines };
  for (const [key, marks] of Object.entries(b.lines)) {
    const before = lines[key];
    lines[key] = before
      ? { fields: [...before.fields, ...marks.fields], messages: [...before.messages, ...marks.messages] }
      : marks;
  }
  return { header, lines, list: [...a.list, ...b.list], top: [...a.top, ...b.top] };
}

/** The problems without those of one line (the cashier changed it, so what was said about it may be stale). */
export function withoutLine(problems: Problems, key: string): Problems {
  if (!(key in problems.lines)) return problems;
  const lines = { ...problems.lines };
  delete lines[key];
  return { ...problems, lines };
}

/** The problems without those of one header field (or of the lines list, once a line is added). */
export function withoutField(problems: Problems, field: HeaderField | 'list'): Problems {
  if (field === 'list') return problems.list.length === 0 ? problems : { ...problems, list: [] };
  if (!(field in problems.header)) return problems;
  const header = { ...problems.header };
  delete header[field];
  return { ...problems, header };
}
