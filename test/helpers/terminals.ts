/**
 * Sync test helpers: a shop with two points (each with its own default warehouse and a workplace), enrolling a
 * terminal through the real operations, and a minimal terminal that bootstraps, pulls and applies pages the way
 * docs/sync.md prescribes (a row is applied only when its version is newer than the one held).
 */
import { waitForCapture } from '../../db/change-capture.js';
import { expect } from 'vitest';
import { parseExactJson, type ExactJson } from '../../shared/sync/exact-json.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import type { Tenant, TestServer } from './server.js';

export const SYNC = '/api/v1/sync';

export interface ShopWorld {
  readonly tenant: Tenant;
  readonly warehouse1: string;
  readonly warehouse2: string;
  readonly point1: string;
  readonly point2: string;
  readonly workplace1: string;
  readonly workplace2: string;
}

async function created(server: TestServer, tenant: Tenant, path: string, body: Record<string, unknown>): Promise<string> {
  const response = await server.request('POST', `/api/v1${path}`, { token: tenant.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

/** Two points, each with its default warehouse and one workplace, made through the REST operations. */
export async function shopWorld(server: TestServer, tenant: Tenant): Promise<ShopWorld> {
  const warehouse1 = await created(server, tenant, '/warehouses/create', { name: 'Shop floor' });
  const warehouse2 = await created(server, tenant, '/warehouses/create', { name: 'Other shop' });
  const point1 = await created(server, tenant, '/business-config/points/create', { name: 'Point 1', default_warehouse_id: warehouse1 });
  const point2 = await created(server, tenant, '/business-config/points/create', { name: 'Point 2', default_warehouse_id: warehouse2 });
  const workplace1 = await created(server, tenant, '/business-config/workplaces/create', { name: 'Till 1', automated_point_id: point1 });
  const workplace2 = await created(server, tenant, '/business-config/workplaces/create', { name: 'Till 2', automated_point_id: point2 });
  return { tenant, warehouse1, warehouse2, point1, point2, workplace1, workplace2 };
}

export async function enrollmentCode(server: TestServer, token: string, workplaceId: string): Promise<string> {
  const response = await server.request('POST', `${SYNC}/enrollment-codes`, { token, body: { workplaceId } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.code as string;
}

export interface EnrolledTerminal {
  readonly terminalId: string;
  readonly token: string;
  readonly epoch: string;
  readonly enrollment: Record<string, any>;
}

/** Creates a code as the tenant's owner and enrolls a terminal with it. */
export async function enrollTerminal(server: TestServer, tenant: Tenant, workplaceId: string, name = 'Till'): Promise<EnrolledTerminal> {
  const code = await enrollmentCode(server, tenant.token, workplaceId);
  const response = await server.request('POST', `${SYNC}/enroll`, { body: { code, name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { terminalId: response.body.terminalId, token: response.body.accessToken, epoch: `e-${Math.random().toString(36).slice(2, 10)}`, enrollment: response.body };
}

/** Sends a sync request and parses the answer keeping large integers exact. */
export async function syncCall(
  server: TestServer,
  operation: 'pull' | 'bootstrap',
  terminal: EnrolledTerminal,
  body: Record<string, unknown>,
  options: { waitForCapture?: boolean } = {},
) {
  // PostgreSQL: a pull serves what the capture consumer has logged, a few ms behind the commits; the tests read
  // their own writes, so they wait for it (db/change-capture.ts) unless told not to.
  if (options.waitForCapture !== false) await waitForCapture(server.database.db as never);
  const response = await server.app.inject({
    method: 'POST',
    url: `${SYNC}/${operation}`,
    headers: { authorization: `Bearer ${terminal.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, terminalId: terminal.terminalId, epoch: terminal.epoch, ...body }),
  });
  return { status: response.statusCode, body: parseExactJson(response.body) as any, text: response.body, headers: response.headers };
}

export async function pullPage(server: TestServer, terminal: EnrolledTerminal, body: Record<string, unknown>, options: { waitForCapture?: boolean } = {}) {
  const response = await syncCall(server, 'pull', terminal, body, options);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A terminal's local copy: table → id → { v, row }. */
export type LocalState = Map<string, Map<string, { v: bigint; row: Record<string, ExactJson> }>>;

/**
 * Applies one row the way a terminal must: only when its version is at least the one held — an older image never
 * resurrects a row, and the images of one version (one transaction) arrive whole, in write order, in one page.
 */
export function applyRow(state: LocalState, table: string, v: ExactJson, row: Record<string, ExactJson>) {
  const version = BigInt(v as number | bigint);
  let rows = state.get(table);
  if (!rows) state.set(table, (rows = new Map()));
  const held = rows.get(row.id as string);
  if (held && held.v > version) return;
  rows.set(row.id as string, { v: version, row });
}

/** Bootstraps every page into `state` (running `between` after each page); returns the pages and the cursor. */
export async function bootstrapInto(
  server: TestServer,
  terminal: EnrolledTerminal,
  state: LocalState,
  options: { limitRows?: number; tables?: string[]; between?: (page: any) => Promise<void> } = {},
) {
  const pages: any[] = [];
  let pageToken: string | null = null;
  for (;;) {
    const response = await syncCall(server, 'bootstrap', terminal, {
      pageToken,
      ...(options.limitRows ? { limitRows: options.limitRows } : {}),
      ...(options.tables && !pageToken ? { tables: options.tables } : {}),
    });
    expect(response.status, response.text).toBe(201);
    const page = response.body;
    pages.push(page);
    for (const entry of page.rows) applyRow(state, page.table, entry.v, entry.row);
    if (options.between) await options.between(page);
    if (page.done) return { pages, cursor: page.cursor as string, snapshotVersion: page.snapshotVersion };
    pageToken = page.nextPageToken;
  }
}

/** Pulls until `hasMore` is false, applying each page; returns the pages and the last cursor. */
export async function pullInto(server: TestServer, terminal: EnrolledTerminal, state: LocalState, cursor: string, limits: Record<string, unknown> = {}) {
  const pages: any[] = [];
  let current = cursor;
  for (let guard = 0; guard < 10_000; guard += 1) {
    const page = await pullPage(server, terminal, { cursor: current, ...limits });
    expect(page.reset, JSON.stringify(page.reset)).toBeNull();
    pages.push(page);
    for (const change of page.changes) applyRow(state, change.t, change.v, change.row);
    current = page.cursor;
    if (!page.hasMore) return { pages, cursor: current };
  }
  throw new Error('pull did not finish');
}

/** The live rows of a local copy, table → sorted [id, row] (deleted rows are tombstones, left out). */
export function liveRows(state: LocalState): Record<string, [string, Record<string, ExactJson>][]> {
  const result: Record<string, [string, Record<string, ExactJson>][]> = {};
  for (const [table, rows] of [...state.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const live = [...rows.entries()].filter(([, entry]) => Number(entry.row.is_deleted) === 0).map(([id, entry]) => [id, entry.row] as [string, Record<string, ExactJson>]);
    live.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (live.length > 0) result[table] = live;
  }
  return result;
}

/** What a goods receipt needs besides the shop: a measure and a supplier. */
export async function receiptNeeds(server: TestServer, tenant: Tenant) {
  const measure = await created(server, tenant, '/measurements/create', { name: 'pcs' });
  const supplier = await created(server, tenant, '/suppliers/create', { name: 'Wholesaler' });
  return { measure, supplier };
}

/** Posts a conducted goods receipt into one warehouse, each line at price 1 (so the totals are the quantities). */
export async function receive(
  server: TestServer,
  world: ShopWorld,
  needs: { measure: string; supplier: string },
  warehouseId: string,
  lines: { itemId: string; quantity: number }[],
) {
  const total = String(lines.reduce((sum, line) => sum + line.quantity, 0));
  return created(server, world.tenant, '/receipt/create', {
    name: 'Delivery',
    warehouseId: [warehouseId],
    organizationId: world.point1,
    employeeId: world.tenant.userId,
    clientId: needs.supplier,
    conducted: true,
    total,
    totalPlanned: total,
    totalDiff: '0',
    items: lines.map((line) => ({ itemId: line.itemId, quantity: String(line.quantity), plannedQuantity: String(line.quantity), price: '1', measureId: needs.measure })),
  });
}

export async function createItem(server: TestServer, tenant: Tenant, name: string, price = '10'): Promise<string> {
  return created(server, tenant, '/item-modifier/items/create', { name, measurement: 'pcs', price, type: 'ITEM' });
}
