/**
 * Bugs the fault harness (sim/) found, each pinned by a direct test so it cannot come back unnoticed.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { Terminal } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import { startRestorableService, type RestorableService } from '../helpers/restorable-service.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { enrollTerminal, enrollmentCode, shopWorld, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

describe.each(await testEngines())('regressions found by the fault harness, on %s', (engine) => {
  let server: TestServer;
  let url: string;
  let shop: Tenant;
  let world: ShopWorld;
  let cashier: string;
  let directory: string;
  const open: Terminal[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    // The tills' cashier does the stock and debt work the properties draw (rights: issue 28 §2).
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, rights: ['STOCK', 'CLIENT_DEBTS'] })).id;
    directory = mkdtempSync(join(tmpdir(), 'kassa-regressions-'));
  });
  afterAll(async () => {
    for (const terminal of open) await terminal.close();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const rest = (method: string, path: string, body?: unknown) => server.request(method, `/api/v1${path}`, { token: shop.token, body });

  it('an absolute debt edit made offline moves the balance by what the cashier changed, keeping entries that arrived meanwhile', async () => {
    const client = (await rest('POST', '/clients/create', { full_name: 'Regular' })).body.id as string;
    const opened = await rest('POST', '/client-debts/create', { client_id: client, debt_amount: '44', employee_id: shop.userId, id_automated_point: world.point1 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    // The till shows 44 and the cashier sets 63 (+19); meanwhile the office books a repayment of 14.
    expect((await rest('POST', '/client-debts/transactions/create', { client_id: client, debt_amount: '-14', employee_id: shop.userId, id_automated_point: world.point1 })).status).toBe(201);
    const till: EnrolledTerminal = await enrollTerminal(server, shop, world.workplace1);
    const edit = {
      seq: 1,
      mutationId: uuidv7(),
      name: 'ClientDebtController_updateDebt',
      v: 1,
      occurredAt: new Date().toISOString(),
      actor: { employeeId: cashier },
      params: { id: opened.body.id },
      basis: { value: '44' },
      args: { debt_amount: '63' },
    };
    const answer = await server.request('POST', '/api/v1/sync/push', {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: [edit] },
    });
    expect(answer.body.results[0].status, JSON.stringify(answer.body)).toBe('applied');
    // Last-writer-wins would say 63 and lose the repayment; the difference says 30 + 19.
    expect(await balanceOf(client)).toBe(4900n);
  });

  async function balanceOf(client: string): Promise<bigint> {
    const row = await server.database.db.selectFrom('client_debts').select('debt_amount').where('business_id', '=', shop.businessId).where('client_id', '=', client).executeTakeFirst();
    return row ? BigInt(row.debt_amount) : 0n;
  }

  async function entriesOf(client: string): Promise<number> {
    return (await server.database.db.selectFrom('client_debt_txns').select('id').where('business_id', '=', shop.businessId).where('client_id', '=', client).execute()).length;
  }

  /** A till on a file, enrolled and bootstrapped, and a client of its own to sell to on credit. */
  async function tillOnFile(name: string) {
    const file = join(directory, `${name}.sqlite`);
    const terminal = await Terminal.open(file);
    await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1), name);
    const client = (await rest('POST', '/clients/create', { full_name: `Client of ${name}` })).body.id as string;
    await terminal.bootstrap();
    return { terminal, file, client };
  }

  const credit = (client: string, amount: string) => ({ body: { client_id: client, debt_amount: amount, employee_id: cashier, id_automated_point: world.point1 } });

  /** Closes the till, puts `copy` back in place of its file and opens it again (a restore from an old backup). */
  async function restore(terminal: Terminal, file: string, copy: string): Promise<Terminal> {
    await terminal.close();
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    copyFileSync(copy, file);
    const restored = await Terminal.open(file);
    open.push(restored);
    return restored;
  }

  it('a restored till whose copy holds operations the service applied after the copy continues without sending them twice', async () => {
    const till = await tillOnFile('restored-pending');
    const { file, client } = till;
    let terminal = till.terminal;
    await terminal.run('ClientDebtController_createTransaction', credit(client, '1'), cashier);
    const copy = join(directory, 'restored-pending.copy.sqlite');
    await sql`vacuum into ${copy}`.execute(terminal.store.db);
    // After the copy: the pending sale is applied (seq 1), and another one too (seq 2).
    await terminal.sync();
    await terminal.run('ClientDebtController_createTransaction', credit(client, '2'), cashier);
    await terminal.sync();
    terminal = await restore(terminal, file, copy);
    // The copy still queues the first sale as seq 1; a new sale takes seq 2, which the service gave the second.
    await terminal.run('ClientDebtController_createTransaction', credit(client, '4'), cashier);
    await terminal.sync();
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    // Each sale exactly once: 1 + 2 + 4. (The copy's first sale used to go out again under the new epoch and
    // stop the queue for good on the service's unique mutationId.)
    expect(await entriesOf(client)).toBe(3);
    expect(await balanceOf(client)).toBe(700n);
  });

  it('a restored till that pulls before it pushes keeps an operation whose seq the service gave to another', async () => {
    const till = await tillOnFile('restored-pull-first');
    const { file, client } = till;
    let terminal = till.terminal;
    await terminal.run('ClientDebtController_createTransaction', credit(client, '1'), cashier);
    await terminal.sync();
    const copy = join(directory, 'restored-pull-first.copy.sqlite');
    await sql`vacuum into ${copy}`.execute(terminal.store.db);
    await terminal.run('ClientDebtController_createTransaction', credit(client, '2'), cashier);
    await terminal.sync();
    terminal = await restore(terminal, file, copy);
    // The copy's next seq is 2, which the service already holds for the second sale.
    await terminal.run('ClientDebtController_createTransaction', credit(client, '4'), cashier);
    // A pull acknowledges seq 2 of this epoch — but that is the lost sale, not this one: it must stay queued.
    await terminal.pull();
    expect(await terminal.pendingOperations()).toBe(1);
    await terminal.sync();
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    expect(await entriesOf(client)).toBe(3);
    expect(await balanceOf(client)).toBe(700n);
  });
});

