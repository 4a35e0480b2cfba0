/**
 * Rights at the till (issue 28 §2): the till's own run goes through the same role matrix as the service, on its own
 * store's employees and roles, so a cashier whose role does not grant a right is refused at once — offline too —
 * and nothing is queued; a manager (MANAGER holds every right) does the same at the till and the service applies it.
 * The refusal names the right as the renderer receives it (`code: 'RIGHT_MISSING'`, `right`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRpcError } from '../../main/core/errors.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';

describe.each(await testEngines())('rights at the till against a %s service', (engine) => {
  let service: TillService;
  let goods: ReceiptWorld;
  let plain: string;
  let manager: string;

  beforeAll(async () => {
    service = await startTillService(engine);
    goods = await receiptWorld(service.server, service.shop);
    const employee = async (fullName: string, roleId: string, pin: string) => {
      const created = await service.rest('POST', '/employee/create', { full_name: fullName, role_id: roleId, password: pin, workplace_id: service.world.workplace1 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const role = await service.rest('POST', '/employee-role/create', { name: 'Manager', access_resources: ['MANAGER'] });
    const nothing = await service.rest('POST', '/employee-role/create', { name: 'Cashier', access_resources: ['SALES'] });
    plain = await employee('Plain cashier', nothing.body.id, '5281');
    manager = await employee('Shift manager', role.body.id, '7392');
  });
  afterAll(() => service.close());

  const pricedGroup = { body: { name: 'Syrups', measurement: 'pc', price: '5', type: 'MODIFIER_GROUP' } };

  it('refuses a cashier without MODIFIERS a priced modifier group (issue 28 §2, reproduction 3), queues nothing, and names the right', async () => {
    const terminal = await service.till();
    const failure = await terminal.run('ItemModifierController_createModifierGroup', pricedGroup, plain).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 403 });
    expect(toRpcError(failure)).toMatchObject({ statusCode: 403, code: 'RIGHT_MISSING', right: 'MODIFIERS' });
    const groups = await terminal.store.db.selectFrom('modifier_groups').select('id').where('name', '=', 'Syrups').execute();
    expect(groups).toEqual([]);
    expect(await terminal.pendingOperations()).toBe(0);
  });

  it('refuses the other two reproductions locally too: deleting the cash method, setting an item’s price to 1', async () => {
    const terminal = await service.till();
    const cash = await terminal.store.db.selectFrom('payment_methods').select('id').where('is_deleted', '=', 0).executeTakeFirstOrThrow();
    await expect(terminal.run('PaymentMethodController_remove', { params: { id: cash.id } }, plain)).rejects.toMatchObject({ statusCode: 403, detail: { code: 'RIGHT_MISSING', right: 'PAYMENT_METHODS' } });
    await expect(terminal.run('ItemModifierController_updateItem', { params: { id: goods.item }, body: { price: '1' } }, plain)).rejects.toMatchObject({
      statusCode: 403,
      detail: { code: 'RIGHT_MISSING', right: 'CATALOGUE' },
    });
    expect(await terminal.pendingOperations()).toBe(0);
  });

  it('lets the same cashier sell-side work without a right, and a manager create the group, which the service applies', async () => {
    const terminal = await service.till();
    await terminal.run('ClientDebtController_createTransaction', { body: { client_id: goods.client, debt_amount: '3', employee_id: plain, id_automated_point: service.world.point1 } }, plain);
    await terminal.run('ItemModifierController_createModifierGroup', pricedGroup, manager);
    expect(await terminal.pendingOperations()).toBe(2);
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    const stored = await service.server.database.db.selectFrom('modifier_groups').select(['name', 'price']).where('name', '=', 'Syrups').where('business_id', '=', service.shop.businessId).execute();
    expect(stored.map((row) => row.name)).toEqual(['Syrups']);
  });
});
