/**
 * The plain descriptive resources (warehouses, measurements, points, workplaces, clients, roles, …) share one
 * life cycle: create, list, get, patch, soft delete. This builds their five handlers from a small definition so
 * each resource states only what is its own: its table, its wire mapping and its checks.
 */
import type { Expression, Kysely, SqlBool } from 'kysely';
import { notFound } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import type { TenantRow } from '../../db/schema.js';

/** Row columns beyond the common tenant ones. */
export type Columns = Record<string, unknown>;
type Row = TenantRow & Columns;
/** A view of the database where the table is chosen at run time; each definition fixes its own table. */
type LooseDb = Kysely<Record<string, Row>>;

export interface SimpleResource<Create, Update> {
  readonly table: string;
  /** Used in messages: `${label} not found`. */
  readonly label: string;
  /** Columns for a new row (without the common ones). */
  toRow(body: Create, ctx: OperationContext): Columns;
  /** Columns to change; undefined values are left alone. */
  toPatch(body: Update): Columns;
  /** The record as the wire shows it. */
  toWire(row: Row): Record<string, unknown>;
  /**
   * Checks references before a write (e.g. a workplace's point exists); throws a 4xx OperationError.
   * `columns` is the whole resulting row; on update `changed` holds only the columns the patch sets, so a check
   * can leave alone references that were valid when they were written.
   */
  check?(db: Db, ctx: OperationContext, columns: Columns, changed?: Columns): Promise<void>;
  /**
   * Which rows the caller may see (e.g. a cashier sees only their point's entries). Applies to list, get,
   * update and delete alike: a row the caller cannot see is "not found". Undefined: every row of the business.
   */
  visibility?(ctx: OperationContext): Expression<SqlBool> | undefined;
  /** List order; the reference lists clients, settlements and debts newest first. */
  readonly newestFirst?: boolean;
}

const loose = (db: Db) => db as unknown as LooseDb;

/** Loads a live (not deleted) row of the caller's business, or throws 404; `visible` narrows what counts. */
export async function loadLive(
  db: Db,
  table: string,
  label: string,
  ctx: OperationContext,
  id: string,
  visible?: Expression<SqlBool>,
): Promise<Row> {
  let query = loose(db).selectFrom(table).selectAll().where('business_id', '=', ctx.businessId).where('id', '=', id).where('is_deleted', '=', 0);
  if (visible) query = query.where(visible);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`${label} not found`);
  return row as Row;
}

export function simpleResource<Create, Update>(definition: SimpleResource<Create, Update>) {
  const { table, label } = definition;
  const load = (db: Db, ctx: OperationContext, id: string) => loadLive(db, table, label, ctx, id, definition.visibility?.(ctx));

  async function create(db: Db, body: Create, ctx: OperationContext) {
    const columns = definition.toRow(body, ctx);
    await definition.check?.(db, ctx, columns);
    const row = {
      business_id: ctx.businessId,
      id: ctx.newId(),
      ...columns,
      is_deleted: 0,
      dt_created: ctx.now,
      dt_updated: ctx.now,
    } as Row;
    await loose(db).insertInto(table).values(row).execute();
    return definition.toWire(row);
  }

  async function findAll(db: Db, ctx: OperationContext) {
    const direction = definition.newestFirst ? 'desc' : 'asc';
    let query = loose(db).selectFrom(table).selectAll().where('business_id', '=', ctx.businessId).where('is_deleted', '=', 0);
    const visible = definition.visibility?.(ctx);
    if (visible) query = query.where(visible);
    const rows = await query.orderBy('dt_created', direction).orderBy('id', direction).execute();
    return rows.map((row) => definition.toWire(row as Row));
  }

  async function findOne(db: Db, id: string, ctx: OperationContext) {
    return definition.toWire(await load(db, ctx, id));
  }

  async function update(db: Db, id: string, body: Update, ctx: OperationContext) {
    const current = await load(db, ctx, id);
    const patch = Object.fromEntries(Object.entries(definition.toPatch(body)).filter(([, value]) => value !== undefined));
    await definition.check?.(db, ctx, { ...current, ...patch }, patch);
    const changes = { ...patch, dt_updated: ctx.now };
    await loose(db).updateTable(table).set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
    return definition.toWire({ ...current, ...changes } as Row);
  }

  async function remove(db: Db, id: string, ctx: OperationContext) {
    const current = await load(db, ctx, id);
    const changes = { is_deleted: 1, dt_updated: ctx.now };
    await loose(db).updateTable(table).set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
    return definition.toWire({ ...current, ...changes } as Row);
  }

  return { create, findAll, findOne, update, remove };
}

/** The columns every record shows on the wire, in the reference's names. */
export function commonWire(row: TenantRow): Record<string, unknown> {
  return { id: row.id, is_deleted: Number(row.is_deleted) !== 0, dt_created: row.dt_created, dt_updated: row.dt_updated };
}
