/**
 * A malformed operation in a till's queue reaches its inbox like any rejection and never stops the queue: the
 * service rejects it alone (docs/sync.md, "Push"), the pull's acknowledgement moves it to the inbox with its full
 * payload and reason, and the operations queued after it are applied.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { insertClient } from '../helpers/fixtures.js';
import { startTillService, type TillService } from '../helpers/till-service.js';

describe.each(await testEngines())('a till with a malformed operation queued, against a %s service', (engine) => {
  let service: TillService;
  let client: string;
  beforeAll(async () => {
    service = await startTillService(engine);
    client = await insertClient(service.server, service.shop, 'Owes a little');
  });
  afterAll(() => service.close());

  it('gets it back in its inbox with its reason and payload, and sends the operations after it', async () => {
    const till = await service.till();
    const sale = (amount: string) => ({ body: { client_id: client, debt_amount: amount, employee_id: service.cashier, id_automated_point: service.world.point1 } });
    await till.run('ClientDebtController_createTransaction', sale('3'), service.cashier);
    await till.run('ClientDebtController_createTransaction', sale('4'), service.cashier);
    // What a bug could leave in the outbox: a property JSON keeps as data but no object may take as a key.
    const [first] = await till.unsent();
    const tampered = `{"__proto__":{"isAdmin":true},${String(first!.args).slice(1)}`;
    await sql`update outbox set args = ${tampered} where seq = ${first!.seq}`.execute(till.store.db);

    const synced = await till.sync();
    expect(synced.rejected).toBe(1);
    expect(await till.pendingOperations()).toBe(0);
    const inbox = await till.inbox();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ mutation_id: first!.mutation_id, args: tampered });
    expect(JSON.parse(String(inbox[0]!.reason))).toEqual({
      error: { code: 'INVALID', statusCode: 400, message: ['args.__proto__ is not an allowed property name'] },
    });
    // Only the sale queued after it reached the service.
    const debt = await service.server.database.db.selectFrom('client_debts').select('debt_amount').where('client_id', '=', client).executeTakeFirstOrThrow();
    expect(BigInt(debt.debt_amount)).toBe(400n);
  });
});
