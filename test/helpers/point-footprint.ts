/**
 * What belongs to one point of a business, as text (issue 28 §1): its row, its workplaces and their tills, its
 * warehouse's stock and ledger, its shifts with their cash moves and totals, every order at the point or on one of
 * its shifts, the payments and refunds on its shifts, its stock documents, its debt entries and printers. Two
 * readings around a write by a caller of another point must be equal: such a write lands only at its own point.
 *
 * A workplace's PIN lockout counters are left out: a failed PIN login at any till counts there, whoever tries.
 */
import type { TestServer } from './server.js';

export interface PointScopeIds {
  readonly businessId: string;
  readonly pointId: string;
  readonly warehouseId: string;
}

type Row = Record<string, unknown>;

const asText = (rows: readonly Row[]) =>
  rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).sort().join(',');

const withoutLockout = ({ pin_failures: _failures, pin_locked_until: _until, ...row }: Row) => row;

/** The point's records, as one text; equal texts mean nothing of the point changed. */
export async function pointFootprint(server: TestServer, ids: PointScopeIds): Promise<string> {
  const db = server.database.db;
  const business = ids.businessId;
  const parts: string[] = [];
  const add = (name: string, rows: readonly Row[]) => parts.push(`${name}: ${asText(rows)}`);

  add('points', await db.selectFrom('points').selectAll().where('business_id', '=', business).where('id', '=', ids.pointId).execute());
  const workplaces = await db.selectFrom('workplaces').selectAll().where('business_id', '=', business).where('automated_point_id', '=', ids.pointId).execute();
  add('workplaces', workplaces.map(withoutLockout));
  const workplaceIds = workplaces.map((row) => row.id);
  add('warehouses', await db.selectFrom('warehouses').selectAll().where('business_id', '=', business).where('id', '=', ids.warehouseId).execute());
  add('stock_levels', await db.selectFrom('stock_levels').selectAll().where('business_id', '=', business).where('warehouse_id', '=', ids.warehouseId).execute());
  add('stock_moves', await db.selectFrom('stock_moves').selectAll().where('business_id', '=', business).where('warehouse_id', '=', ids.warehouseId).execute());
  for (const table of ['receipts', 'write_offs', 'inventories', 'movements'] as const) {
    add(table, await db.selectFrom(table).selectAll().where('business_id', '=', business).where('organization_id', '=', ids.pointId).execute());
  }
  add('client_debt_txns', await db.selectFrom('client_debt_txns').selectAll().where('business_id', '=', business).where('id_automated_point', '=', ids.pointId).execute());
  add('printers', await db.selectFrom('printers').selectAll().where('business_id', '=', business).where('automated_point_id', '=', ids.pointId).execute());
  if (workplaceIds.length === 0) {
    add('orders', await db.selectFrom('orders').selectAll().where('business_id', '=', business).where('automated_point_id', '=', ids.pointId).execute());
    return parts.join('\n');
  }
  add('terminals', await db.selectFrom('terminals').select(['id', 'workplace_id', 'revoked_at']).where('business_id', '=', business).where('workplace_id', 'in', workplaceIds).execute());
  const shifts = await db.selectFrom('settlements').selectAll().where('business_id', '=', business).where('workplace_id', 'in', workplaceIds).execute();
  add('settlements', shifts);
  const shiftIds = shifts.map((row) => row.id);
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('business_id', '=', business)
    .where((eb) =>
      eb.or([
        eb('automated_point_id', '=', ids.pointId),
        eb('workplace_id', 'in', workplaceIds),
        ...(shiftIds.length > 0 ? [eb('settlement_id', 'in', shiftIds)] : []),
      ]),
    )
    .execute();
  add('orders', orders);
  if (shiftIds.length > 0) {
    add('settlement_cash_moves', await db.selectFrom('settlement_cash_moves').selectAll().where('business_id', '=', business).where('settlement_id', 'in', shiftIds).execute());
    add('order_payments', await db.selectFrom('order_payments').selectAll().where('business_id', '=', business).where('settlement_id', 'in', shiftIds).execute());
    add('order_refunds', await db.selectFrom('order_refunds').selectAll().where('business_id', '=', business).where('settlement_id', 'in', shiftIds).execute());
  }
  return parts.join('\n');
}

/** The names of the parts two footprints differ in, for a failure message. */
export function changedParts(before: string, after: string): string[] {
  const was = new Map(before.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line] as const));
  return after
    .split('\n')
    .filter((line) => was.get(line.slice(0, line.indexOf(':'))) !== line)
    .map((line) => line.slice(0, line.indexOf(':')));
}