// PostgreSQL only: a SQLite database has no replication slot.
describe.runIf((await testEngines()).includes('postgres'))('a regression found by the fault harness with the disasters, on PostgreSQL', () => {
  let service: RestorableService;
  afterAll(() => service?.close());

  it('a database restored by hand (pg_restore alone, no stamp) still captures changes: tills deliver and pull after it', async () => {
    service = await startRestorableService('postgres');
    const shop = await registerTenant(service.server());
    const world = await shopWorld(service.server(), shop);
    const cashier = (await cashierToken(service.server(), shop, { workplaceId: world.workplace1, rights: ['STOCK', 'CLIENT_DEBTS'] })).id;
    const rest = (method: string, path: string, body?: unknown) => service.server().request(method, `/api/v1${path}`, { token: shop.token, body });
    const client = (await rest('POST', '/clients/create', { full_name: 'Regular' })).body.id as string;
    const terminal = await Terminal.open(':memory:');
    try {
      await terminal.enroll(service.url, await enrollmentCode(service.server(), shop.token, world.workplace1), 'Till');
      await terminal.bootstrap();
      const backup = await service.backup();
      const credit = (amount: string) => ({ body: { client_id: client, debt_amount: amount, employee_id: cashier, id_automated_point: world.point1 } });
      await terminal.run('ClientDebtController_createTransaction', credit('1'), cashier);
      await terminal.sync();
      // The operator puts the dump back and skips `npm run restore -- --postgres`: the capture's slot still reads
      // the WAL of the database before the restore, whose publication the restore dropped and made again. It used
      // to fail there for good ("publication kassa_capture does not exist"): every push answered 503, every pull
      // waited in vain, the whole fleet stopped syncing.
      await service.restoreByHand(backup);
      await terminal.run('ClientDebtController_createTransaction', credit('20'), cashier);
      await terminal.sync();
      expect(await terminal.pendingOperations()).toBe(0);
      expect(await terminal.resendsWaiting()).toBe(0);
      const entries = (await rest('GET', `/client-debts/transactions/all?client_id=${client}`)).body as { debt_amount: string }[];
      expect(entries.map((entry) => entry.debt_amount).sort()).toEqual(['1', '20']);
    } finally {
      await terminal.close();
    }
  }, 60_000);
});

/**
 * Found by `npm run sim -- --seed 101 --terminals 3 --duration 20 --server sqlite --disasters all`, where t2's store
 * was copied as the service came back from a restore. Two stores of one till — the till and a copy of it — both
 * journal an operation the service acknowledged; the service is restored to a backup without it; each store sends it
 * again from its journal, under a fresh queue of its own. The first landed; the second was applied again — the service
 * looked an operation up by its queue and seq, not by its id — so its records collided with the first's, it was
 * rejected as a fault, and storing that result collided with the stored operation's id: 409 on every push, for good.
 * An operation is now its id whichever queue brings it (app/sync/push-duplicates.ts): the second is answered from
 * what the first stored, and its queue moves on.
 */
describe.each(await testEngines())('a till and its copy after a restore, on %s', (engine) => {
  let service: RestorableService;
  const directory = mkdtempSync(join(tmpdir(), 'kassa-clone-restore-'));
  afterAll(async () => {
    await service?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('a till and its copy that both journal an operation the restored service lost both go on syncing, and it lands once', async () => {
    service = await startRestorableService(engine);
    const shop = await registerTenant(service.server());
    const world = await shopWorld(service.server(), shop);
    const cashier = (await cashierToken(service.server(), shop, { workplaceId: world.workplace1, rights: ['STOCK', 'CLIENT_DEBTS'] })).id;
    const rest = (method: string, path: string, body?: unknown) => service.server().request(method, `/api/v1${path}`, { token: shop.token, body });
    const client = (await rest('POST', '/clients/create', { full_name: 'Regular' })).body.id as string;
    const file = join(directory, 'till.sqlite');
    let original = await Terminal.open(file);
    await original.enroll(service.url, await enrollmentCode(service.server(), shop.token, world.workplace1), 'Till');
    await original.bootstrap();
    const backup = await service.backup();
    await original.run('ClientDebtController_createTransaction', { body: { client_id: client, debt_amount: '1', employee_id: cashier, id_automated_point: world.point1 } }, cashier);
    await original.sync();
    await original.close();
    copyFileSync(file, join(directory, 'copy.sqlite'));
    original = await Terminal.open(file);
    const copy = await Terminal.open(join(directory, 'copy.sqlite'));
    try {
      await service.restore(backup);
      await copy.sync();
      await original.sync();
      expect(await original.resendsWaiting()).toBe(0);
      const entries = (await rest('GET', `/client-debts/transactions/all?client_id=${client}`)).body as { debt_amount: string }[];
      expect(entries.map((entry) => entry.debt_amount)).toEqual(['1']);
    } finally {
      await original.close();
      await copy.close();
    }
  }, 60_000);
});
