/**
 * Modifiers at a till (issue 16, "Modifiers"): a modifier group's rules reach the till's mirror; a sale's line keeps
 * its modifiers locally (for the receipt and refunds) and arrives at the service with them, priced into the line,
 * once. A till's sale is a fact (docs/sync.md): one whose modifiers break the rules (the picker prevents it; a rule
 * changed at the office is how it happens) is recorded, and the service says so with a MODIFIER_RULES warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { uuidv7 } from '../../shared/ids.js';
import { testEngines } from '../helpers/databases.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';

describe.each(await testEngines())('modifiers on a sale at a till, against a %s service', (engine) => {
  let service: TillService;
  let goods: ReceiptWorld;
  let group: string;
  let oat: string;
  let cow: string;

  beforeAll(async () => {
    service = await startTillService(engine);
    goods = await receiptWorld(service.server, service.shop);
    const created = await service.rest('POST', '/item-modifier/modifier-groups/create', {
      name: 'Milk',
      measurement: 'pc',
      price: '0',
      type: 'MODIFIER_GROUP',
      is_required: true,
      max_choices: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    group = created.body.id;
    const modifier = async (name: string, price: string) => {
      const made = await service.rest('POST', '/item-modifier/modifiers/create', { name, measurement: 'pc', price, type: 'MODIFIER', group_id: group, item_id: goods.item });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id as string;
    };
    cow = await modifier('Cow', '0');
    oat = await modifier('Oat', '2.50');
    expect((await service.rest('PATCH', `/item-modifier/modifier-groups/update/${group}`, { default_modifier_id: cow })).status).toBe(200);
  });
  afterAll(() => service.close());

  it('mirrors the rules, keeps a line’s modifiers, delivers them once, and warns of a sale that broke the rules', async () => {
    let online = true;
    const transport: Transport = async (target, body, token, deadline) => {
      if (!online) throw new Error('offline');
      return fetchTransport(target, body, token, deadline);
    };
    const terminal = service.track(await Terminal.open(':memory:', transport));
    await terminal.enroll(service.url, await enrollmentCode(service.server, service.shop.token, service.world.workplace1), 'Till');
    await terminal.bootstrap();
    online = false;

    const groups = (await terminal.run('ItemModifierController_findAllModifierGroups', {}, service.cashier)) as { id: string; is_required: boolean; max_choices: number | null; default_modifier_id: string | null }[];
    expect(groups.find((entry) => entry.id === group)).toMatchObject({ is_required: true, max_choices: 1, default_modifier_id: cow });

    const sale = (modifiers: unknown[], subtotal: string) => ({
      guid: uuidv7(),
      order_id: `K1-${Math.floor(Math.random() * 10000)}`,
      automated_point_id: service.world.point1,
      workplace_id: service.world.workplace1,
      items: [{ item_id: goods.item, quantity: '2', price: '10', subtotal, modifiers }],
      subtotal,
      total_sum: subtotal,
      is_closed: false,
    });
    const broken = sale([], '20');
    await terminal.run('OrderController_create', { body: broken }, service.cashier);

    // 2 × (10 + oat 2.50) = 25
    const body = sale([{ modifier_id: oat, quantity: 1, price: '2.50', free_quantity: 0 }], '25');
    const order = (await terminal.run('OrderController_create', { body }, service.cashier)) as { id: string };
    const local = (await terminal.run('OrderController_findOne', { params: { id: order.id } }, service.cashier)) as { items: { modifiers: unknown }[] };
    expect(local.items[0]?.modifiers).toEqual([{ modifier_id: oat, quantity: 1, price: '2.5', free_quantity: 0 }]);
    expect(await terminal.pendingOperations()).toBe(2);

    online = true;
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    const orders = ((await service.rest('GET', '/orders/all')).body as { id: string; guid: string | null }[]).filter((entry) => entry.guid === body.guid);
    expect(orders).toHaveLength(1);
    const stored = (await service.rest('GET', `/orders/${orders[0]!.id}`)).body as { subtotal: string; items: { subtotal: string; modifiers: unknown }[] };
    expect(stored).toMatchObject({ subtotal: '25', items: [{ subtotal: '25', modifiers: [{ modifier_id: oat, quantity: 1, price: '2.5', free_quantity: 0 }] }] });
    expect(((await service.rest('GET', '/orders/all')).body as { guid: string | null }[]).filter((entry) => entry.guid === broken.guid)).toHaveLength(1);
    const warnings = (await service.rest('GET', '/logs/all?type=WARNING&limit=1000')).body as { action: string; details: string }[];
    expect(warnings.filter((entry) => entry.action === 'MODIFIER_RULES')).toHaveLength(1);
    expect(warnings.find((entry) => entry.action === 'MODIFIER_RULES')?.details).toContain('items.0.modifiers must choose at least 1 of \\"Milk\\"');
  });
});
