/**
 * Numbers each sale made at this till ("A-17", shared/orders/order-number.ts) inside the local transaction that
 * stores it and queues it (local-run.ts): the counter moves with the sale, so a crash before the commit takes both
 * back and one after keeps both — a number is never given twice, and a sale is never without one. The till's
 * letters come from its workplace's number in the mirror; the counter is kept in `terminal_meta`, and a new local
 * database (re-enrolment) starts after the highest number of this till its mirror already holds.
 */
import { sql, type Kysely } from 'kysely';
import type { OperationId } from '../../shared/catalogue/index.js';
import { MAX_SALE_COUNTER, formatOrderNumber, parseOrderNumber, tillLetters } from '../../shared/orders/order-number.js';
import { OperationError } from '../../shared/errors.js';
import type { OperationInput } from '../../app/operation.js';
import { readMeta, requireMeta, writeMeta } from './meta.js';

/** The operation whose body gets the number. */
export const NUMBERED_OPERATION = 'OrderController_create';

/** This till's letters, or null while its workplace has no number in the mirror (not yet pulled since 0029). */
async function tillLettersHere(db: Kysely<unknown>): Promise<string | null> {
  const businessId = await requireMeta(db, 'business_id');
  const workplaceId = await requireMeta(db, 'workplace_id');
  const row = (
    await sql<{
      number: number | bigint | null;
    }>`select number from workplaces where business_id = ${businessId} and id = ${workplaceId}`.execute(db)
  ).rows[0];
  return row?.number === null || row?.number === undefined ? null : tillLetters(Number(row.number));
}

/** The last counter this till used: kept in meta, or (a new local database) the highest its mirror holds. */
async function lastCounter(db: Kysely<unknown>, letters: string): Promise<number> {
  const kept = await readMeta(db, 'last_sale_counter');
  if (kept !== null) return Number(kept);
  const businessId = await requireMeta(db, 'business_id');
  const rows = (
    await sql<{
      order_id: string;
    }>`select order_id from orders where business_id = ${businessId} and order_id like ${`${letters}-%`}`.execute(db)
  ).rows;
  let highest = 0;
  for (const row of rows) {
    const parsed = parseOrderNumber(row.order_id);
    if (parsed && parsed.letters === letters && parsed.counter > highest) highest = parsed.counter;
  }
  return highest;
}

/**
 * The next number of this till, taken (meta written) in the caller's transaction; null while the till has no letters
 * — the sale is never refused for it, and keeps the id the screen gave it.
 */
export async function takeSaleNumber(db: Kysely<unknown>): Promise<string | null> {
  const letters = await tillLettersHere(db);
  if (letters === null) return null;
  const counter = (await lastCounter(db, letters)) + 1;
  if (counter > MAX_SALE_COUNTER)
    throw new OperationError(409, 'This till has used every sale number it has.', { code: 'SALE_NUMBERS_EXHAUSTED' });
  await writeMeta(db, 'last_sale_counter', String(counter));
  return formatOrderNumber(letters, counter);
}

/** The sale's input with its number as `order_id` (whatever the screen put there), checked input included. */
export async function numberSale<I extends { body?: unknown }>(
  db: Kysely<unknown>,
  input: I,
  checked?: OperationInput<OperationId>,
): Promise<{ input: I; checked?: OperationInput<OperationId> }> {
  const number = await takeSaleNumber(db);
  if (number === null) return checked ? { input, checked } : { input };
  const withNumber = (body: unknown) => ({ ...(body as Record<string, unknown>), order_id: number });
  return {
    input: { ...input, body: withNumber(input.body) },
    ...(checked ? { checked: { ...checked, body: withNumber(checked.body) } as OperationInput<OperationId> } : {}),
  };
}
