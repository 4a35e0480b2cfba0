/** Helpers for the catalogue (ItemModifier) tests: valid bodies, paths, and the stock ledger as stored. */
import { expect } from 'vitest';
import { expectAuthRequired } from './checks.js';
import type { Tenant, TestServer } from './server.js';

export const CATALOGUE_PATH = '/api/v1/item-modifier';

/** The four sub-resources by their path segment. */
export type CatalogueSegment = 'items' | 'item-groups' | 'modifiers' | 'modifier-groups';

/** A minimal valid create body for any sub-resource (the type must match the sub-resource's). */
export function catalogueBody(overrides: Record<string, unknown> = {}) {
  return { name: 'Espresso', measurement: 'pcs', price: '12.50', type: 'ITEM', ...overrides };
}

export async function createEntry(server: TestServer, tenant: Tenant, segment: CatalogueSegment, overrides: Record<string, unknown> = {}) {
  const response = await server.request('POST', `${CATALOGUE_PATH}/${segment}/create`, { token: tenant.token, body: catalogueBody(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Record<string, any> & { id: string };
}

export async function listEntries(server: TestServer, token: string, segment: CatalogueSegment) {
  const response = await server.request('GET', `${CATALOGUE_PATH}/${segment}/all`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as (Record<string, any> & { id: string })[];
}

/** The stored row of a catalogue table, or undefined. */
export function storedRow(server: TestServer, table: 'items' | 'item_groups' | 'modifiers' | 'modifier_groups', id: string) {
  return server.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ledger of one item or modifier: its moves and their exact sum in thousandths. */
export async function ledgerOf(server: TestServer, tenant: Tenant, itemId: string) {
  const moves = await server.database.db
    .selectFrom('stock_moves')
    .select(['warehouse_id', 'delta', 'reason'])
    .where('business_id', '=', tenant.businessId)
    .where('item_id', '=', itemId)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return { moves, sum: moves.reduce((total, move) => total + BigInt(move.delta), 0n) };
}

/** The level rows of one item or modifier, by warehouse (thousandths). */
export async function levelsOf(server: TestServer, tenant: Tenant, itemId: string) {
  const rows = await server.database.db
    .selectFrom('stock_levels')
    .select(['warehouse_id', 'quantity'])
    .where('business_id', '=', tenant.businessId)
    .where('item_id', '=', itemId)
    .execute();
  return new Map(rows.map((row) => [row.warehouse_id, BigInt(row.quantity)]));
}

/** The audit actions recorded about one record (found by its id in the details), oldest first. */
export async function auditActionsAbout(server: TestServer, tenant: Tenant, id: string) {
  const entries = await server.database.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'type', 'details'])
    .where('business_id', '=', tenant.businessId)
    .where('details', 'like', `%${id}%`)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return entries;
}

/** Asserts a catalogue row is still live and still has its name (a refused write changed nothing). */
export async function expectUntouched(server: TestServer, table: 'items' | 'item_groups' | 'modifiers' | 'modifier_groups', id: string, name: string) {
  const row = await storedRow(server, table, id);
  expect(row?.name).toBe(name);
  expect(Number(row?.is_deleted)).toBe(0);
}

/** Every operation of a sub-resource answers 401 without a valid token. */
export async function expectAuthOnEveryOperation(server: TestServer, segment: CatalogueSegment, type: string) {
  const base = `${CATALOGUE_PATH}/${segment}`;
  await expectAuthRequired(server, 'POST', `${base}/create`, catalogueBody({ type }));
  await expectAuthRequired(server, 'GET', `${base}/all`);
  await expectAuthRequired(server, 'PATCH', `${base}/update/x`, { name: 'X' });
  await expectAuthRequired(server, 'DELETE', `${base}/delete/x`);
}
