/**
 * Facts made offline that break a rule are kept and said (issue 14, items 2 and 3). During an outage this till
 * sells the last 3 units of an item and one pack of biscuits; meanwhile another till sells the same last 3 units and
 * reaches the service first, and the back office deletes the biscuits. When this till is back, both of its sales
 * are applied — nothing in the needs-attention inbox — and its warnings screen says, in words and in each language,
 * that stock went to −3 and that the biscuits had been deleted. The back office lists the same warnings in its log.
 *
 * The terminal has no sales screen yet: the sales are made through the terminal core, exactly as a sales screen
 * would (`invoke`, as the signed-in cashier); everything the cashier sees afterwards is on screen.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, startWorld, type World } from './harness.js';
import { seedShop, signIn, type Shop } from './shop.js';

describe('warnings of offline sales, end to end', () => {
  let world: World;
  let shop: Shop;
  let cash: string;
  let point: string;
  let lastCola: string;
  let biscuits: string;

  const as = () => ({ token: shop.token });

  /** An item with `quantity` in stock on the shop floor. */
  const stocked = async (name: string, quantity: string) => {
    const id = (await must(world.service, 'POST', '/item-modifier/items/create', { ...as(), body: { name, measurement: 'pcs', price: '5000', type: 'ITEM' } })).id;
    await must(world.service, 'POST', '/stock-quantity/create', {
      ...as(),
      body: { itemId: id, warehouseId: shop.warehouse, measureId: shop.measure, stock_quantity: quantity, price: '5000', dateFrom: '2026-01-01' },
    });
    return id as string;
  };
  const saleBody = (itemId: string, quantity: number) => ({
    order_id: `e2e-${randomUUID()}`,
    automated_point_id: point,
    workplace_id: shop.workplace,
    items: [{ item_id: itemId, quantity: String(quantity), price: '5000', subtotal: String(5000 * quantity) }],
    subtotal: String(5000 * quantity),
    total_sum: String(5000 * quantity),
    payments: [{ payment_type_id: cash, paid_sum: String(5000 * quantity) }],
  });

  beforeAll(async () => {
    world = await startWorld('warnings');
    shop = await seedShop(world.service);
    cash = (await must(world.service, 'POST', '/payment-methods/create', { ...as(), body: { name: 'Naqd', kind: 'CASH' } })).id;
    lastCola = await stocked('Cola 1.5 L', '3');
    biscuits = await stocked('Yubileynoe biscuits', '10');
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { ...as(), body: { workplaceId: shop.workplace } });
    const enrolled = (await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (warnings)' })) as {
      pointId: string;
    };
    point = enrolled.pointId;
    await signIn(world.page, world.terminal.host.url);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('applies both offline sales and shows their warnings at the till that made them, in every language, and in the back office’s log', async () => {
    const { page } = world;
    await world.stopService();
    // The cashier sells the last 3 colas and a pack of biscuits while the service is down.
    await world.terminal.core.invoke('OrderController_create', { body: saleBody(lastCola, 3) });
    await world.terminal.core.invoke('OrderController_create', { body: saleBody(biscuits, 1) });

    // While this till is off, another till's sale of the same last 3 colas arrives first, and the office deletes
    // the biscuits.
    await world.stopTerminal();
    await world.startServiceAgain();
    const other = await must(world.service, 'POST', '/sync/enroll', {
      body: { code: (await must(world.service, 'POST', '/sync/enrollment-codes', { ...as(), body: { workplaceId: shop.workplace } })).code, name: 'Till 2' },
    });
    const pushed = await must(world.service, 'POST', '/sync/push', {
      token: other.accessToken,
      body: {
        protocolVersion: 1,
        terminalId: other.terminalId,
        epoch: 'e-till-2',
        mutations: [
          {
            seq: 1,
            mutationId: randomUUID(),
            name: 'OrderController_create',
            v: 1,
            occurredAt: new Date().toISOString(),
            actor: { employeeId: shop.employee },
            args: saleBody(lastCola, 3),
          },
        ],
      },
    });
    expect(pushed.results[0]).toMatchObject({ status: 'applied', result: { warnings: [] } });
    await must(world.service, 'DELETE', `/item-modifier/items/delete/${biscuits}`, as());

    // This till comes back and sends its sales by itself: both are applied, none needs attention.
    await signIn(page, await world.startTerminalAgain());
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 60_000 }).toBe('All sent');
    // The sync bar counts them, on every screen, and leads to them.
    await expect.poll(() => page.getByTestId('sync-warnings').textContent(), { timeout: 30_000 }).toBe('2 warnings');
    await world.shot('warnings-sync-bar');
    await page.getByTestId('sync-warnings').click();
    const warnings = page.getByTestId('warning-entry');
    await expect.poll(() => warnings.count(), { timeout: 30_000 }).toBe(2);
    const text = (await page.getByRole('region', { name: 'Warnings' }).textContent()) ?? '';
    expect(text).toContain('Stock of Cola 1.5 L in Shop floor went below zero: −3.');
    expect(text).toContain('Yubileynoe biscuits had been deleted in the back office; recorded all the same.');
    await page.getByText('Nothing needs attention.').waitFor();
    await world.shot('warnings-en');
    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await page.getByText('Остаток Cola 1.5 L на складе Shop floor ушёл в минус: −3.').waitFor();
    await world.shot('warnings-ru');
    await page.getByRole('button', { name: 'UZ', exact: true }).click();
    await page.getByText('Shop floor omboridagi Cola 1.5 L qoldig‘i noldan pastga tushdi: −3.').waitFor();
    await world.shot('warnings-uz');
    await page.getByRole('button', { name: 'EN', exact: true }).click();

    // The service holds all three sales (stock at −3 and 9) and the back office's log names both warnings.
    const levels = (await must(world.service, 'GET', '/stock-quantity/all', as())) as { itemId?: string; item_id?: string; stock_quantity: string }[];
    const level = (itemId: string) => levels.find((row) => (row.itemId ?? row.item_id) === itemId)?.stock_quantity;
    expect(level(lastCola)).toBe('-3');
    const logged = (await must(world.service, 'GET', '/logs/all?type=WARNING', as())) as { action: string; details: string }[];
    expect(logged.map((entry) => entry.action).sort()).toEqual(['DELETED_REFERENCE', 'STOCK_BELOW_ZERO']);
    expect(logged.every((entry) => JSON.parse(entry.details).terminalId !== other.terminalId)).toBe(true);

    // Seen: the cashier dismisses them one operation at a time.
    await warnings.first().getByRole('button', { name: 'Seen' }).click();
    await expect.poll(() => warnings.count()).toBe(1);
    await warnings.first().getByRole('button', { name: 'Seen' }).click();
    await expect.poll(() => warnings.count()).toBe(0);
    await expect.poll(() => page.getByTestId('sync-warnings').count()).toBe(0);
    await world.shot('warnings-dismissed');
    // The open tab retried its connection while the terminal process was stopped, and asked whether its secret was
    // still this run's (renderer/bridge.ts), finding nobody there either; nothing else may go wrong.
    const expected = (problem: string) =>
      /WebSocket connection .*ERR_CONNECTION_REFUSED/.test(problem) || (problem.includes('/rpc-secret') && problem.includes('ERR_CONNECTION_REFUSED'));
    expect(world.pageProblems.filter((problem) => !expected(problem))).toEqual([]);
  });
});
