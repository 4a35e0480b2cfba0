/**
 * Descriptive edits: the newer edit wins, field by field (docs/sync.md, "Descriptive edits: the newer edit wins").
 *
 * Every field a descriptive update sets keeps the hybrid-logical-clock time of the edit that set it (migration
 * 0017, `field_versions`). An edit carries its time — a till's, from the operation's `occurredAt` and the terminal
 * id; the service's own for a REST write — and sets only the fields whose stored time is not newer. So an item
 * renamed by the office at 10:00 keeps that name when a till offline since 9:00 syncs its 9:30 rename at 11:00,
 * and gets the office's name when the till's edit arrived first: both arrival orders end alike.
 *
 * - A till's stamp is capped at the service's arrival time (queuedEditStamp): a till's clock set ahead cannot
 *   make its edit newer than edits really made after it.
 * - Stamps compare as text (`2026-11-22T09:58:11.004Z-0000-<node>`, shared/sync/hlc.ts): time first, then the
 *   counter, then the node (the terminal id, or `service`), so two edits made in the same millisecond by two tills
 *   are ordered the same way everywhere. Equal stamps come from one till in one millisecond: the one that arrives
 *   later was made later (a till's queue arrives in order) and wins.
 * - A till's edit is not stamped before that till's own newest stamp on the record: put back from a copy, a till's
 *   clock resumes the copy's time, behind edits it made later that the service already holds (notBehindOwnStamps).
 * - A REST write is made by someone who sees the current record, so it is stamped after every version it
 *   replaces (and not before the service's clock): an office edit always takes.
 * - Only on the service. A till applies its edit at once (optimistically) and takes the service's row when it
 *   arrives, as for any pulled row.
 * - A field with no stored time (never edited since it was created, or before 0017) takes any edit.
 */
import { sql } from 'kysely';
import type { OperationSpec } from '../shared/catalogue/operation.js';
import { formatHlc, parseHlc, tick, type Hlc } from '../shared/sync/hlc.js';
import type { Db, OperationContext } from './context.js';
import type { OperationInput } from './operation-input.js';
import { onPostgres } from '../db/engine.js';
import type { OperationId } from '../shared/catalogue/index.js';

/** The table each descriptive update edits. */
const EDITED_TABLES: Readonly<Record<string, string>> = {
  BaseConfigController_update: 'base_config',
  BusinessController_updatePoint: 'points',
  BusinessController_updateWorkplace: 'workplaces',
  BusinessController_updatePrinter: 'printers',
  BusinessController_updatePaymentDevice: 'payment_devices',
  ClientController_update: 'clients',
  EmployeeRoleController_update: 'employee_roles',
  EmployeeController_update: 'employees',
  FinanceController_updateTaxFee: 'tax_fees',
  FinanceController_updateDiscount: 'discounts',
  ItemModifierController_updateItem: 'items',
  ItemModifierController_updateItemGroup: 'item_groups',
  ItemModifierController_updateModifier: 'modifiers',
  ItemModifierController_updateModifierGroup: 'modifier_groups',
  MeasurementController_updateMeasurement: 'measurements',
  PaymentMethodController_update: 'payment_methods',
  SupplierController_update: 'suppliers',
  WarehouseController_update: 'warehouses',
};

export function editedTable(operationId: string): string | undefined {
  return EDITED_TABLES[operationId];
}

/**
 * The stamp of a queued edit: its `occurredAt` on its till's clock, but never later than when the service received
 * it — as business time is (app/sync/push.ts). A till whose clock was two years ahead when the edit was made would
 * otherwise win against every later real edit until that date. The till breaks ties.
 */
export function queuedEditStamp(occurredAt: string, receivedAt: string, terminalId: string): string | undefined {
  const madeMs = Date.parse(occurredAt);
  if (!Number.isFinite(madeMs)) return undefined;
  const arrivedMs = Date.parse(receivedAt);
  return formatHlc({ wallMs: Number.isFinite(arrivedMs) ? Math.min(madeMs, arrivedMs) : madeMs, counter: 0, node: terminalId });
}

/** The later of two clock readings (a null or unreadable one loses). */
function later(a: Hlc | null, b: Hlc | null): Hlc | null {
  if (!a) return b;
  if (!b) return a;
  return b.wallMs > a.wallMs || (b.wallMs === a.wallMs && b.counter > a.counter) ? b : a;
}

