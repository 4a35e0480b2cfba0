/**
 * A service restored from an older backup under sales (docs/sync.md, "A service restored from an older backup"), on
 * both engines, with a real backup and the operator's restore (SQLite: the service's own backup and `npm run
 * restore`; PostgreSQL: pg_dump, pg_restore --clean and `npm run restore -- --postgres`). Two tills at two points
 * sell before the backup and after it: three sales each that the service acknowledges and then loses with the
 * restore, one it applied but had not acknowledged, one never sent. Afterwards every sale rung at the tills exists on
 * the service exactly once, the stock ledger equals its levels, each till holds the service's data (and nothing the
 * service lost), and the restore is said aloud: in the office's WARNING log and at each till.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { Terminal } from '../../main/terminal/terminal.js';
import { saleBody, type Method } from '../../renderer/screens/payment/tender.js';
import type { SaleDraft } from '../../renderer/screens/sale/sale-draft.js';
import { uuidv7 } from '../../shared/ids.js';
import { cashierToken } from '../helpers/actors.js';
import { testEngines } from '../helpers/databases.js';
import { startRestorableService, type RestorableService } from '../helpers/restorable-service.js';
import { registerTenant, type Tenant } from '../helpers/server.js';
import { createItem, enrollmentCode, shopWorld, type ShopWorld } from '../helpers/terminals.js';

interface Till {
  readonly terminal: Terminal;
  readonly workplace: string;
  readonly point: string;
  readonly cashier: string;
  readonly shift: string;
  /** The guid of every sale rung at this till. */
  readonly rung: string[];
}

