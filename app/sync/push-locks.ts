/**
 * The lock order of a push batch on PostgreSQL (docs/sync.md, "Push: the lock order").
 *
 * Each operation locks the balance rows it changes in a fixed order — stock levels sorted by (warehouse, item), then
 * client debts by client — but a batch of operations locked them operation by operation, so two tills' batches
 * crossed: ten tills pushing 30 credit sales each on random clients deadlocked, 7 of 10 answered 500 after 19–29 s.
 * So a batch of two or more operations that name balance rows takes them all, up front, in the one global order —
 * after its queue row (`sync_clients`, which a retry racing its original waits on first) and before any of its
 * operations runs:
 *
 * 1. advisory transaction locks, sorted, for what has no row to lock yet — a client's debt record or a (warehouse,
 *    item) level its first entry will create, and the records the batch's edits name (`params`: an edited item, an
 *    amended document) — so two batches creating or editing the same records queue instead of crossing;
 * 2. the existing stock level rows, sorted by (warehouse, item);
 * 3. the existing client debt records, sorted by client.
 *
 * REST writes take no advisory locks and lock level and debt rows in the same order (app/stock/ledger.ts,
 * app/orders/order-effects.ts), so they cannot cross a batch on those rows either. The keys come from the
 * operations' values by field name, before any is validated: locking a row an operation turns out not to touch
 * costs only a wait. What this misses (a line's warehouse found from a point with no default warehouse, an
 * amendment's lines already stored) is locked by the operation as before, and a deadlock that still happens is run
 * again by the transactor, then answered 503 (db/transient.ts). All of it is select-list work of the push's
 * opening statement (./push-opening.ts): no statement of its own. A single-operation push locks nothing up front:
 * one operation already takes its rows in the global order.
 */
import { sql, type RawBuilder } from 'kysely';
import type { QueuedOperation } from './push-batch.js';

/** What a batch's operations name, each list without repeats. */
export interface BatchLockKeys {
  readonly clients: readonly string[];
  readonly items: readonly string[];
  readonly warehouses: readonly string[];
  readonly points: readonly string[];
  /** Path parameters: the records edits name (a stock row, a debt record, an item, a document…). */
  readonly records: readonly string[];
}

type KeyKind = Exclude<keyof BatchLockKeys, 'records'>;

/** The fields operations name balance rows by, at any depth of their body (a receipt's lines, an order's items). */
const FIELDS: Readonly<Record<string, KeyKind>> = {
  client_id: 'clients',
  item_id: 'items',
  itemId: 'items',
  warehouse_id: 'warehouses',
  warehouseId: 'warehouses',
  toWarehouseId: 'warehouses',
  to_warehouse_id: 'warehouses',
  automated_point_id: 'points',
  id_automated_point: 'points',
};

/** Longer than any id: such a value names no row (its operation is refused by validation anyway). */
const MAX_KEY_LENGTH = 64;

/** Advisory locks of the push, apart from any other advisory lock of the service (the two-key space). */
const ADVISORY_CLASS = 0x6b617373; // "kass"
/** Advisory keys are bucketed: however many a batch names, it holds at most this many advisory locks. */
const ADVISORY_BUCKETS = 128;

type KeySets = Record<keyof BatchLockKeys, Set<string>>;
const noKeys = (): KeySets => ({ clients: new Set(), items: new Set(), warehouses: new Set(), points: new Set(), records: new Set() });

function collect(value: unknown, kind: KeyKind | null, into: KeySets): void {
  if (typeof value === 'string') {
    if (kind && value.length > 0 && value.length <= MAX_KEY_LENGTH) into[kind].add(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const element of value) collect(element, kind, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) collect(child, FIELDS[key] ?? null, into);
}

/**
 * The keys a batch's operations name, or null when fewer than two operations name a row (nothing to order across).
 * Malformed operations never run and name nothing; the others' values are at most 32 levels deep
 * (./value-shape.ts), so the walk's recursion is bounded.
 */
export function batchLockKeys(mutations: readonly QueuedOperation[]): BatchLockKeys | null {
  const keys = noKeys();
  let naming = 0;
  for (const mutation of mutations) {
    if (mutation.malformed) continue;
    const own = noKeys();
    collect(mutation.args, null, own);
    for (const id of Object.values(mutation.params ?? {})) if (id.length <= MAX_KEY_LENGTH) own.records.add(id);
    // A warehouse or a point alone names no row: it only says where an item's level is.
    if (own.clients.size + own.items.size + own.records.size > 0) naming += 1;
    for (const kind of Object.keys(keys) as (keyof BatchLockKeys)[]) for (const key of own[kind]) keys[kind].add(key);
  }
  if (naming < 2) return null;
  return { clients: [...keys.clients], items: [...keys.items], warehouses: [...keys.warehouses], points: [...keys.points], records: [...keys.records] };
}

const textArray = (values: readonly string[]) => sql`cast(${[...values]} as text[])`;

/**
 * A select-list expression of the push's opening statement that takes the batch's locks in the global order (see
 * the top of this file) and answers how many debt records it locked. It names the opening's `client` CTE (the
 * queue row's upsert) so that the queue row is locked first, and the terminal, for its point's warehouse.
 */
export function lockInOrder(businessId: string, terminalId: string, keys: BatchLockKeys): RawBuilder<number> {
  const [clients, items, warehouses, points, records] = [keys.clients, keys.items, keys.warehouses, keys.points, keys.records].map(textArray);
  // Each stage's condition on the one before has no column of its own table: PostgreSQL runs it once, as a gate,
  // before the stage reads a row — so the stages lock strictly one after another.
  return sql<number>`(with
    warehouses as (
      select w from unnest(${warehouses}) w
      union select p.default_warehouse_id from points p
        where p.business_id = ${businessId} and p.default_warehouse_id is not null
          and (p.id = any(${points}) or p.id = (select wp.automated_point_id from terminals t
            join workplaces wp on wp.business_id = t.business_id and wp.id = t.workplace_id
            where t.business_id = ${businessId} and t.id = ${terminalId}))),
    advisory as (
      select count(*) as taken from (
        select pg_advisory_xact_lock(${sql.lit(ADVISORY_CLASS)}, bucket) from (
          select distinct hashtext(${businessId} || key) & ${sql.lit(ADVISORY_BUCKETS - 1)} as bucket from (
            select 'r' || r as key from unnest(${records}) r
            union all select 'c' || c from unnest(${clients}) c
              where not exists (select 1 from client_debts d where d.business_id = ${businessId} and d.client_id = c)
            union all select 's' || wh.w || ':' || i from unnest(${items}) i cross join warehouses wh
              where not exists (select 1 from stock_levels l where l.business_id = ${businessId} and l.item_id = i and l.warehouse_id = wh.w)
          ) keys
          order by bucket) buckets) locked
      where exists (select 1 from client)),
    stock as (
      select l.id from stock_levels l
       where (select taken from advisory) >= 0 and l.business_id = ${businessId}
         and ((l.item_id = any(${items}) and l.warehouse_id in (select w from warehouses)) or l.id = any(${records}))
       order by l.warehouse_id collate "C", l.item_id collate "C"
       for update of l),
    debts as (
      select d.id from client_debts d
       where (select count(*) from stock) >= 0 and d.business_id = ${businessId}
         and (d.client_id = any(${clients}) or d.id = any(${records}))
       order by d.client_id collate "C"
       for update of d)
    select count(*)::int from debts)`;
}
