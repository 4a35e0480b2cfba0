/**
 * Modifiers at the till, on the service (issue 16, "Modifiers"): a modifier group's rules are stored, listed and
 * refused when they contradict themselves; an order line carries its modifiers, priced into its subtotal
 * (quantity × (price + charged modifiers)) and read back with the order; a live order whose modifiers break the
 * rules is a 400 naming `items.N.modifiers`, a reference-shaped line (no `modifiers`) is not held to them, and a
 * queued sale that broke rules changed meanwhile is applied with a MODIFIER_RULES warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectValidation } from '../helpers/checks.js';
import { catalogueBody } from '../helpers/catalogue.js';
import { line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';
import { enrollTerminal } from '../helpers/terminals.js';
import { cashierToken } from '../helpers/actors.js';

const GROUPS = '/api/v1/item-modifier/modifier-groups';

describe.each(await testEngines())('modifiers on orders on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;
  /** "Milk" (required, exactly one, default oat) and "Extras" (up to 3, the first 1 free) offered for coffee. */
  let milk: { id: string; cow: string; oat: string };
  let extras: { id: string; shot: string; cream: string };

  const request = (method: 'POST' | 'PATCH' | 'GET' | 'DELETE', path: string, body?: unknown) =>
    server.request(method, path, { token: shop.token, ...(body === undefined ? {} : { body }) });
  const createGroup = async (name: string, rules: Record<string, unknown>) => {
    const created = await request('POST', `${GROUPS}/create`, catalogueBody({ type: 'MODIFIER_GROUP', name, price: '0', ...rules }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const createModifier = async (group: string, name: string, price: string, item = world.coffee) => {
    const created = await request('POST', '/api/v1/item-modifier/modifiers/create', catalogueBody({ type: 'MODIFIER', name, price, group_id: group, item_id: item }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const create = (body: unknown) => request('POST', '/api/v1/orders/create', body);
  const mod = (modifier_id: string, price: string, quantity = 1, free_quantity = 0) => ({ modifier_id, quantity, price, free_quantity });

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await orderWorld(server, shop);
    const milkId = await createGroup('Milk', { is_required: true, max_choices: 1 });
    milk = { id: milkId, cow: await createModifier(milkId, 'Cow', '0'), oat: await createModifier(milkId, 'Oat', '5') };
    const updated = await request('PATCH', `${GROUPS}/update/${milkId}`, { default_modifier_id: milk.oat });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const extrasId = await createGroup('Extras', { max_choices: 3, free_quantity: 1 });
    extras = { id: extrasId, shot: await createModifier(extrasId, 'Shot', '4'), cream: await createModifier(extrasId, 'Cream', '3') };
  });
  afterAll(() => server.close());

  it('stores a group’s rules, lists them, and a group written without any has none', async () => {
    const listed = await request('GET', `${GROUPS}/all`);
    const byId = new Map((listed.body as { id: string }[]).map((group) => [group.id, group]));
    expect(byId.get(milk.id)).toMatchObject({ is_required: true, min_choices: 0, max_choices: 1, free_quantity: 0, default_modifier_id: milk.oat });
    expect(byId.get(extras.id)).toMatchObject({ is_required: false, max_choices: 3, free_quantity: 1, default_modifier_id: null });
    const plain = await createGroup('Plain', {});
    expect((await request('GET', `${GROUPS}/all`)).body.find((group: { id: string }) => group.id === plain)).toMatchObject({
      is_required: false,
      min_choices: 0,
      max_choices: null,
      free_quantity: 0,
      default_modifier_id: null,
    });
    // A field not sent keeps its value; null clears the limit.
    const cleared = await request('PATCH', `${GROUPS}/update/${plain}`, { max_choices: 2 });
    expect(cleared.body).toMatchObject({ max_choices: 2 });
    expect((await request('PATCH', `${GROUPS}/update/${plain}`, { max_choices: null, name: 'Plainer' })).body).toMatchObject({ max_choices: null, name: 'Plainer' });
  });

  it('refuses rules that contradict themselves or a default outside the group, naming the field, and stores nothing', async () => {
    const body = (rules: Record<string, unknown>) => catalogueBody({ type: 'MODIFIER_GROUP', name: 'Bad rules', price: '0', ...rules });
    expectValidation(await request('POST', `${GROUPS}/create`, body({ min_choices: 3, max_choices: 2 })), 'min_choices must not be greater than max_choices');
    expectValidation(await request('POST', `${GROUPS}/create`, body({ min_choices: -1 })), 'min_choices must be at least 0');
    expectValidation(await request('POST', `${GROUPS}/create`, body({ max_choices: 1.5 })), 'max_choices must be a whole number');
    expectValidation(await request('POST', `${GROUPS}/create`, body({ is_required: true, max_choices: 0 })), 'max_choices must be at least 1 when is_required is true');
    expectValidation(await request('POST', `${GROUPS}/create`, body({ free_quantity: 4, max_choices: 3 })), 'free_quantity must not be greater than max_choices');
    expectValidation(
      await request('POST', `${GROUPS}/create`, body({ default_modifier_id: milk.cow })),
      'default_modifier_id must be a modifier of this group: a new group has none yet (set it once its modifiers exist)',
    );
    expectValidation(await request('PATCH', `${GROUPS}/update/${extras.id}`, { default_modifier_id: milk.cow }), 'default_modifier_id must be an existing modifier of this group');
    expectValidation(await request('PATCH', `${GROUPS}/update/${extras.id}`, { min_choices: 5 }), 'min_choices must not be greater than max_choices');
    const rows = await server.database.db.selectFrom('modifier_groups').select(['name', 'min_choices', 'default_modifier_id']).where('business_id', '=', shop.businessId).execute();
    expect(rows.filter((row) => row.name === 'Bad rules')).toEqual([]);
    expect(rows.find((row) => row.name === 'Extras')).toMatchObject({ default_modifier_id: null });
    expect(Number(rows.find((row) => row.name === 'Extras')?.min_choices)).toBe(0);
  });

  it('prices a line’s modifiers into it — quantity × (price + modifiers beyond the free ones) — and reads them back', async () => {
    // 2 coffees at 20, each with oat milk (5), two shots (4 each, one free as the cheapest… cream is cheaper) and cream (3, free):
    // per coffee 20 + 5 + 4 + 4 + 0 = 33 → 66.
    const modifiers = [mod(milk.oat, '5'), mod(extras.shot, '4', 2), mod(extras.cream, '3', 1, 1)];
    const response = await create(
      orderBody(world, [line(world.coffee, '2', '20', '66', { modifiers } as never)], { subtotal: '66', total_sum: '66' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const read = await request('GET', `/api/v1/orders/${response.body.id}`);
    expect(read.body.items[0]).toMatchObject({
      subtotal: '66',
      modifiers: [
        { modifier_id: milk.oat, quantity: 1, price: '5', free_quantity: 0 },
        { modifier_id: extras.shot, quantity: 2, price: '4', free_quantity: 0 },
        { modifier_id: extras.cream, quantity: 1, price: '3', free_quantity: 1 },
      ],
    });
    // A subtotal that leaves the modifiers out is refused with the rule and the expected amount.
    expectValidation(
      await create(orderBody(world, [line(world.coffee, '2', '20', '40', { modifiers } as never)], { subtotal: '40', total_sum: '40' })),
      'items.0.subtotal must equal quantity × (price + modifiers): expected "66"',
    );
  });

  it('refuses a live order whose modifiers break the rules, naming items.N.modifiers, and stores nothing', async () => {
    const order = (modifiers: unknown[], subtotal: string, extra: Record<string, unknown> = {}) =>
      create(orderBody(world, [line(world.tea, '1', '10', '10'), line(world.coffee, '1', '20', subtotal, { modifiers } as never)], { subtotal: String(10 + Number(subtotal)), total_sum: String(10 + Number(subtotal)) }, extra));
    const before = await server.database.db.selectFrom('orders').select('id').where('business_id', '=', shop.businessId).execute();
    expectValidation(await order([], '20'), 'items.1.modifiers must choose at least 1 of "Milk"');
    expectValidation(await order([mod(milk.oat, '5'), mod(milk.cow, '0')], '25'), 'items.1.modifiers must choose at most 1 of "Milk"');
    expectValidation(await order([mod(milk.cow, '0'), mod(extras.shot, '4', 4)], '36'), 'items.1.modifiers must choose at most 3 of "Extras"');
    expectValidation(await order([mod(milk.cow, '0'), mod(extras.shot, '4', 2, 2)], '20'), 'items.1.modifiers may have at most 1 free of "Extras"');
    expectValidation(await order([mod(milk.cow, '0'), mod(world.syrup, '3')], '23'), 'items.1.modifiers.1.modifier_id must be a modifier offered for the line\'s item');
    expectValidation(await order([mod(milk.cow, '0'), mod(milk.cow, '0')], '20'), 'items.1.modifiers.1.modifier_id must not repeat a modifier of the line');
    expectValidation(await order([mod(milk.cow, '0', 1, 2)], '20'), 'items.1.modifiers.0.free_quantity must not be greater than quantity');
    expectValidation(await order([{ modifier_id: milk.cow, quantity: 0, price: '0' }], '20'), 'items.1.modifiers.0.quantity must be at least 1');
    expectValidation(await order([{ modifier_id: milk.cow, quantity: 1, price: '-1' }], '20'), 'items.1.modifiers.0.price must not be negative');
    const after = await server.database.db.selectFrom('orders').select('id').where('business_id', '=', shop.businessId).execute();
    expect(after.length).toBe(before.length);
  });

  it('updates an open order’s lines with their modifiers: the same lines again change nothing, other modifiers re-price the line', async () => {
    const lines = (modifiers: unknown[], subtotal: string) => [line(world.coffee, '1', '20', subtotal, { modifiers } as never)];
    const created = await create(orderBody(world, lines([mod(milk.cow, '0')], '20'), { subtotal: '20', total_sum: '20' }, { is_closed: false }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const update = (body: unknown) => request('POST', `/api/v1/orders/update/${created.body.id}`, body);
    const before = (await request('GET', `/api/v1/orders/${created.body.id}`)).body.items[0];
    const same = await update({ items: lines([mod(milk.cow, '0')], '20'), subtotal: '20', total_sum: '20' });
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    expect((await request('GET', `/api/v1/orders/${created.body.id}`)).body.items[0]).toMatchObject({ id: before.id, dt_updated: before.dt_updated });
    const changed = await update({ items: lines([mod(milk.oat, '5'), mod(extras.shot, '4')], '29'), subtotal: '29', total_sum: '29' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(201);
    const after = (await request('GET', `/api/v1/orders/${created.body.id}`)).body;
    expect(after).toMatchObject({ subtotal: '29', total_sum: '29', items: [{ subtotal: '29', modifiers: [{ modifier_id: milk.oat }, { modifier_id: extras.shot }] }] });
    expectValidation(await update({ items: lines([], '20'), subtotal: '20', total_sum: '20' }), 'items.0.modifiers must choose at least 1 of "Milk"');
  });

  it('does not hold a line sent without modifiers (a reference client) to the rules', async () => {
    const response = await create(orderBody(world, [line(world.coffee, '1', '20', '20')], { subtotal: '20', total_sum: '20' }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await request('GET', `/api/v1/orders/${response.body.id}`)).body.items[0].modifiers).toBeNull();
  });

  it('applies a till’s queued sale whose modifiers broke rules changed meanwhile, with a MODIFIER_RULES warning', async () => {
    const till = await enrollTerminal(server, shop, world.workplace);
    const employeeId = (await cashierToken(server, shop, { workplaceId: world.workplace })).id;
    // Rung up with no milk while Milk was optional; the office has made it required since.
    const args = orderBody(world, [line(world.coffee, '1', '20', '24', { modifiers: [mod(extras.shot, '4')] } as never)], { subtotal: '24', total_sum: '24' }, { guid: uuidv7() });
    const response = await server.request('POST', '/api/v1/sync/push', {
      token: till.token,
      body: {
        protocolVersion: PROTOCOL_VERSION,
        terminalId: till.terminalId,
        epoch: till.epoch,
        mutations: [{ seq: 1, mutationId: uuidv7(), name: 'OrderController_create', v: 1, occurredAt: new Date().toISOString(), actor: { employeeId }, args }],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.results[0], JSON.stringify(response.body.results)).toMatchObject({
      status: 'applied',
      result: {
        warnings: expect.arrayContaining([{ code: 'MODIFIER_RULES', itemId: world.coffee, problem: 'items.0.modifiers must choose at least 1 of "Milk"' }]),
      },
    });
  });

  it('holds a sale only to the groups of its own point and the business-wide ones, as its till offers them', async () => {
    const kiosk = (await request('POST', `${GROUPS}/create`, catalogueBody({ type: 'MODIFIER_GROUP', name: 'Kiosk cups', price: '0', is_required: true, id_automated_point: world.barePoint }))).body.id as string;
    const made = await request('POST', '/api/v1/item-modifier/modifiers/create', catalogueBody({ type: 'MODIFIER', name: 'Paper cup', price: '1', group_id: kiosk, item_id: world.coffee, id_automated_point: world.barePoint }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const here = await create(orderBody(world, [line(world.coffee, '1', '20', '20', { modifiers: [mod(milk.cow, '0')] } as never)], { subtotal: '20', total_sum: '20' }));
    expect(here.status, JSON.stringify(here.body)).toBe(201);
    const atKiosk = await create(
      orderBody(world, [line(world.coffee, '1', '20', '20', { modifiers: [mod(milk.cow, '0')] } as never)], { subtotal: '20', total_sum: '20' }, { automated_point_id: world.barePoint, workplace_id: world.bareWorkplace }),
    );
    expectValidation(atKiosk, 'items.0.modifiers must choose at least 1 of "Kiosk cups"');
  });
});
