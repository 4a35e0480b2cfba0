import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testEngines, type TestDatabase } from '../../test/helpers/databases.js';
import type { OperationContext } from '../context.js';
import { catalogueWire } from './catalogue-columns.js';
import { listCatalogue } from './catalogue-list.js';
import type { CatalogueKind } from './catalogue-kind.js';
import { pointVisibility } from './visibility.js';

const KINDS: readonly CatalogueKind[] = [
  { table: 'items', label: 'Item', own: ['group_id'], pointNullable: false, references: [] },
  { table: 'item_groups', label: 'Item group', own: [], pointNullable: true, references: [] },
  { table: 'modifiers', label: 'Modifier', own: ['group_id', 'item_id'], pointNullable: false, references: [] },
  { table: 'modifier_groups', label: 'Modifier group', own: [], pointNullable: true, references: [] },
];

const BUSINESS = 'business-1';
const POINT = 'point-1';
const owner: OperationContext = { businessId: BUSINESS, actor: { kind: 'user', id: 'u', role: 'OWNER' }, now: '', side: 'server', newId: () => '' };
const cashier: OperationContext = { ...owner, actor: { kind: 'employee', id: 'e', role: 'EMPLOYEE', pointId: POINT } };

/** Awkward but storable values: extreme and negative money, nulls, quotes, control characters, non-ASCII. */
function rows(businessId: string) {
  const texts = ['plain', 'quote " and \\ backslash', 'line\nbreak\ttab\u0001', 'ünïcødé ✓ 🍵', '', "it's"];
  return Array.from({ length: 24 }, (_, n) => ({
    business_id: businessId,
    id: `id-${String(n % 7).padStart(2, '0')}-${n}`,
    group_id: n % 3 === 0 ? null : `g-${n}`,
    item_id: n % 4 === 0 ? null : `i-${n}`,
    name: texts[n % texts.length] ?? '',
    description: n % 2 ? null : (texts[(n + 1) % texts.length] ?? null),
    search_name: n % 5 ? null : 'search',
    measurement: 'pcs',
    price: [0n, 1n, 10n, 1250050n, 99999999999999999n, -5n][n % 6] ?? 0n,
    cost: n % 2 ? null : ([-99999999999999999n, 7n, 100n][n % 3] ?? null),
    shtrix: n % 2 ? `478${n}` : null,
    color: null,
    type: 'ITEM',
    id_automated_point: [null, '0', '', POINT, 'point-2'][n % 5] ?? null,
    tax_id: n % 3 ? null : 'tax',
    discount_id: null,
    pictures: ['[]', '["a.png","b \\"c\\".png"]', '[]'][n % 3] ?? '[]',
    is_menu: n % 2,
    is_service: n % 3 === 0 ? 1 : 0,
    allow_pickup: 1,
    allow_delivery: 0,
    is_deleted: n % 9 === 8 ? 1 : 0,
    // Ties on dt_created are broken by id.
    dt_created: `2026-01-0${1 + (n % 3)}T00:00:00.000Z`,
    dt_updated: '2026-02-01T00:00:00.000Z',
  }));
}

describe.each(await testEngines())('catalogue lists on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    for (const kind of KINDS) {
      const all = [...rows(BUSINESS), ...rows('business-2')].map((row) => {
        const { group_id, item_id, ...common } = row;
        return { ...common, ...(kind.own.includes('group_id') ? { group_id } : {}), ...(kind.own.includes('item_id') ? { item_id } : {}) };
      });
      await database.db.insertInto(kind.table).values(all as never).execute();
    }
  });
  afterAll(() => database.dispose());

  /** The plain list: whole rows mapped one by one, as the generic simple-resource list does. */
  async function plainList(kind: CatalogueKind, ctx: OperationContext) {
    let query = database.db.selectFrom(kind.table).selectAll().where('business_id', '=', ctx.businessId).where('is_deleted', '=', 0);
    const visible = pointVisibility(ctx);
    if (visible) query = query.where(visible);
    const plain = await query.orderBy('dt_created').orderBy('id').execute();
    return plain.map((row) => catalogueWire(row, kind));
  }

  it.each(KINDS.map((kind) => [kind.table, kind] as const))('lists %s exactly as the plain mapping, byte for byte', async (_table, kind) => {
    for (const ctx of [owner, cashier]) {
      const expected = await plainList(kind, ctx);
      const listed = await listCatalogue(database.db, ctx, kind);
      expect(listed.length).toBeGreaterThan(0);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(expected));
    }
    const listed = await listCatalogue(database.db, owner, kind);
    expect(listed.map((record) => record.price)).toContain('999999999999999.99');
    expect(listed.map((record) => record.cost)).toContain('-999999999999999.99');
  });
});
