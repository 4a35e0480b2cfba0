/**
 * The audit trail over HTTP (the reference's /logs): clients may append an entry and read their business's entries.
 *
 * Entries the system writes (app/audit.ts) carry the acting user in `user_id` and `posted_by = null`. An entry a
 * client posts keeps the body's `user_id` as given (the reference's wire contract) but also records the caller in
 * `posted_by`, so nobody can pass a hand-written entry off as one the system wrote or as someone else's.
 */
import { sql, type Selectable } from 'kysely';
import { DEFAULT_LOG_LIMIT, type CreateLogDto, type QueryLogDto } from '../../shared/catalogue/log.js';
import type { AuditLogTable } from '../../db/schema.js';
import { flag, toFlag } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';

type AuditRow = Selectable<AuditLogTable>;

const COLUMNS = ['id', 'user_id', 'type', 'action', 'details', 'posted_by', 'is_deleted', 'dt_created', 'dt_updated'] as const;

/** An entry as the API shows it: the stored row without the tenant column. */
export function logWire(row: Pick<AuditRow, (typeof COLUMNS)[number]>) {
  return {
    id: row.id,
    user_id: row.user_id ?? null,
    type: row.type,
    action: row.action,
    details: row.details ?? null,
    posted_by: row.posted_by ?? null,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern once escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function createLog(db: Db, body: CreateLogDto, ctx: OperationContext) {
  const row = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    user_id: body.user_id ?? null,
    type: body.type,
    action: body.action,
    details: body.details ?? null,
    posted_by: ctx.actor.id,
    is_deleted: toFlag(false),
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await db.insertInto('audit_log').values(row).execute();
  return logWire(row);
}

/** Newest first; the (business_id, dt_created, id) index serves the order, the filters narrow the scan. */
export async function findLogs(db: Db, filters: QueryLogDto, ctx: OperationContext) {
  let select = db
    .selectFrom('audit_log')
    .select(COLUMNS)
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0);
  if (filters.user_id !== undefined) select = select.where('user_id', '=', filters.user_id);
  if (filters.type !== undefined) select = select.where('type', '=', filters.type);
  if (filters.action !== undefined) {
    // lower() on both sides so each engine folds case the same way for the column and the pattern.
    const pattern = `%${escapeLike(filters.action)}%`;
    select = select.where(sql<boolean>`lower(${sql.ref('action')}) like lower(${pattern}) escape '\\'`);
  }
  if (filters.from_date !== undefined) select = select.where('dt_created', '>=', filters.from_date);
  if (filters.to_date !== undefined) select = select.where('dt_created', '<=', filters.to_date);
  const rows = await select
    .orderBy('dt_created', 'desc')
    .orderBy('id', 'desc')
    .limit(filters.limit ?? DEFAULT_LOG_LIMIT)
    .offset(filters.offset ?? 0)
    .execute();
  return rows.map(logWire);
}

export const logHandlers = [
  // The entry IS the audit record of this call: a second, automatic one would only duplicate it.
  handler('LogController_create', (db, { body }, ctx) => createLog(db, body, ctx), { audit: false }),
  handler('LogController_findAll', (db, { query }, ctx) => findLogs(db, query, ctx)),
];