describe.each(await testEngines())('a service restored from an older backup under sales, on %s', (engine) => {
  let service: RestorableService;
  let shop: Tenant;
  let world: ShopWorld;
  let item: string;
  let cash: Method;
  const tills: Till[] = [];

  const rest = (method: string, path: string, body?: unknown) => service.server().request(method, `/api/v1${path}`, { token: shop.token, body });

  async function openTill(workplace: string, point: string): Promise<Till> {
    const server = service.server();
    const cashier = (await cashierToken(server, shop, { workplaceId: workplace })).id;
    const opened = await rest('POST', '/settlements/create', { name: 'Day', workplace_id: workplace });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const terminal = await Terminal.open(':memory:');
    await terminal.enroll(service.url, await enrollmentCode(server, shop.token, workplace), `Till ${tills.length + 1}`);
    await terminal.bootstrap();
    const till = { terminal, workplace, point, cashier, shift: opened.body.id as string, rung: [] };
    tills.push(till);
    return till;
  }

  /** A cash sale of one item at the till, as the payment screen makes it. */
  async function sell(till: Till): Promise<void> {
    const draft = {
      order: { order_id: 'X-1', automated_point_id: till.point, workplace_id: till.workplace, items: [{ item_id: item, quantity: '1', price: '10', subtotal: '10' }], subtotal: '10', total_sum: '10' },
      due: '10',
      client: null,
    } as unknown as SaleDraft;
    const body = saleBody(draft, [{ method: cash, amount: 1000n }], till.shift, uuidv7());
    await till.terminal.run('OrderController_create', { body }, till.cashier);
    till.rung.push(body.guid as string);
  }

  beforeAll(async () => {
    service = await startRestorableService(engine);
    shop = await registerTenant(service.server());
    world = await shopWorld(service.server(), shop);
    item = await createItem(service.server(), shop, 'Tea');
    const method = await rest('POST', '/payment-methods/create', { name: 'Naqd', kind: 'CASH' });
    cash = { id: method.body.id, name: 'Naqd', kind: 'CASH' };
    await openTill(world.workplace1, world.point1);
    await openTill(world.workplace2, world.point2);
  });
  afterAll(async () => {
    for (const till of tills) await till.terminal.close();
    await service?.close();
  });

  it('keeps every sale rung at the tills exactly once, the ledgers whole, each till converged, and says so', async () => {
    for (const till of tills) {
      await sell(till);
      await sell(till);
      await till.terminal.sync();
    }
    const backup = await service.backup();
    for (const till of tills) {
      // Acknowledged after the backup: what the restore takes from the service.
      for (let sale = 0; sale < 3; sale += 1) await sell(till);
      await till.terminal.sync();
      expect(await till.terminal.pendingOperations()).toBe(0);
      // Applied, not acknowledged yet; and never sent.
      await sell(till);
      await till.terminal.push();
      await sell(till);
    }
    await service.restore(backup);
    expect((await orderGuids()).length).toBe(4);

    for (let round = 0; round < 2; round += 1) for (const till of tills) await till.terminal.sync();

    // Every sale rung, once.
    const guids = await orderGuids();
    expect(guids.length).toBe(14);
    for (const till of tills) for (const guid of till.rung) expect(guids.filter((held) => held === guid), guid).toHaveLength(1);
    // The ledger and its levels agree: each sale moved stock once.
    const levels = await sql<{ warehouse_id: string; quantity: string }>`
      select warehouse_id, cast(quantity as text) as quantity from stock_levels where business_id = ${shop.businessId} and item_id = ${item}`.execute(db());
    const moves = await sql<{ warehouse_id: string; total: string }>`
      select warehouse_id, cast(sum(delta) as text) as total from stock_moves where business_id = ${shop.businessId} and item_id = ${item} group by warehouse_id`.execute(db());
    expect(new Map(levels.rows.map((row) => [row.warehouse_id, BigInt(row.quantity)]))).toEqual(new Map(moves.rows.map((row) => [row.warehouse_id, BigInt(row.total)])));
    expect(moves.rows.map((row) => BigInt(row.total)).sort()).toEqual([-7000n, -7000n]);
    // Each till holds the service's data for its point: its own seven sales, nothing lost, nothing doubled, no overlay left.
    for (const till of tills) {
      expect(await till.terminal.pendingOperations()).toBe(0);
      expect(await till.terminal.resendsWaiting()).toBe(0);
      const local = (await till.terminal.store.db.selectFrom('orders').select('guid').where('automated_point_id', '=', till.point).execute()).map((row) => row.guid).sort();
      expect(local).toEqual([...till.rung].sort());
    }
    // Said aloud: the office's log has the restore and each till's report; each till keeps its own for its cashier.
    const warnings = ((await rest('GET', '/logs/all?type=WARNING&limit=1000')).body as { action: string }[]).map((entry) => entry.action);
    expect(warnings.filter((action) => action === 'SERVICE_RESTORED')).toHaveLength(1);
    expect(warnings.filter((action) => action === 'SERVICE_REWOUND')).toHaveLength(2);
    for (const till of tills) {
      const incidents = await till.terminal.incidents();
      expect(incidents.map((incident) => [incident.kind, incident.detail.resent, incident.detail.lost])).toEqual([['SERVICE_REWOUND', 3, 0]]);
    }
  });

  it('reports, at the till and in the office, the acknowledged sales a restore older than the till’s journal took', async () => {
    const server = service.server();
    const cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
    // A journal of two operations: the third sale acknowledged after the backup has already left it.
    const terminal = await Terminal.open(':memory:', undefined, { journal: { keepDays: 30, maxOperations: 2 } });
    await terminal.enroll(service.url, await enrollmentCode(server, shop.token, world.workplace1), 'Till with a short memory');
    await terminal.bootstrap();
    const till = { ...tills[0]!, terminal, cashier, rung: [] as string[] };
    tills.push(till);
    const backup = await service.backup();
    for (let sale = 0; sale < 3; sale += 1) await sell(till);
    await terminal.sync();
    await service.restore(backup);
    await terminal.sync();

    const guids = await orderGuids();
    expect(till.rung.map((guid) => guids.filter((held) => held === guid).length)).toEqual([0, 1, 1]);
    const [incident] = await terminal.incidents();
    expect(incident).toMatchObject({ kind: 'SERVICE_REWOUND', detail: { resent: 2, lost: 1 } });
    expect(String(incident?.detail.lostSeqs)).toMatch(/: 1–1$/);
    const reports = ((await rest('GET', '/logs/all?type=WARNING&limit=1000')).body as { action: string; details: string }[]).filter(
      (entry) => entry.action === 'SERVICE_REWOUND' && entry.details.includes('"lost":1'),
    );
    expect(reports).toHaveLength(1);
  });

  it('tells a till enrolled after the backup that the service no longer knows it, and keeps its sales until it is connected again', async () => {
    const server = service.server();
    const cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
    const backup = await service.backup();
    const terminal = await Terminal.open(':memory:');
    const first = await terminal.enroll(service.url, await enrollmentCode(server, shop.token, world.workplace1), 'A till set up after the backup');
    await terminal.bootstrap();
    const till = { ...tills[0]!, terminal, cashier, rung: [] as string[] };
    tills.push(till);
    await sell(till);
    await sell(till);
    await terminal.sync();
    await service.restore(backup);

    await expect(terminal.sync()).rejects.toMatchObject({ status: 401 });
    expect(await terminal.credentialRefusedReason()).toBe('TERMINAL_UNKNOWN');
    await expect(sell(till)).rejects.toMatchObject({ statusCode: 409 });
    // Connected again with a code of its business: the same terminal, and what it sold lands once.
    const again = await terminal.enroll(service.url, await enrollmentCode(service.server(), shop.token, world.workplace1), 'Connected again');
    expect(again.terminalId).toBe(first.terminalId);
    expect(await terminal.credentialRefusedReason()).toBeNull();
    await terminal.sync();
    await sell(till);
    await terminal.sync();
    const guids = await orderGuids();
    expect(till.rung.filter((guid) => guids.filter((held) => held === guid).length === 1)).toHaveLength(3);
    expect(await terminal.pendingOperations()).toBe(0);
  });

  it('puts in the inbox, and reports, the sales sent again that named what the restore took', async () => {
    const server = service.server();
    const terminal = await Terminal.open(':memory:');
    await terminal.enroll(service.url, await enrollmentCode(server, shop.token, world.workplace1), 'Till of a new cashier');
    await terminal.bootstrap();
    const backup = await service.backup();
    // A cashier taken on after the backup: the restored service has never heard of them.
    const cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
    await terminal.sync();
    const till = { ...tills[0]!, terminal, cashier, rung: [] as string[] };
    tills.push(till);
    await sell(till);
    await terminal.sync();
    await service.restore(backup);
    await terminal.sync();

    expect((await terminal.inbox()).map((entry) => [entry.name, JSON.parse(String(entry.reason)).error.code])).toEqual([['OrderController_create', 'UNKNOWN_EMPLOYEE']]);
    const incidents = await terminal.incidents();
    expect(incidents.map((incident) => [incident.kind, incident.detail.refused ?? incident.detail.resent])).toEqual([
      ['RESEND_REFUSED', 1],
      ['SERVICE_REWOUND', 1],
    ]);
    const reported = ((await rest('GET', '/logs/all?type=WARNING&limit=1000')).body as { action: string }[]).filter((entry) => entry.action === 'RESEND_REFUSED');
    expect(reported).toHaveLength(1);
  });

  async function orderGuids(): Promise<string[]> {
    const orders = (await rest('GET', '/orders/all')).body as { guid: string | null }[];
    return orders.map((order) => order.guid ?? '');
  }

  function db(): Kysely<unknown> {
    return service.server().database.db as unknown as Kysely<unknown>;
  }
});
