/**
 * A till the owner disconnected (issue 14, item 1): its credential refused, it keeps its queue, refuses new writes,
 * and enrolled again with a code of its own business delivers the queue exactly once under the same terminal id;
 * a code of another business is refused with the queue kept. The real terminal core against the real service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, SyncRefused, type Transport } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, TEST_CONFIG, type Tenant, type TestServer } from '../helpers/server.js';
import { tokenService } from '../../server/auth/tokens.js';
import { cashierToken } from '../helpers/actors.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollmentCode, shopWorld, SYNC, type ShopWorld } from '../helpers/terminals.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';

describe.each(await testEngines())('a till disconnected by the owner, against a %s service', (engine) => {
  let server: TestServer;
  let url: string;
  let shop: Tenant;
  let other: Tenant;
  let world: ShopWorld;
  let otherWorld: ShopWorld;
  let goods: ReceiptWorld;
  let cashier: string;
  const terminals: Terminal[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await registerTenant(server, 'disconnected-shop');
    other = await registerTenant(server, 'disconnected-other');
    world = await shopWorld(server, shop);
    otherWorld = await shopWorld(server, other);
    goods = await receiptWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
  });
  afterAll(async () => {
    for (const terminal of terminals) await terminal.close();
    await server.close();
  });

  const debtSale = (amount: string) => ({
    body: { client_id: goods.client, debt_amount: amount, employee_id: cashier, id_automated_point: world.point1 },
  });
  const serviceEntries = async () =>
    ((await server.request('GET', `/api/v1/client-debts/transactions/all?client_id=${goods.client}`, { token: shop.token })).body as { debt_amount: string }[]).map(
      (entry) => entry.debt_amount,
    );
  const meta = async (terminal: Terminal, key: string) =>
    (await terminal.store.db.selectFrom('terminal_meta' as never).select(['value' as never]).where('key' as never, '=', key as never).executeTakeFirst()) as { value: string } | undefined;

  /** A till whose first push reaches the service and commits, but whose answer is lost. */
  async function tillWithLostAnswer() {
    let dropNextPush = false;
    const lossy: Transport = async (target, body, token, deadline) => {
      const answer = await fetchTransport(target, body, token, deadline);
      if (target.endsWith('/sync/push') && dropNextPush) {
        dropNextPush = false;
        throw new Error('connection reset after the service committed');
      }
      return answer;
    };
    const terminal = await Terminal.open(':memory:', lossy);
    terminals.push(terminal);
    await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1), 'Till');
    await terminal.bootstrap();
    return { terminal, dropNext: () => (dropNextPush = true) };
  }

  it('on a revoked credential keeps every unsent operation, refuses new writes while reads still work, and enrolled again with a code of its business delivers the queue exactly once under the same terminal id', async () => {
    const { terminal, dropNext } = await tillWithLostAnswer();
    const terminalId = (await meta(terminal, 'terminal_id'))!.value;
    const oldToken = (await meta(terminal, 'access_token'))!.value;
    const before = await serviceEntries();

    // Sent and applied, but the answer is lost: the till still holds it.
    await terminal.run('ClientDebtController_createTransaction', debtSale('101'), cashier);
    dropNext();
    await expect(terminal.push()).rejects.toThrow('connection reset');
    // The owner revokes the till; it does not know yet and takes one more sale.
    expect((await server.request('DELETE', `${SYNC}/terminals/${terminalId}`, { token: shop.token })).status).toBe(200);
    await terminal.run('ClientDebtController_createTransaction', debtSale('19'), cashier);
    expect(await terminal.credentialRefusedAt()).toBeNull();

    const refused = await terminal.sync().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SyncRefused);
    expect((refused as SyncRefused).status).toBe(401);
    expect(await terminal.credentialRefusedAt()).toEqual(expect.any(String));

    // Kept, never dropped; listed with their ids.
    const unsent = await terminal.unsent();
    expect(unsent.map((row) => row.name)).toEqual(['ClientDebtController_createTransaction', 'ClientDebtController_createTransaction']);
    const mutationIds = unsent.map((row) => row.mutation_id);
    // New writes are refused (they could never be sent); reads still answer.
    await expect(terminal.run('ClientDebtController_createTransaction', debtSale('5'), cashier)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('disconnected by the owner'),
    });
    expect(await terminal.pendingOperations()).toBe(2);
    const history = (await terminal.run('ClientDebtController_findAllTransactions', { query: { client_id: goods.client } }, cashier)) as unknown[];
    expect(history.length).toBeGreaterThan(0);

    // Enrolled again with a code of its own business: the same terminal, the same queue.
    const again = await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1), null);
    expect(again.terminalId).toBe(terminalId);
    expect(await terminal.credentialRefusedAt()).toBeNull();
    expect((await terminal.unsent()).map((row) => row.mutation_id)).toEqual(mutationIds);
    // The revoked credential stays refused.
    const stale = await server.app.inject({
      method: 'POST',
      url: `${SYNC}/pull`,
      headers: { authorization: `Bearer ${oldToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, terminalId, epoch: 'e-x', cursor: null }),
    });
    expect(stale.statusCode).toBe(401);

    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    const after = await serviceEntries();
    // 101 once (it was already applied), 19 once: nothing doubled, nothing lost.
    expect(after.length - before.length).toBe(2);
    const mutations = await server.database.db.selectFrom('sync_mutations').select('mutation_id').where('business_id', '=', shop.businessId).where('mutation_id', 'in', mutationIds).execute();
    expect(mutations).toHaveLength(2);
    // What it pushed while revoked leaves the back office's list of refused operations: the till delivered it.
    const refusedList = await server.request('GET', `${SYNC}/refused-operations`, { token: shop.token });
    expect((refusedList.body as { terminal_id: string }[]).filter((row) => row.terminal_id === terminalId)).toEqual([]);
    // And it takes new work again.
    await terminal.run('ClientDebtController_createTransaction', debtSale('1'), cashier);
    await terminal.sync();
    expect((await serviceEntries()).length - before.length).toBe(3);
  });

  it('refuses a code of another business (409, saying why), keeping the queue and leaving the code unspent', async () => {
    const { terminal } = await tillWithLostAnswer();
    const terminalId = (await meta(terminal, 'terminal_id'))!.value;
    await terminal.run('ClientDebtController_createTransaction', debtSale('7'), cashier);
    expect((await server.request('DELETE', `${SYNC}/terminals/${terminalId}`, { token: shop.token })).status).toBe(200);
    await expect(terminal.sync()).rejects.toMatchObject({ status: 401 });

    const foreignCode = await enrollmentCode(server, other.token, otherWorld.workplace1);
    const refused = (await terminal.enroll(url, foreignCode).catch((error: unknown) => error)) as SyncRefused;
    expect(refused).toBeInstanceOf(SyncRefused);
    expect(refused.status).toBe(409);
    const body = JSON.parse(refused.body) as { message: string; detail: { code: string } };
    expect(body.detail.code).toBe('OTHER_BUSINESS');
    expect(body.message).toContain('another business');
    // Nothing changed here: still disconnected, the same terminal, the queue whole.
    expect(await terminal.credentialRefusedAt()).toEqual(expect.any(String));
    expect((await meta(terminal, 'terminal_id'))!.value).toBe(terminalId);
    expect(await terminal.pendingOperations()).toBe(1);
    // The code was not spent: a fresh till of that business still enrolls with it.
    const fresh = await server.request('POST', `${SYNC}/enroll`, { body: { code: foreignCode } });
    expect(fresh.status).toBe(201);
    expect(fresh.body.businessId).toBe(other.businessId);
  });

  it('refuses to enroll again while its credential is still accepted', async () => {
    const { terminal } = await tillWithLostAnswer();
    await expect(terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1))).rejects.toMatchObject({ statusCode: 409 });
  });

  it('accepts a credential issued before credentials named their enrollment, until the terminal is enrolled again', async () => {
    const { terminal } = await tillWithLostAnswer();
    const terminalId = (await meta(terminal, 'terminal_id'))!.value;
    const legacy = await tokenService(TEST_CONFIG.jwtSecret, 3600).sign({ sub: terminalId, kind: 'terminal', role: 'TERMINAL', businessId: shop.businessId, workplaceId: world.workplace1 });
    const pullWith = async (token: string) =>
      (
        await server.app.inject({
          method: 'POST',
          url: `${SYNC}/pull`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, terminalId, epoch: 'e-legacy', cursor: null }),
        })
      ).statusCode;
    expect(await pullWith(legacy)).toBe(201);
    expect((await server.request('DELETE', `${SYNC}/terminals/${terminalId}`, { token: shop.token })).status).toBe(200);
    expect(await pullWith(legacy)).toBe(401);
    await expect(terminal.sync()).rejects.toMatchObject({ status: 401 });
    await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1));
    // Enrolled again: the old-style credential (the one that was revoked) stays refused; the new one works.
    expect(await pullWith(legacy)).toBe(401);
    expect(await pullWith((await meta(terminal, 'access_token'))!.value)).toBe(201);
  });
});
