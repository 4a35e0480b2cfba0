/**
 * The role matrix (issue 13 §2.2, the reference's hole S15), row by row, over REST and through a till's push: a
 * cashier's PIN token and a till act only on their own point's orders, shifts and stock documents, and never delete
 * structure (points, workplaces, warehouses, roles, employees); the owner is not limited. Each refusal is a 403
 * that changes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { catalogue } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { insertWorkplace } from '../helpers/fixtures.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollTerminal, type EnrolledTerminal } from '../helpers/terminals.js';

const API = '/api/v1';
type Method = 'POST' | 'PATCH' | 'DELETE';

/** One kind of point-scoped record: how to make one at a point, and how to change and delete it. */
interface Kind {
  readonly name: string;
  readonly table: 'orders' | 'settlements' | 'receipts' | 'write_offs' | 'inventories' | 'movements';
  readonly create: { operation: string; path: string; body(world: ReceiptWorld, workplace: string): Record<string, unknown> };
  readonly update: { operation: string; method: Method; path: string; body: Record<string, unknown> };
  readonly remove: { operation: string; path: string };
}

const documentHeader = (world: ReceiptWorld, name: string) => ({
  name,
  organizationId: world.point,
  employeeId: world.tenant.userId,
});

const KINDS: readonly Kind[] = [
  {
    name: 'order',
    table: 'orders',
    create: {
      operation: 'OrderController_create',
      path: '/orders/create',
      body: (world, workplace) => ({
        order_id: `M-${uuidv7().slice(-6)}`,
        automated_point_id: world.point,
        workplace_id: workplace,
        items: [{ item_id: world.item, quantity: '1', price: '10', subtotal: '10', warehouse_id: world.warehouse }],
        subtotal: '10',
        total_sum: '10',
      }),
    },
    update: { operation: 'OrderController_update', method: 'POST', path: '/orders/update', body: { is_voided: true } },
    remove: { operation: 'OrderController_remove', path: '/orders/delete' },
  },
  {
    // A shift's point is its workplace's. Made closed, so that each test can make another at the same till (one open
    // shift per workplace).
    name: 'shift',
    table: 'settlements',
    create: {
      operation: 'SettlmentController_create',
      path: '/settlements/create',
      body: (_world, workplace) => ({ name: `Shift ${uuidv7().slice(-6)}`, workplace_id: workplace, is_closed: true, dt_closed: '2026-11-20T18:00:00.000Z' }),
    },
    update: { operation: 'SettlmentController_update', method: 'PATCH', path: '/settlements/update', body: { name: 'Changed' } },
    remove: { operation: 'SettlmentController_remove', path: '/settlements/delete' },
  },
  {
    name: 'receipt',
    table: 'receipts',
    create: {
      operation: 'ReceiptController_create',
      path: '/receipt/create',
      body: (world) => ({
        ...documentHeader(world, 'Delivery'),
        warehouseId: [world.warehouse],
        clientId: world.supplier,
        conducted: true,
        total: '1',
        totalPlanned: '1',
        totalDiff: '0',
        items: [{ itemId: world.item, quantity: '1', plannedQuantity: '1', price: '1', measureId: world.measure }],
      }),
    },
    update: { operation: 'ReceiptController_update', method: 'PATCH', path: '/receipt/update', body: { name: 'Changed' } },
    remove: { operation: 'ReceiptController_remove', path: '/receipt/delete' },
  },
  {
    name: 'write-off',
    table: 'write_offs',
    create: {
      operation: 'WriteOffController_create',
      path: '/write-off/create',
      body: (world) => ({
        ...documentHeader(world, 'Spoiled'),
        warehouseId: [world.warehouse],
        conducted: true,
        items: [{ itemId: world.item, quantity: '1', price: '1', measureId: world.measure }],
      }),
    },
    update: { operation: 'WriteOffController_update', method: 'PATCH', path: '/write-off/update', body: { name: 'Changed' } },
    remove: { operation: 'WriteOffController_remove', path: '/write-off/delete' },
  },
  {
    name: 'inventory',
    table: 'inventories',
    create: {
      operation: 'InventoryController_create',
      path: '/inventory/create',
      body: (world) => ({
        ...documentHeader(world, 'Count'),
        warehouseId: [world.warehouse],
        clientId: world.supplier,
        total: '1',
        totalPlanned: '0',
        totalDiff: '1',
        conducted: true,
        items: [{ itemId: world.item, quantity: '1', price: '1', plannedQuantity: '0', measureId: world.measure }],
      }),
    },
    update: { operation: 'InventoryController_update', method: 'PATCH', path: '/inventory/update', body: { name: 'Changed' } },
    remove: { operation: 'InventoryController_remove', path: '/inventory/delete' },
  },
  {
    name: 'movement',
    table: 'movements',
    create: {
      operation: 'MovementController_create',
      path: '/movement/create',
      body: (world) => ({
        ...documentHeader(world, 'To the floor'),
        warehouseId: world.warehouse,
        toWarehouseId: world.warehouse2,
        items: [{ itemId: world.item, quantity: '1', price: '1', measureId: world.measure }],
      }),
    },
    update: { operation: 'MovementController_update', method: 'PATCH', path: '/movement/update', body: { name: 'Changed' } },
    remove: { operation: 'MovementController_remove', path: '/movement/delete' },
  },
];

