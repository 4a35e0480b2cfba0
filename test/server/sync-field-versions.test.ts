/**
 * Descriptive edits are ordered by when they were made, not by when they arrived (docs/sync.md, "Descriptive
 * edits: the newer edit wins"): each field takes an edit only if it is newer than the field's current version,
 * ties broken by terminal id, so every arrival order ends with the same record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { createItem, enrollTerminal, shopWorld, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

const PUSH = '/api/v1/sync/push';
const MINUTE = 60_000;

describe.each(await testEngines())('descriptive edits ordered by their clock on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let cashier: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, rights: ['CATALOGUE'] })).id;
  });
  afterAll(() => server.close());

  const seqs = new Map<string, number>();
  /** A till's queued edit of an item, made `minutesAgo` minutes before now. */
  const edit = (till: EnrolledTerminal, itemId: string, body: Record<string, unknown>, occurredAt: string) => {
    // A queue is one (terminal, epoch): a till restored from a copy numbers its new epoch from 1.
    const queue = `${till.terminalId}/${till.epoch}`;
    const seq = (seqs.get(queue) ?? 0) + 1;
    seqs.set(queue, seq);
    return {
      seq,
      mutationId: uuidv7(),
      name: 'ItemModifierController_updateItem',
      v: 1,
      occurredAt,
      actor: { employeeId: cashier },
      params: { id: itemId },
      args: body,
    };
  };
  const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
  const push = async (till: EnrolledTerminal, mutations: unknown[]) => {
    const response = await server.request('POST', PUSH, {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const results = response.body.results as { status: string }[];
    expect(results.map((result) => result.status)).toEqual(mutations.map(() => 'applied'));
  };
  const officeEdit = async (itemId: string, body: Record<string, unknown>) => {
    const response = await server.request('PATCH', `/api/v1/item-modifier/items/update/${itemId}`, { token: shop.token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const item = async (itemId: string) =>
    server.database.db.selectFrom('items').select(['name', 'price', 'description']).where('business_id', '=', shop.businessId).where('id', '=', itemId).executeTakeFirstOrThrow();
  const till = () => enrollTerminal(server, shop, world.workplace1);

  it('keeps the office’s 10:00 rename when a till offline since 9:00 syncs its 9:30 rename at 11:00', async () => {
    const id = await createItem(server, shop, 'Cola');
    const offline = await till();
    const stale = edit(offline, id, { name: 'Cola (till)' }, ago(30));
    await officeEdit(id, { name: 'Cola 1L (office)' });

    await push(offline, [stale]);

    expect((await item(id)).name).toBe('Cola 1L (office)');
  });

  it('ends with the office’s rename too when the till’s older rename arrives first', async () => {
    const id = await createItem(server, shop, 'Fanta');
    const early = await till();
    await push(early, [edit(early, id, { name: 'Fanta (till)' }, ago(30))]);
    expect((await item(id)).name).toBe('Fanta (till)');

    await officeEdit(id, { name: 'Fanta 1L (office)' });

    expect((await item(id)).name).toBe('Fanta 1L (office)');
  });

  it('orders two tills’ edits of one field by when they were made, and keeps both tills’ edits of different fields', async () => {
    const id = await createItem(server, shop, 'Sprite', '10');
    const [first, second] = [await till(), await till()];
    // The second till renamed later but syncs first; the first till's older rename also changed the price.
    await push(second, [edit(second, id, { name: 'Sprite (second, 9:40)' }, ago(20))]);
    await push(first, [edit(first, id, { name: 'Sprite (first, 9:30)', price: '12' }, ago(30))]);

    const stored = await item(id);
    expect(stored.name).toBe('Sprite (second, 9:40)');
    expect(BigInt(stored.price)).toBe(1200n);
  });

  it('breaks a tie between two tills’ edits made in the same millisecond by terminal id, in either arrival order', async () => {
    const at = ago(10);
    const outcomes: string[] = [];
    for (const order of ['forward', 'backward'] as const) {
      const id = await createItem(server, shop, `Tie ${order}`);
      const tills = [await till(), await till()];
      const edits = tills.map((one) => ({ one, operation: edit(one, id, { name: `by ${one.terminalId}` }, at) }));
      for (const { one, operation } of order === 'forward' ? edits : [...edits].reverse()) await push(one, [operation]);
      const larger = [...tills].sort((a, b) => (a.terminalId < b.terminalId ? 1 : -1))[0]!;
      expect((await item(id)).name).toBe(`by ${larger.terminalId}`);
      outcomes.push(order);
    }
    expect(outcomes).toEqual(['forward', 'backward']);
  });

  it('lets a till’s edit made after the office’s win, wherever it comes from', async () => {
    const id = await createItem(server, shop, 'Water');
    await officeEdit(id, { name: 'Water (office)', description: 'Still' });
    const later = await till();

    await push(later, [edit(later, id, { name: 'Water (till, later)' }, new Date(Date.now() + 1000).toISOString())]);

    const stored = await item(id);
    expect(stored.name).toBe('Water (till, later)');
    expect(stored.description).toBe('Still');
  });

  it('lets a restored till’s later edit win over its own earlier one, though the copy’s clock is behind that edit', async () => {
    // The sim's seed 303 (issue 19): the till's clock runs behind, so its stamps are the last service time it saw.
    // After a copy of its database was taken it saw a later one and edited (applied here); put back from the copy,
    // its clock resumes the copy's time, and its next edit carries a stamp older than its own applied one.
    const id = await createItem(server, shop, 'Juice');
    const before = await till();
    await push(before, [edit(before, id, { name: 'Juice (after the copy)' }, ago(0.05))]);
    const restored = { ...before, epoch: `${before.epoch}-restored` };

    await push(restored, [edit(restored, id, { name: 'Juice (after the restore)', description: 'Fresh' }, ago(0.1))]);

    const stored = await item(id);
    expect(stored.name).toBe('Juice (after the restore)');
    expect(stored.description).toBe('Fresh');
    // Its stamp was raised to its own newest, not beyond: another till's edit made after that still wins.
    const other = await till();
    await push(other, [edit(other, id, { name: 'Juice (other till, later)' }, new Date(Date.now() + 1000).toISOString())]);
    expect((await item(id)).name).toBe('Juice (other till, later)');
  });

  it('caps a till’s edit made with its clock two years ahead at its arrival, so later office and till edits win', async () => {
    const id = await createItem(server, shop, 'Ayran');
    const ahead = await till();
    const twoYearsAhead = new Date(Date.now() + 2 * 365 * 24 * 60 * MINUTE).toISOString();
    await push(ahead, [edit(ahead, id, { name: 'Ayran (clock ahead)', description: 'Cold' }, twoYearsAhead)]);
    expect((await item(id)).name).toBe('Ayran (clock ahead)');

    await officeEdit(id, { name: 'Ayran (office, later)' });
    expect((await item(id)).name).toBe('Ayran (office, later)');

    // Another till, its clock right, renames it after the office did: it wins too.
    const right = await till();
    await push(right, [edit(right, id, { description: 'Chilled (till, later)' }, new Date(Date.now() + 1000).toISOString())]);
    expect(await item(id)).toMatchObject({ name: 'Ayran (office, later)', description: 'Chilled (till, later)' });
  });

  it('lets the same till’s later edit, made once its clock was put right, win over its own edit made while ahead', async () => {
    const id = await createItem(server, shop, 'Kefir');
    const fixed = await till();
    const twoYearsAhead = new Date(Date.now() + 2 * 365 * 24 * 60 * MINUTE).toISOString();
    await push(fixed, [edit(fixed, id, { name: 'Kefir (clock ahead)' }, twoYearsAhead)]);
    await officeEdit(id, { name: 'Kefir (office)' });

    await push(fixed, [edit(fixed, id, { name: 'Kefir (till, clock right)' }, new Date(Date.now() + 1000).toISOString())]);

    expect((await item(id)).name).toBe('Kefir (till, clock right)');
  });
});
