/**
 * Every write a cashier may call either names the right it needs (`right`, docs/api.md "Rights") or is in the
 * baseline below, with why — so a new entry open to cashiers cannot forget to say which right guards it. And the
 * table in docs/api.md is this catalogue's: every right an entry names is listed there with that entry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RIGHTS } from '../rights.js';
import { catalogue } from './index.js';
import type { OperationSpec } from './operation.js';

/** Writes open to cashiers with no right: what every cashier may do (shared/rights.ts), and why each is here. */
const BASELINE: Readonly<Record<string, string>> = {
  OrderController_create: 'selling at their own point, with its payments (and a sale on account, a debt in their own name)',
  AiChatController_createSession: 'the assistant answers a cashier without the business’s data (server/ai/reporting.ts)',
  AiChatController_updateSession: 'their own chats with the assistant',
  AiChatController_deleteSession: 'their own chats with the assistant',
  AiChatController_updateHistory: 'their own chats with the assistant',
  AiChatController_deleteHistory: 'their own chats with the assistant',
  AiChatController_sendMessage: 'the assistant answers a cashier without the business’s data (server/ai/reporting.ts)',
  NaturalChatController_createSession: 'the staff chat',
};

/** Structure: owners and admins only (issue 28 §1, the role matrix's `access`), not a right. */
const STRUCTURE = new Set([
  'BusinessController_createPoint',
  'BusinessController_updatePoint',
  'BusinessController_createWorkplace',
  'BusinessController_updateWorkplace',
  'WarehouseController_create',
  'WarehouseController_update',
]);

const all = catalogue as readonly OperationSpec[];
const cashierWrites = all.filter((entry) => entry.access !== 'public' && entry.access.includes('EMPLOYEE') && entry.method !== 'GET');
const rightOf = (entry: OperationSpec) => (entry.right === undefined ? undefined : typeof entry.right === 'string' ? entry.right : entry.right.right);

describe('the rights in the catalogue', () => {
  it('names a right on every write a cashier may call, except the baseline’s (and structure, which is no right)', () => {
    const unguarded = cashierWrites.filter((entry) => entry.right === undefined && !STRUCTURE.has(entry.operationId)).map((entry) => entry.operationId);
    expect(unguarded.sort()).toEqual(Object.keys(BASELINE).sort());
  });

  it('names only rights of the vocabulary, and no right on an entry cashiers cannot call', () => {
    for (const entry of all.filter((candidate) => candidate.right !== undefined)) {
      expect(RIGHTS, entry.operationId).toContain(rightOf(entry));
      expect(cashierWrites, entry.operationId).toContain(entry);
    }
  });

  it('is the table docs/api.md shows: each guarded entry in its right’s row', () => {
    const docs = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Rights'), docs.indexOf('## Groups'));
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    for (const entry of cashierWrites.filter((candidate) => candidate.right !== undefined)) {
      const row = rows.find((line) => line.includes(`\`${entry.operationId}\``));
      expect(row, entry.operationId).toBeDefined();
      expect(row!.startsWith(`| \`${rightOf(entry)}\``), `${entry.operationId} in ${row}`).toBe(true);
    }
  });
});