/** Structure a cashier or till never deletes: the REST path and the pushed operation. */
const STRUCTURE = [
  { name: 'point', path: '/business-config/points/delete', operation: 'BusinessController_removePoint', table: 'points' },
  { name: 'workplace', path: '/business-config/workplaces/delete', operation: 'BusinessController_removeWorkplace', table: 'workplaces' },
  { name: 'warehouse', path: '/warehouses/delete', operation: 'WarehouseController_remove', table: 'warehouses' },
  { name: 'role', path: '/employee-role/delete', operation: 'EmployeeRoleController_remove', table: 'employee_roles' },
  { name: 'employee', path: '/employee/delete', operation: 'EmployeeController_remove', table: 'employees' },
] as const;

describe('the role matrix in the catalogue (S15: cashiers and tills reach beyond their point)', () => {
  it('limits every write on orders, shifts and stock documents to the caller’s point, and lets no cashier delete structure', () => {
    const specs = catalogue as readonly OperationSpec[];
    const scoped = specs.filter((spec) => spec.pointScope).map((spec) => spec.operationId);
    for (const controller of ['Order', 'Settlment', 'Receipt', 'WriteOff', 'Inventory', 'Movement']) {
      for (const method of ['create', 'update', 'remove']) expect(scoped).toContain(`${controller}Controller_${method}`);
    }
    for (const row of STRUCTURE) {
      const spec = specs.find((candidate) => candidate.operationId === row.operation);
      expect(spec?.access, row.operation).toEqual(['OWNER', 'ADMIN']);
    }
  });

  it('is the table docs/api.md shows: every point-scoped operation and every structure delete is in it', () => {
    const docs = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Who may do what'), docs.indexOf('## Groups'));
    const rows = section.split('\n').filter((text) => text.startsWith('| '));
    const specs = catalogue as readonly OperationSpec[];
    for (const spec of specs.filter((candidate) => candidate.pointScope)) {
      expect(rows.find((row) => row.includes(`\`${spec.operationId}\``)) ?? '', spec.operationId).toContain('own point only');
    }
    for (const row of STRUCTURE.filter((entry) => !entry.operation.startsWith('Employee'))) {
      expect(rows.find((text) => text.includes(`\`${row.operation}\``)) ?? '', row.operation).toContain('never');
    }
  });
});

