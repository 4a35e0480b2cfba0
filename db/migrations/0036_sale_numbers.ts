/**
 * `sale_numbers`: every sale number of a business, held once (primary key `(business_id, number)`), by the order
 * that has it (`order_id`: the order's id). A sale number is an `order_id` that parses as a till's number
 * (shared/orders/order-number.ts) with the letters of the order's own workplace; any other `order_id` stays the
 * reference's free text. The service claims the number in the order's create transaction
 * (app/orders/sale-number-claim.ts). Claims are never removed: a deleted sale keeps its number, which is never
 * given again. Not mirrored: the tills do not hold it (a till's numbers are its own until the service has them).
 *
 * Existing orders are claimed oldest first (`dt_created`, then id), per business. A database that already holds
 * a number twice migrates all the same: the later sales stay unclaimed (their `order_id` unchanged, as printed),
 * and each business that has such sales gets one Log entry of type WARNING, action `ORDER_NUMBER_DUPLICATES`,
 * listing them (`details.unclaimed`: order id, number, the order holding the number; at most 1,000 listed,
 * `details.count` all of them) for the back office to look into.
 *
 * A till's store runs the same migrations over its mirror; there the table stays empty (the claims are the
 * service's), so its mirror is not scanned.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { uuidv7 } from '../../shared/ids.js';
import { parseOrderNumber, tillLetters, MAX_TILL_NUMBER } from '../../shared/orders/order-number.js';

/** Orders read and claimed per round trip (three parameters each, well under either engine's limit). */
const PAGE = 1000;
/** The most unclaimed sales one WARNING entry lists. */
const LISTED = 1000;

interface Candidate {
  business_id: string;
  id: string;
  order_id: string;
  dt_created: string;
  workplace_number: number | bigint;
}

interface Unclaimed {
  orderId: string;
  number: string;
  heldBy: string | null;
}

async function isTillStore(db: Kysely<unknown>): Promise<boolean> {
  // Only the service runs on PostgreSQL.
  if (db.getExecutor().adapter instanceof PostgresAdapter) return false;
  const found = await sql`select 1 from sqlite_master where type = 'table' and name = 'terminal_meta'`.execute(db);
  return found.rows.length > 0;
}

/** The next page of orders whose `order_id` may be a sale number, after `after`, in (business, time, id) order. */
async function candidates(db: Kysely<unknown>, after: Candidate | null): Promise<Candidate[]> {
  const from = after ? sql`and (o.business_id, o.dt_created, o.id) > (${after.business_id}, ${after.dt_created}, ${after.id})` : sql``;
  const page = await sql<Candidate>`
    select o.business_id, o.id, o.order_id, o.dt_created, w.number as workplace_number
      from orders o
      join workplaces w on w.business_id = o.business_id and w.id = o.workplace_id
     where o.order_id like '%-%' and w.number is not null ${from}
     order by o.business_id, o.dt_created, o.id
     limit ${PAGE}`.execute(db);
  return page.rows;
}

/** Is the order's `order_id` a sale number: a till's number with its own workplace's letters? */
function isSaleNumber(order: Candidate): boolean {
  const parsed = parseOrderNumber(order.order_id);
  const workplace = Number(order.workplace_number);
  if (!parsed || !Number.isInteger(workplace) || workplace < 1 || workplace > MAX_TILL_NUMBER) return false;
  return parsed.letters === tillLetters(workplace);
}

/** Claims the page's numbers (the first of a repeated number wins); answers the sales left without their number. */
async function claim(db: Kysely<unknown>, orders: readonly Candidate[]): Promise<Map<string, Unclaimed[]>> {
  const unclaimed = new Map<string, Unclaimed[]>();
  if (orders.length === 0) return unclaimed;
  const values = orders.map((order) => sql`(${order.business_id}, ${order.order_id}, ${order.id})`);
  const inserted = await sql<{ business_id: string; order_id: string }>`
    insert into sale_numbers (business_id, number, order_id) values ${sql.join(values)}
    on conflict do nothing returning business_id, order_id`.execute(db);
  const claimed = new Set(inserted.rows.map((row) => `${row.business_id}\u0000${row.order_id}`));
  for (const order of orders) {
    if (claimed.has(`${order.business_id}\u0000${order.id}`)) continue;
    const list = unclaimed.get(order.business_id) ?? [];
    list.push({ orderId: order.id, number: order.order_id, heldBy: null });
    unclaimed.set(order.business_id, list);
  }
  for (const [businessId, list] of unclaimed) {
    const numbers = [...new Set(list.map((entry) => entry.number))];
    const holders = await sql<{ number: string; order_id: string }>`
      select number, order_id from sale_numbers where business_id = ${businessId} and number in (${sql.join(numbers)})`.execute(db);
    const holder = new Map(holders.rows.map((row) => [row.number, row.order_id]));
    for (const entry of list) entry.heldBy = holder.get(entry.number) ?? null;
  }
  return unclaimed;
}

/** One WARNING Log entry for a business's sales whose number another, older sale holds. */
async function reportUnclaimed(db: Kysely<unknown>, businessId: string, list: readonly Unclaimed[], at: string): Promise<void> {
  const details = JSON.stringify({ migration: '0036_sale_numbers', count: list.length, unclaimed: list.slice(0, LISTED) });
  await sql`
    insert into audit_log (business_id, id, user_id, type, action, details, is_deleted, dt_created, dt_updated)
    values (${businessId}, ${uuidv7()}, ${null}, 'WARNING', 'ORDER_NUMBER_DUPLICATES', ${details}, 0, ${at}, ${at})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sale_numbers')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sale_numbers_pk', ['business_id', 'number'])
    .execute();
  if (await isTillStore(db)) return;
  // The sales left without their number are few (a database that had the fault): kept until the end, one entry each.
  const unclaimed = new Map<string, Unclaimed[]>();
  let after: Candidate | null = null;
  for (;;) {
    const page = await candidates(db, after);
    for (const [businessId, list] of await claim(db, page.filter(isSaleNumber))) unclaimed.set(businessId, [...(unclaimed.get(businessId) ?? []), ...list]);
    if (page.length < PAGE) break;
    after = page[page.length - 1] ?? null;
  }
  const at = new Date().toISOString();
  for (const [businessId, list] of unclaimed) await reportUnclaimed(db, businessId, list, at);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sale_numbers').execute();
}
