/**
 * A sale number names one sale of a business (shared/orders/order-number.ts): the service holds each in
 * `sale_numbers` (migration 0036), claimed in the order's create transaction, never released (a deleted sale keeps
 * its number). Only an `order_id` that parses as a till's number with the order's own workplace's letters is a
 * sale number; any other `order_id` is the reference's free text and may repeat.
 *
 * The claim is the statement that reads the workplace: one `insert … select … from workplaces` that inserts only
 * when the workplace's letters are the number's, so a till's sale with its own number costs no more round trips
 * than the workplace lookup it replaces. Only when nothing was inserted is the workplace read, to say why.
 */
import { sql } from 'kysely';
import { conflict } from '../../shared/errors.js';
import { formatOrderNumber, tillNumberOf, withSuffix, type OrderNumber } from '../../shared/orders/order-number.js';
import type { Db, OperationContext } from '../context.js';

/** The order whose number is claimed: its id, its `order_id` (the number) and its workplace. */
export interface NumberedOrder {
  readonly id: string;
  readonly order_id: string;
  readonly workplace_id: string;
}

/** How far the service looks for a free suffix ("/2", "/3"…) before it gives up on a number. */
const MAX_SUFFIX = 1_000;

/** Claims `order.order_id` for the order when its workplace's letters are the number's; true when it did. */
export async function claimIfOwnLetters(db: Db, ctx: OperationContext, order: NumberedOrder, parsed: OrderNumber): Promise<boolean> {
  const text = (value: string) => sql<string>`cast(${value} as text)`;
  const inserted = await db
    .insertInto('sale_numbers')
    .columns(['business_id', 'number', 'order_id'])
    .expression(
      db
        .selectFrom('workplaces')
        .select([text(ctx.businessId).as('business_id'), text(order.order_id).as('number'), text(order.id).as('order_id')])
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', order.workplace_id)
        .where('number', '=', tillNumberOf(parsed.letters)),
    )
    .onConflict((target) => target.doNothing())
    .returning('number')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The order's workplace's number (null: unknown workplace, or one without a number) and the order holding
 * `number` in the business, if any.
 */
export async function workplaceAndHolder(db: Db, ctx: OperationContext, workplaceId: string, number: string) {
  const row = await db
    .selectFrom('workplaces as w')
    .leftJoin('sale_numbers as s', (join) => join.onRef('s.business_id', '=', 'w.business_id').on('s.number', '=', number))
    .select(['w.number as workplaceNumber', 's.order_id as heldBy'])
    .where('w.business_id', '=', ctx.businessId)
    .where('w.id', '=', workplaceId)
    .executeTakeFirst();
  const workplaceNumber = row?.workplaceNumber === null || row?.workplaceNumber === undefined ? null : Number(row.workplaceNumber);
  return { workplaceNumber, heldBy: row?.heldBy ?? null };
}

/** The 409 of a live order whose number another sale holds; nothing of the order stays (its transaction rolls back). */
export const numberTaken = (number: string, heldBy: string | null) =>
  conflict(`order_id "${number}" is already the number of another sale`, { code: 'ORDER_NUMBER_TAKEN', ...(heldBy ? { id: heldBy } : {}) });

/**
 * Gives a till's sale whose number is taken the first free number derived from it — "B-17/2", "B-17/3"… — claims it
 * and writes it on the stored order; answers it. Rare (a repeated number), so one statement per suffix tried is fine.
 */
export async function renumber(db: Db, ctx: OperationContext, order: NumberedOrder, parsed: OrderNumber): Promise<string> {
  const base = formatOrderNumber(parsed.letters, parsed.counter, parsed.tag);
  for (let suffix = 2; suffix <= MAX_SUFFIX; suffix += 1) {
    const candidate = withSuffix(base, suffix);
    const inserted = await db
      .insertInto('sale_numbers')
      .values({ business_id: ctx.businessId, number: candidate, order_id: order.id })
      .onConflict((target) => target.doNothing())
      .returning('number')
      .executeTakeFirst();
    if (!inserted) continue;
    await db.updateTable('orders').set({ order_id: candidate }).where('business_id', '=', ctx.businessId).where('id', '=', order.id).execute();
    return candidate;
  }
  throw numberTaken(base, null);
}
