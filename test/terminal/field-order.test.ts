/**
 * At the till: a descriptive edit made offline is shown at once, and after sync the till holds what the service
 * decided — the newer of its edit and the office's, whichever arrived first (docs/sync.md, "Descriptive edits:
 * the newer edit wins").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import type { Tenant, TestServer } from '../helpers/server.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem } from '../helpers/terminals.js';

describe.each(await testEngines())('descriptive edits at the till converge on the newer one, against a %s service', (engine) => {
  let service: TillService;
  let server: TestServer;
  let shop: Tenant;
  let cashier: string;

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['CATALOGUE'] });
    ({ server, shop, cashier } = service);
  });
  afterAll(() => service.close());

  /** A new till: its own store, enrolled at till 1 and bootstrapped. */
  const till = () => service.till();
  const officeRename = async (id: string, name: string) => {
    const response = await server.request('PATCH', `/api/v1/item-modifier/items/update/${id}`, { token: shop.token, body: { name } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const names = async (terminal: Terminal, id: string) => {
    const local = await terminal.store.db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    const central = await server.database.db.selectFrom('items').select('name').where('business_id', '=', shop.businessId).where('id', '=', id).executeTakeFirstOrThrow();
    return { till: local.name, service: central.name };
  };
  const rename = (terminal: Terminal, id: string, name: string) => terminal.run('ItemModifierController_updateItem', { params: { id }, body: { name } }, cashier);

  it('shows the till’s offline rename at once, then the office’s newer rename on the till and the service after sync', async () => {
    const id = await createItem(server, shop, 'Tea');
    const terminal = await till();
    await rename(terminal, id, 'Tea (till, earlier)');
    expect((await names(terminal, id)).till).toBe('Tea (till, earlier)');
    await officeRename(id, 'Tea (office, later)');

    await terminal.sync();

    expect(await names(terminal, id)).toEqual({ till: 'Tea (office, later)', service: 'Tea (office, later)' });
    expect(await terminal.inbox()).toEqual([]);
  });

  it('keeps the till’s rename on both when it was made after the office’s, which it had not heard of', async () => {
    const id = await createItem(server, shop, 'Coffee');
    const terminal = await till();
    await officeRename(id, 'Coffee (office, earlier)');
    await rename(terminal, id, 'Coffee (till, later)');

    await terminal.sync();

    expect(await names(terminal, id)).toEqual({ till: 'Coffee (till, later)', service: 'Coffee (till, later)' });
  });
});
