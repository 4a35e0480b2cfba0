/**
 * Every id an order names must exist in the caller's business (the reference checked none): its point and
 * workplace, client, items, warehouses, payment methods, discounts, taxes and payment devices. All of a write's
 * ids are looked up in ONE statement (a UNION ALL with one `id in (…)` branch per table), which also brings what
 * the order needs to know about them: a point's live default warehouse, a workplace's point, an item's kind, a
 * payment method's kind. Settlements are read separately because a write must lock them (see `settlementStates`).
 * Only live records count, except for a queued fact (an order rung up at a till): a record deleted meanwhile is
 * still a valid reference for it, found with a DELETED_REFERENCE warning (docs/sync.md, "Facts and warnings").
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, OperationContext } from '../context.js';
import { onPostgres } from '../operation.js';
import { acceptsDeletedReferences, warn, type ReferenceKind } from '../warnings.js';

export interface OrderReferenceRequest {
  readonly points?: readonly string[];
  readonly workplaces?: readonly string[];
  readonly clients?: readonly string[];
  /** Line item ids: items or modifiers, deleted ones included (a line already on the order may outlive its item). */
  readonly items?: readonly string[];
  readonly warehouses?: readonly string[];
  readonly paymentMethods?: readonly string[];
  readonly discounts?: readonly string[];
  readonly taxes?: readonly string[];
  readonly paymentDevices?: readonly string[];
  /** Also find the business's own warehouse for lines that neither name one nor have a point default. */
  readonly businessWarehouse?: boolean;
}

export interface CatalogueEntry {
  /** A service moves no stock unless its line names a warehouse. */
  readonly service: boolean;
  readonly deleted: boolean;
}

export interface FoundOrderReferences {
  /** Live points → their default warehouse if it is live, else null. */
  readonly points: ReadonlyMap<string, string | null>;
  /** Live workplaces → their point. */
  readonly workplaces: ReadonlyMap<string, string>;
  readonly clients: ReadonlySet<string>;
  /** Items and modifiers of the business, deleted ones included. */
  readonly items: ReadonlyMap<string, CatalogueEntry>;
  readonly warehouses: ReadonlySet<string>;
  /** Live payment methods → their kind. */
  readonly paymentMethods: ReadonlyMap<string, string>;
  readonly discounts: ReadonlySet<string>;
  readonly taxes: ReadonlySet<string>;
  readonly paymentDevices: ReadonlySet<string>;
  /**
   * The business's warehouse for lines nothing else places (issue 13 §1.1): its only live warehouse, else its
   * default (the flagged one, else the first created); null when it has no live warehouse at all.
   */
  readonly businessWarehouse: string | null;
}

type Row = { kind: string; id: string; x: string | null; f: number | bigint | null };

const SERVICE = 1;
const DELETED = 2;

