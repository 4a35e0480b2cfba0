import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { enrollmentCode, shopWorld, type ShopWorld } from '../helpers/terminals.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the terminal’s business clock', () => {
  let server: TestServer;
  let url: string;
  let shop: Tenant;
  let world: ShopWorld;
  let goods: ReceiptWorld;
  let cashier: string;
  /** What the service's clock says in push answers (a till whose own clock is slow sees a later time). */
  let serviceTimeShift = 0;
  const terminals: Terminal[] = [];
  const shifting: Transport = async (target, body, token) => {
    const answer = await fetchTransport(target, body, token);
    if (!target.endsWith('/sync/push') || answer.status !== 201 || serviceTimeShift === 0) return answer;
    const parsed = JSON.parse(answer.text) as { serverTime: string };
    parsed.serverTime = new Date(Date.parse(parsed.serverTime) + serviceTimeShift).toISOString();
    return { status: answer.status, text: JSON.stringify(parsed) };
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    goods = await receiptWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
  });
  afterEach(() => {
    vi.useRealTimers();
    serviceTimeShift = 0;
  });
  afterAll(async () => {
    for (const terminal of terminals) await terminal.close();
    await server.close();
  });

  async function enrolled(): Promise<Terminal> {
    const terminal = await Terminal.open(':memory:', shifting);
    terminals.push(terminal);
    await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1));
    await terminal.bootstrap();
    return terminal;
  }
  const sale = (terminal: Terminal) =>
    terminal.run(
      'ClientDebtController_createTransaction',
      { body: { client_id: goods.client, debt_amount: '1', employee_id: cashier, id_automated_point: world.point1 } },
      cashier,
    );
  const queued = async (terminal: Terminal) =>
    (
      await sql<{ mutation_id: string; occurred_at: string }>`select mutation_id, occurred_at from outbox order by seq`.execute(
        terminal.store.db,
      )
    ).rows;

  it('stamps operations with UUIDv7 ids and times that never go backwards when the OS clock is set back', async () => {
    const terminal = await enrolled();
    await sale(terminal);
    const first = (await queued(terminal))[0]!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(first.occurred_at) - 3_600_000);
    await sale(terminal);
    await sale(terminal);
    const stamped = await queued(terminal);
    expect(stamped.map((row) => row.mutation_id).every((id) => UUID_V7.test(id))).toBe(true);
    for (let index = 1; index < stamped.length; index += 1)
      expect(stamped[index]!.occurred_at >= stamped[index - 1]!.occurred_at).toBe(true);
    expect(stamped[2]!.occurred_at).toBe(first.occurred_at);
  });

  it('does not stamp work earlier than a time the service has already shown it', async () => {
    const terminal = await enrolled();
    serviceTimeShift = 2 * 3_600_000; // this till's clock is two hours slow
    await sale(terminal);
    await terminal.push();
    const before = Date.now();
    await sale(terminal);
    const [later] = (await queued(terminal)).slice(-1);
    expect(Date.parse(later!.occurred_at)).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1_000);
  });
});