describe.each(await testEngines())('the role matrix on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let here: ReceiptWorld;
  let there: ReceiptWorld;
  let hereWorkplace: string;
  let thereWorkplace: string;
  let cashier: { id: string; token: string };
  /** An ADMIN user of the shop, signed in with a password like any back-office user. */
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    [here, there] = [await receiptWorld(server, shop), await receiptWorld(server, shop)];
    hereWorkplace = await insertWorkplace(server, shop, here.point, 'Here till');
    thereWorkplace = await insertWorkplace(server, shop, there.point, 'There till');
    // The rights its stock documents and voids need (issue 28 §2; test/server/role-matrix-rights.test.ts tests them).
    cashier = await cashierToken(server, shop, { pointId: here.point, workplaceId: hereWorkplace, rights: ['STOCK', 'REFUNDS'] });
    const login = `admin-${uuidv7().slice(-8)}`;
    const made = await server.request('POST', `${API}/auth/user`, { token: shop.token, body: { login, password: 'admin-pass-1', role: 'ADMIN' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    admin = (await server.request('POST', `${API}/auth/login`, { body: { login, password: 'admin-pass-1' } })).body.access_token as string;
  });
  afterAll(() => server.close());

  const workplaceOf = (world: ReceiptWorld) => (world === here ? hereWorkplace : thereWorkplace);

  async function make(kind: Kind, world: ReceiptWorld, token = shop.token): Promise<string> {
    const created = await server.request('POST', `${API}${kind.create.path}`, { token, body: kind.create.body(world, workplaceOf(world)) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  }

  /** The stored row's state a refused change must leave alone. */
  async function state(table: Kind['table'], id: string) {
    const row = (await server.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    return { is_deleted: Number(row.is_deleted), name: row.name ?? null, is_voided: row.is_voided === undefined ? null : Number(row.is_voided) };
  }

  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  function pushed(seq: number, name: string, args: unknown, params?: Record<string, string>) {
    clock += 1000;
    return {
      seq,
      mutationId: uuidv7(),
      name,
      v: 1,
      occurredAt: new Date(clock).toISOString(),
      actor: { employeeId: cashier.id },
      args,
      ...(params ? { params } : {}),
    };
  }
  async function push(till: EnrolledTerminal, mutations: unknown[]) {
    const response = await server.request('POST', `${API}/sync/push`, {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.results as { seq: number; status: string; result: { error?: { statusCode: number; message: string } } }[];
  }

  for (const kind of KINDS) {
    it(`a cashier’s PIN token cannot create, change or delete another point’s ${kind.name}; their own point’s they can`, async () => {
      const theirs = await make(kind, there);
      const before = await state(kind.table, theirs);
      expectErrorBody(
        await server.request('POST', `${API}${kind.create.path}`, { token: cashier.token, body: kind.create.body(there, thereWorkplace) }),
        403,
        'must name your own point',
      );
      expectErrorBody(
        await server.request(kind.update.method, `${API}${kind.update.path}/${theirs}`, { token: cashier.token, body: kind.update.body }),
        403,
        'belongs to another point',
      );
      expectErrorBody(await server.request('DELETE', `${API}${kind.remove.path}/${theirs}`, { token: cashier.token }), 403, 'belongs to another point');
      expect(await state(kind.table, theirs)).toEqual(before);

      const mine = await make(kind, here, cashier.token);
      const changed = await server.request(kind.update.method, `${API}${kind.update.path}/${mine}`, { token: cashier.token, body: kind.update.body });
      expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
      expect((await server.request('DELETE', `${API}${kind.remove.path}/${mine}`, { token: cashier.token })).status).toBe(200);
      expect((await state(kind.table, mine)).is_deleted).toBe(1);
    });

    it(`a till’s pushed create, change or delete of another point’s ${kind.name} is rejected 403 and changes nothing; its own point’s apply`, async () => {
      const theirs = await make(kind, there);
      const mine = await make(kind, here);
      const before = await state(kind.table, theirs);
      const till = await enrollTerminal(server, shop, hereWorkplace);
      const results = await push(till, [
        pushed(1, kind.create.operation, kind.create.body(there, thereWorkplace)),
        pushed(2, kind.update.operation, kind.update.body, { id: theirs }),
        pushed(3, kind.remove.operation, undefined, { id: theirs }),
        pushed(4, kind.update.operation, kind.update.body, { id: mine }),
        pushed(5, kind.remove.operation, undefined, { id: mine }),
      ]);
      expect(results.map((result) => [result.seq, result.status, result.result.error?.statusCode ?? null])).toEqual([
        [1, 'rejected', 403],
        [2, 'rejected', 403],
        [3, 'rejected', 403],
        [4, 'applied', null],
        [5, 'applied', null],
      ]);
      expect(await state(kind.table, theirs)).toEqual(before);
      expect((await state(kind.table, mine)).is_deleted).toBe(1);
    });

    it(`the owner and an admin create, change and delete any point’s ${kind.name}`, async () => {
      for (const token of [shop.token, admin]) {
        const theirs = await make(kind, there, token);
        const changed = await server.request(kind.update.method, `${API}${kind.update.path}/${theirs}`, { token, body: kind.update.body });
        expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
        expect((await server.request('DELETE', `${API}${kind.remove.path}/${theirs}`, { token })).status).toBe(200);
      }
    });
  }

  it('a cashier cannot move their own point’s document to another point', async () => {
    const mine = await make(KINDS.find((kind) => kind.name === 'receipt')!, here, cashier.token);
    expectErrorBody(
      await server.request('PATCH', `${API}/receipt/update/${mine}`, { token: cashier.token, body: { organizationId: there.point } }),
      403,
      'organizationId must name your own point',
    );
    const row = await server.database.db.selectFrom('receipts').select('organization_id').where('id', '=', mine).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(here.point);
  });

  it('an employee token that names no point changes no order', async () => {
    const pointless = await cashierToken(server, shop);
    const theirs = await make(KINDS[0]!, there);
    expectErrorBody(
      await server.request('POST', `${API}/orders/update/${theirs}`, { token: pointless.token, body: { is_voided: true } }),
      403,
      'A cashier acts only at their own point',
    );
    expect((await state('orders', theirs)).is_voided).toBe(0);
  });

  async function structure() {
    const warehouse = (await server.request('POST', `${API}/warehouses/create`, { token: shop.token, body: { name: 'Spare' } })).body.id as string;
    const point = (await server.request('POST', `${API}/business-config/points/create`, { token: shop.token, body: { name: 'Spare point' } })).body.id as string;
    const workplace = (
      await server.request('POST', `${API}/business-config/workplaces/create`, { token: shop.token, body: { name: 'Spare till', automated_point_id: point } })
    ).body.id as string;
    const role = (await server.request('POST', `${API}/employee-role/create`, { token: shop.token, body: { name: 'Spare role', access_resources: [] } })).body
      .id as string;
    const employee = (
      await server.request('POST', `${API}/employee/create`, {
        token: shop.token,
        body: { full_name: 'Spare person', role_id: role, password: String(1000 + Math.floor(Math.random() * 8999)) },
      })
    ).body.id as string;
    return { point, workplace, warehouse, role, employee } as Record<(typeof STRUCTURE)[number]['name'], string>;
  }

  async function stillLive(ids: Record<string, string>) {
    for (const row of STRUCTURE) {
      const stored = await server.database.db.selectFrom(row.table).select('is_deleted').where('id', '=', ids[row.name]!).executeTakeFirstOrThrow();
      expect(Number(stored.is_deleted), row.name).toBe(0);
    }
  }

  it('a cashier’s PIN token deletes no point, workplace, warehouse, role or employee (403), even of their own point', async () => {
    const ids = await structure();
    const own = { ...ids, workplace: hereWorkplace, point: here.point, warehouse: here.warehouse };
    for (const row of STRUCTURE) {
      expectErrorBody(await server.request('DELETE', `${API}${row.path}/${own[row.name]}`, { token: cashier.token }), 403, 'Forbidden resource');
    }
    await stillLive(own);
    await stillLive(ids);
  });

  it('a till’s pushed delete of a point, workplace, warehouse, role or employee is rejected 403 and changes nothing', async () => {
    const ids = await structure();
    const till = await enrollTerminal(server, shop, hereWorkplace);
    const results = await push(
      till,
      STRUCTURE.map((row, index) => pushed(index + 1, row.operation, undefined, { id: ids[row.name]! })),
    );
    expect(results.map((result) => [result.status, result.result.error?.statusCode])).toEqual(STRUCTURE.map(() => ['rejected', 403]));
    await stillLive(ids);
  });

  it('the owner and an admin delete structure', async () => {
    for (const token of [shop.token, admin]) {
      const ids = await structure();
      for (const row of [...STRUCTURE].reverse()) {
        const deleted = await server.request('DELETE', `${API}${row.path}/${ids[row.name]}`, { token });
        expect(deleted.status, `${row.name}: ${JSON.stringify(deleted.body)}`).toBe(200);
      }
    }
  });
});
