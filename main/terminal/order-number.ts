/**
 * Numbers each sale made at this till ("A-17", shared/orders/order-number.ts) inside the local transaction that
 * stores it and queues it (local-run.ts): the counter moves with the sale, so a crash before the commit takes both
 * back and one after keeps both — a number is never given twice by this store, and a sale is never without one.
 * The till's letters come from its workplace's number in the mirror; the counter is kept in `terminal_meta`.
 *
 * Two ways the same store's numbers could repeat another's, and what keeps them apart:
 * - a copy: the data opened by another install (copied to another computer or folder) than the one it was enrolled
 *   from. The copy numbers in a series of its own, tagged with its install ("A-17.K7Q"), which the original — whose
 *   numbers carry no tag — can never produce, with its own counter;
 * - a till behind its own numbers: a new local database, or the store put back from an older copy of itself. A new
 *   database starts after the highest number of its series its mirror holds; and each pull raises the counter past
 *   the numbers of its series the service sends (`keepCounterAhead`), so once a restored till has pulled it never
 *   reissues a number the service holds. A number given before that pull the service keeps under "/2" (a warning).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OperationId } from '../../shared/catalogue/index.js';
import { MAX_SALE_COUNTER, formatOrderNumber, parseOrderNumber, tillLetters } from '../../shared/orders/order-number.js';
import { OperationError } from '../../shared/errors.js';
import type { OperationInput } from '../../app/operation.js';
import { readMeta, requireMeta, writeMeta } from './meta.js';

/** The operation whose body gets the number. */
export const NUMBERED_OPERATION = 'OrderController_create';

/** The series this till numbers in: its letters and, on a copy of the till, its install tag. */
interface Series {
  readonly letters: string;
  readonly tag: string | null;
}

/** Three characters of 0–9 and A–Z derived from an install id: the tag of a copied till's series. */
export function installTag(installId: string): string {
  const digest = createHash('sha256').update(installId).digest();
  return (digest.readUInt32BE(0) % 36 ** 3).toString(36).toUpperCase().padStart(3, '0');
}

/** This till's series, or null while its workplace has no number in the mirror (not yet pulled since 0029). */
async function seriesHere(db: Kysely<unknown>): Promise<Series | null> {
  const businessId = await requireMeta(db, 'business_id');
  const workplaceId = await requireMeta(db, 'workplace_id');
  const row = (
    await sql<{
      number: number | bigint | null;
    }>`select number from workplaces where business_id = ${businessId} and id = ${workplaceId}`.execute(db)
  ).rows[0];
  if (row?.number === null || row?.number === undefined) return null;
  const current = await readMeta(db, 'current_install_id');
  const enrolled = await readMeta(db, 'enrolled_install_id');
  const copied = current !== null && enrolled !== null && current !== enrolled;
  return { letters: tillLetters(Number(row.number)), tag: copied ? installTag(current) : null };
}

/** The counter of a series among `numbers` (0 when none is of the series). */
function highestOf(series: Series, numbers: Iterable<string>): number {
  let highest = 0;
  for (const number of numbers) {
    const parsed = parseOrderNumber(number);
    if (parsed && parsed.letters === series.letters && (parsed.tag ?? null) === series.tag && parsed.counter > highest) highest = parsed.counter;
  }
  return highest;
}

/** The counter kept for the series, or null when none is (a new store, or a copy's first sale). */
async function keptCounter(db: Kysely<unknown>, series: Series): Promise<number | null> {
  if (series.tag === null) {
    const kept = await readMeta(db, 'last_sale_counter');
    return kept === null ? null : Number(kept);
  }
  const kept = await readMeta(db, 'tagged_sale_counter');
  const [tag, counter] = kept?.split(':') ?? [];
  return tag === series.tag && counter !== undefined ? Number(counter) : null;
}

async function keepCounter(db: Kysely<unknown>, series: Series, counter: number): Promise<void> {
  if (series.tag === null) await writeMeta(db, 'last_sale_counter', String(counter));
  else await writeMeta(db, 'tagged_sale_counter', `${series.tag}:${counter}`);
}

/** The last counter of the series: kept in meta, or (none kept yet) the highest its mirror holds. */
async function lastCounter(db: Kysely<unknown>, series: Series): Promise<number> {
  const kept = await keptCounter(db, series);
  if (kept !== null) return kept;
  const businessId = await requireMeta(db, 'business_id');
  const rows = (
    await sql<{
      order_id: string;
    }>`select order_id from orders where business_id = ${businessId} and order_id like ${`${series.letters}-%`}`.execute(db)
  ).rows;
  return highestOf(
    series,
    rows.map((row) => row.order_id),
  );
}

/**
 * The next number of this till, taken (meta written) in the caller's transaction; null while the till has no letters
 * — the sale is never refused for it, and keeps the id the screen gave it.
 */
export async function takeSaleNumber(db: Kysely<unknown>): Promise<string | null> {
  const series = await seriesHere(db);
  if (series === null) return null;
  const counter = (await lastCounter(db, series)) + 1;
  if (counter > MAX_SALE_COUNTER)
    throw new OperationError(409, 'This till has used every sale number it has.', { code: 'SALE_NUMBERS_EXHAUSTED' });
  await keepCounter(db, series, counter);
  return formatOrderNumber(series.letters, counter, series.tag);
}

/**
 * Raises the kept counter past the numbers of this till's series among `numbers` — the `order_id`s of the orders
 * a pull or download page brings, in its transaction — so a till put back to an older copy of itself catches up
 * with what it had sold. Reads only the page's entries; a counter not kept yet is left to the mirror's highest.
 */
export async function keepCounterAhead(db: Kysely<unknown>, numbers: readonly string[]): Promise<void> {
  if (numbers.length === 0) return;
  const series = await seriesHere(db);
  if (series === null) return;
  const highest = highestOf(series, numbers);
  if (highest === 0) return;
  const kept = await keptCounter(db, series);
  if (kept !== null && kept < highest) await keepCounter(db, series, highest);
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
