import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBootstrapPage } from '../../main/terminal/apply-pages.js';
import { openTerminalStore, type TerminalStore } from '../../main/terminal/store.js';

/** Every column of every row of `table`, each with SQLite's type of it, in id order. */
async function storedRows(db: Kysely<unknown>, table: string, columns: readonly string[]) {
  const select = sql.raw(columns.map((column) => `"${column}", typeof("${column}") as "${column}:type"`).join(', '));
  return (await sql<Record<string, unknown>>`select ${select} from ${sql.table(table)} order by id`.execute(db)).rows;
}

/** The page's rows written the way bootstrap pages were written before (json_extract on each row's text). */
async function writtenFromText(db: Kysely<unknown>, table: string, columns: readonly string[], page: string) {
  const names = sql.raw(columns.map((column) => `"${column}"`).join(', '));
  const values = sql.raw(columns.map((column) => `json_extract(value, '$.row.${column}')`).join(', '));
  await sql`insert or replace into ${sql.table(table)} (${names}) select ${values} from json_each(${page}, '$.rows')`.execute(db);
}

describe('a bootstrap page written into the till', () => {
  const stores: TerminalStore[] = [];
  afterEach(async () => {
    while (stores.length > 0) await stores.pop()!.close();
  });
  const open = async () => {
    const store = await openTerminalStore(join(mkdtempSync(join(tmpdir(), 'kassa-rows-')), 'till.sqlite'));
    stores.push(store);
    return store;
  };

  it('stores every value exactly as the service sent it: integers beyond 2^53, nested JSON, nulls, quotes and any script', async () => {
    const lines = [
      // 2^53 + 1 and a negative beyond -2^53: a double would round both (spliced in as JSON numbers below).
      { quantity: 'BIG_QUANTITY', price: 'BIG_PRICE', subtotal: 0, modifiers: [{ id: 'm1', price: 12000, name: 'Sut "yog‘li"' }], note: 'Tez ✓ — «Qovun»' },
      { quantity: 1250, price: 4000, subtotal: 5000, modifiers: null, note: null },
      { quantity: 1, price: 0, subtotal: 0, modifiers: '[]', note: "O'zbekcha \\ backslash" },
    ].map((line, index) => ({
      v: 7 + index,
      row: {
        business_id: 'b1',
        id: `line-${index}`,
        order_id: 'order-1',
        line_no: index,
        is_deleted: 0,
        dt_created: '2026-11-26T10:00:00.000Z',
        dt_updated: '2026-11-26T10:00:00.000Z',
        item_id: 'item-1',
        warehouse_id: 'w1',
        employee_id: 'e1',
        discount_id: null,
        is_voided: 0,
        is_refunded: 0,
        moved_no_stock: 0,
        ...line,
      },
    }));
    // The page as the service sends it, the big numbers as JSON numbers (never through a JS double).
    const page = JSON.stringify({ rows: lines }).replace('"BIG_QUANTITY"', '9007199254740993').replace('"BIG_PRICE"', '-9007199254740995');
    expect(page).toContain('9007199254740993');
    expect(page).toContain('-9007199254740995');

    const till = await open();
    const columns = till.columns.get('order_lines')!;
    expect(await applyBootstrapPage(till, page, { table: 'order_lines', done: false })).toBe(3);
    const stored = await storedRows(till.db as unknown as Kysely<unknown>, 'order_lines', columns);

    const reference = await open();
    await writtenFromText(reference.db as unknown as Kysely<unknown>, 'order_lines', columns, page);
    expect(stored).toEqual(await storedRows(reference.db as unknown as Kysely<unknown>, 'order_lines', columns));

    expect(stored[0]).toMatchObject({ quantity: 9007199254740993n, 'quantity:type': 'integer', price: -9007199254740995n, note: 'Tez ✓ — «Qovun»' });
    expect(JSON.parse(stored[0]!.modifiers as string)).toEqual([{ id: 'm1', price: 12000, name: 'Sut "yog‘li"' }]);
    expect(stored[1]).toMatchObject({ modifiers: null, 'modifiers:type': 'null', note: null });
    expect(stored[2]).toMatchObject({ modifiers: '[]', note: "O'zbekcha \\ backslash" });
    const versions = await sql<{ row_id: string; v: bigint }>`select row_id, v from mirror_versions where tbl = 'order_lines' order by row_id`.execute(till.db as unknown as Kysely<unknown>);
    expect(versions.rows).toEqual([
      { row_id: 'line-0', v: 7n },
      { row_id: 'line-1', v: 8n },
      { row_id: 'line-2', v: 9n },
    ]);
  });
});