/**
 * A till's edit stamp, raised to the newest stamp this record already holds from the same till. A till's queue
 * reaches the service in the order it was made, so its later edit must not lose to its own earlier one — but its
 * clock can go backwards: a till whose database is put back from a copy resumes the copy's clock, behind edits it
 * made after the copy (stamped with a later service time it had seen) that the service already applied; with its
 * OS clock behind, its new edits keep the copy's time until a push answer moves it on (docs/sync.md). Raising the
 * stamp is what the till's clock would have done had it kept its state, and it reads only the database, so every
 * service instance decides alike. Same node, so the text order is the clock's (time, then counter).
 */
function notBehindOwnStamps(stamp: string, versions: readonly string[]): string {
  const node = parseHlc(stamp)?.node;
  if (node === undefined) return stamp;
  return versions.reduce((highest, version) => (version > highest && parseHlc(version)?.node === node ? version : highest), stamp);
}

export interface FieldEdit {
  /** The input with only the fields this edit wins (the others keep a newer edit's value). */
  readonly input: OperationInput<OperationId>;
  /** True when the edit set fields and every one of them holds a newer edit: nothing to do. */
  readonly superseded: boolean;
  /** Stores the edit's stamp for the fields it set; call after the handler, in the same transaction. */
  record(): Promise<void>;
}

const NOTHING: Omit<FieldEdit, 'input'> = { superseded: false, record: async () => undefined };

/**
 * For a descriptive update run on the service: the fields of `input` that this edit wins, and how to record
 * their new stamp. Anything else (another class of operation, the till's local run) passes unchanged.
 */
export async function newerFieldsOnly(
  tx: Db,
  spec: OperationSpec,
  input: OperationInput<OperationId>,
  ctx: OperationContext,
): Promise<FieldEdit> {
  const table = EDITED_TABLES[spec.operationId];
  const id = input.params.id;
  const body = input.body as Record<string, unknown> | undefined;
  if (ctx.side !== 'server' || spec.offline !== 'descriptive' || !table || !id || !body) return { input, ...NOTHING };
  const fields = Object.keys(body).filter((field) => body[field] !== undefined);
  if (fields.length === 0) return { input, ...NOTHING };
  // PostgreSQL: the record is locked first, so two edits of it decide one after the other (SQLite has one writer).
  if (onPostgres(tx)) {
    await sql`select 1 from ${sql.table(table)} where business_id = ${ctx.businessId} and id = ${id} for update`.execute(tx);
  }
  // Every field's version of the record (one range of the primary key): the edited fields' decide, and a till's
  // own stamps among all of them keep its clock from going backwards (below).
  const stored = (
    await sql<{ field: string; version: string }>`
      select field, version from field_versions
       where business_id = ${ctx.businessId} and tbl = ${table} and row_id = ${id}`.execute(tx)
  ).rows;
  const current = new Map(stored.filter((row) => fields.includes(row.field)).map((row) => [row.field, row.version]));
  // A REST write: after every version it replaces, and not behind the service's clock.
  const newest = [...current.values()].map((text) => parseHlc(text)).reduce<Hlc | null>(later, null);
  const queuedStamp = ctx.queued?.editStamp;
  const stamp = queuedStamp
    ? notBehindOwnStamps(queuedStamp, stored.map((row) => row.version))
    : formatHlc(tick(newest, Date.parse(ctx.now) || Date.now(), 'service'));
  const wins = fields.filter((field) => {
    const version = current.get(field);
    return version === undefined || stamp >= version;
  });
  const kept = Object.fromEntries(Object.entries(body).filter(([field]) => wins.includes(field) || body[field] === undefined));
  return {
    input: { ...input, body: kept } as OperationInput<OperationId>,
    superseded: wins.length === 0,
    async record() {
      if (wins.length === 0) return;
      await sql`
        insert into field_versions (business_id, tbl, row_id, field, version)
        values ${sql.join(wins.map((field) => sql`(${ctx.businessId}, ${table}, ${id}, ${field}, ${stamp})`))}
        on conflict (business_id, tbl, row_id, field) do update set version = excluded.version
         where field_versions.version <= excluded.version`.execute(tx);
    },
  };
}