export async function findOrderReferences(
  db: Db,
  ctx: OperationContext,
  request: OrderReferenceRequest,
): Promise<FoundOrderReferences> {
  const branches: RawBuilder<Row>[] = [];
  const ids = (list: readonly string[] | undefined) => [...new Set(list ?? [])];
  const business = ctx.businessId;
  const deletedToo = acceptsDeletedReferences(ctx);
  const live = (alias: string) => (deletedToo ? sql`` : sql` and ${sql.ref(`${alias}.is_deleted`)} = 0`);
  const deletedBit = (alias: string) =>
    sql`cast(case when ${sql.ref(`${alias}.is_deleted`)} <> 0 then ${sql.lit(DELETED)} else 0 end as integer)`;
  // Table and column names below are fixed text of this file, never input; ids are bound parameters.
  const plain = (kind: string, table: string, list: readonly string[] | undefined, x = sql`cast(null as text)`) => {
    const wanted = ids(list);
    if (wanted.length === 0) return;
    branches.push(sql<Row>`select ${sql.lit(kind)} as kind, t.id as id, ${x} as x, ${deletedBit('t')} as f
      from ${sql.table(table)} t
      where t.business_id = ${business}${live('t')} and t.id in (${sql.join(wanted)})`);
  };
  const points = ids(request.points);
  if (points.length > 0) {
    branches.push(sql<Row>`select 'points' as kind, p.id as id, w.id as x, ${deletedBit('p')} as f
      from points p
      left join warehouses w on w.business_id = p.business_id and w.id = p.default_warehouse_id and w.is_deleted = 0
      where p.business_id = ${business}${live('p')} and p.id in (${sql.join(points)})`);
  }
  plain('workplaces', 'workplaces', request.workplaces, sql`t.automated_point_id`);
  plain('clients', 'clients', request.clients);
  const items = ids(request.items);
  if (items.length > 0) {
    for (const table of ['items', 'modifiers']) {
      branches.push(sql<Row>`select 'items' as kind, t.id as id, cast(null as text) as x,
          cast((case when t.is_service <> 0 then ${sql.lit(SERVICE)} else 0 end)
             + (case when t.is_deleted <> 0 then ${sql.lit(DELETED)} else 0 end) as integer) as f
        from ${sql.table(table)} t
        where t.business_id = ${business} and t.id in (${sql.join(items)})`);
    }
  }
  plain('warehouses', 'warehouses', request.warehouses);
  plain('payment_methods', 'payment_methods', request.paymentMethods, sql`t.kind`);
  plain('discounts', 'discounts', request.discounts);
  plain('taxes', 'tax_fees', request.taxes);
  plain('payment_devices', 'payment_devices', request.paymentDevices);
  if (request.businessWarehouse) {
    // One row: the only live warehouse when there is exactly one, else the default — the flagged one, else the
    // first created (businesses whose warehouses predate the flag, or made by fixtures, still have a default).
    branches.push(sql<Row>`select 'business_warehouse' as kind,
        (select w.id from warehouses w where w.business_id = ${business} and w.is_deleted = 0
          order by w.is_default desc, w.dt_created, w.id limit 1) as id,
        (select case when count(*) = 1 then min(w.id) end from warehouses w
          where w.business_id = ${business} and w.is_deleted = 0) as x,
        cast(0 as integer) as f`);
  }

  const rows = branches.length === 0 ? [] : (await sql<Row>`${sql.join(branches, sql` union all `)}`.execute(db)).rows;
  // Items say whether they are deleted (the caller decides); any other deleted record here was accepted for a fact.
  for (const row of rows) {
    if (row.kind !== 'items' && (Number(row.f ?? 0) & DELETED) !== 0) warn(ctx, { code: 'DELETED_REFERENCE', table: row.kind as ReferenceKind, id: row.id });
  }
  const of = (kind: string) => rows.filter((row) => row.kind === kind);
  return {
    points: new Map(of('points').map((row) => [row.id, row.x])),
    workplaces: new Map(of('workplaces').map((row) => [row.id, row.x ?? ''])),
    clients: new Set(of('clients').map((row) => row.id)),
    items: new Map(
      of('items').map((row) => {
        const bits = Number(row.f ?? 0);
        return [row.id, { service: (bits & SERVICE) !== 0, deleted: (bits & DELETED) !== 0 }];
      }),
    ),
    warehouses: new Set(of('warehouses').map((row) => row.id)),
    paymentMethods: new Map(of('payment_methods').map((row) => [row.id, row.x ?? 'OTHER'])),
    discounts: new Set(of('discounts').map((row) => row.id)),
    taxes: new Set(of('taxes').map((row) => row.id)),
    paymentDevices: new Set(of('payment_devices').map((row) => row.id)),
    businessWarehouse: of('business_warehouse').map((row) => row.x ?? row.id ?? null)[0] ?? null,
  };
}

/**
 * Live settlements among `ids` → whether each is closed. `lock` holds them against closing until the operation
 * commits (`for share` on PostgreSQL; SQLite has one writer): a shift cannot close between an order's check that
 * it is open and the order's commit, so a closed shift never gains an open order.
 */
export async function settlementStates(
  db: Db,
  ctx: OperationContext,
  ids: readonly (string | null | undefined)[],
  lock: boolean,
): Promise<ReadonlyMap<string, boolean>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  let query = db
    .selectFrom('settlements')
    .select(['id', 'is_closed'])
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', wanted)
    .orderBy('id');
  if (lock && onPostgres(db)) query = query.forShare();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, Number(row.is_closed) !== 0]));
}
