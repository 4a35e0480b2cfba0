/**
 * Two service instances on one PostgreSQL database (issue 19, "Several instances"): what one instance counts,
 * locks, revokes or is told reaches the other, because it goes through the database, not the process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { uuidv7 } from '../../shared/ids.js';
import { hashSecret, PIN_COST } from '../../app/security/secret-hash.js';
import { testEngines } from '../helpers/databases.js';
import { closeInstances, startInstances } from '../helpers/instances.js';
import { registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';
import { expectErrorBody } from '../helpers/checks.js';
import { connectChat, listen, nextEvent, pause, request } from '../helpers/chat.js';
import { createItem, enrollTerminal, shopWorld } from '../helpers/terminals.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';

const postgres = (await testEngines()).includes('postgres');

describe.skipIf(!postgres)('rate limits and lockouts across two instances on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    [a, b] = (await startInstances(2, { rateLimits: { loginPerMinute: 4, registrationsPerHour: 1_000 } })) as [
      TestServer,
      TestServer,
    ];
  });
  afterAll(() => closeInstances([a, b]));

  it('counts login attempts spread over both instances together: the fifth is 429 whichever instance it reaches', async () => {
    const guess = (server: TestServer, attempt: number) =>
      server.request('POST', '/api/v1/auth/login', { body: { login: 'nobody-here', password: `wrong-${attempt}` } });
    expect((await guess(a, 1)).status).toBe(401);
    expect((await guess(b, 2)).status).toBe(401);
    expect((await guess(a, 3)).status).toBe(401);
    expect((await guess(b, 4)).status).toBe(401);
    expectErrorBody(await guess(a, 5), 429);
    expectErrorBody(await guess(b, 6), 429);
  });

  it('allows exactly the limit when many attempts race on both instances at once (one upsert per hit, no lost count)', async () => {
    const login = (server: TestServer, attempt: number) =>
      server.request('POST', '/api/v1/admin/login', { body: { login: `root-${attempt % 3}`, password: 'guess' } });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, attempt) => login(attempt % 2 === 0 ? a : b, attempt)));
    // Per address: 4 a minute, whichever instance and account.
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20);
  });
});

describe.skipIf(!postgres)('PIN lockout and revocation across two instances on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let shop: Tenant;
  let pointId: string;

  beforeAll(async () => {
    [a, b] = (await startInstances(2)) as [TestServer, TestServer];
    shop = await registerTenant(a, 'several');
    pointId = await insertPoint(a, shop);
  });
  afterAll(() => closeInstances([a, b]));

  it('a workplace locked by wrong PINs on one instance refuses even the right PIN on the other', async () => {
    const workplaceId = await insertWorkplace(a, shop, pointId, 'Till shared');
    const now = new Date().toISOString();
    await a.database.db
      .insertInto('employees')
      .values({
        business_id: shop.businessId,
        id: uuidv7(),
        full_name: 'Shared cashier',
        guid: null,
        role_id: '0',
        pin_hash: await hashSecret('2468', PIN_COST),
        employee_address: null,
        workplace_id: workplaceId,
        telegram_id: null,
        phone_number: null,
        notes: null,
        email: null,
        is_deleted: 0,
        dt_created: now,
        dt_updated: now,
      })
      .execute();
    const pinLogin = (server: TestServer, pincode: string) =>
      server.request('POST', '/api/v1/auth/pos/login', { token: shop.token, body: { workplaceId, pincode } });
    for (let attempt = 0; attempt < 5; attempt += 1) expectErrorBody(await pinLogin(a, '0000'), 401, 'Invalid pincode');
    const locked = await pinLogin(b, '2468');
    expectErrorBody(locked, 429, /try again in \d+ seconds/);
  });

  it('an employee deleted through one instance is refused by the other within the principal cache bound (5 s)', async () => {
    const cashier = await cashierToken(a, shop);
    const read = (server: TestServer) => server.request('GET', '/api/v1/payment-methods/all', { token: cashier.token });
    // B has the cashier in its cache now: only time (the stated bound) can end it there.
    expect((await read(b)).status).toBe(200);
    expect((await a.request('DELETE', `/api/v1/employee/delete/${cashier.id}`, { token: shop.token })).status).toBe(200);
    const deletedAt = Date.now();
    expectErrorBody(await read(a), 401);
    let refusedAfter: number | null = null;
    while (Date.now() - deletedAt < 8_000) {
      if ((await read(b)).status === 401) {
        refusedAfter = Date.now() - deletedAt;
        break;
      }
      await pause(100);
    }
    expect(refusedAfter).not.toBeNull();
    expect(refusedAfter!).toBeLessThanOrEqual(5_000 + 300);
  });
});

describe.skipIf(!postgres)('the staff chat across two instances on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let urlA: string;
  let urlB: string;
  let shop: Tenant;
  const open: Socket[] = [];

  beforeAll(async () => {
    [a, b] = (await startInstances(2)) as [TestServer, TestServer];
    [urlA, urlB] = [await listen(a), await listen(b)];
    shop = await registerTenant(a, 'chat-several');
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => closeInstances([a, b]));

  const connect = async (url: string, token: string) => {
    const socket = await connectChat(url, { token });
    open.push(socket);
    return socket;
  };

  it('a message sent through one instance arrives at a member connected to the other, and not at a non-member', async () => {
    const [alice, bob, carol] = await Promise.all([cashierToken(a, shop), cashierToken(a, shop), cashierToken(a, shop)]);
    const created = await a.request('POST', '/api/v1/natural-chat/session', {
      token: alice.token,
      body: { chatType: 'GROUP', employeeIds: [bob.id] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sessionId = created.body.id as string;
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([
      connect(urlA, alice.token),
      connect(urlB, bob.token),
      connect(urlB, carol.token),
    ]);
    expect((await request(bobSocket, 'joinSession', { sessionId })).ok).toBe(true);
    expect((await request(carolSocket, 'joinSession', { sessionId })).ok).toBe(false);
    const arrives = nextEvent(bobSocket, 'newMessage', 5_000);
    const strayed = nextEvent(carolSocket, 'newMessage', 1_500).then(
      () => true,
      () => false,
    );

    const ack = await request(aliceSocket, 'sendMessage', { sessionId, message: 'Across instances' });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    expect(await arrives).toEqual(ack.data);
    expect(await strayed).toBe(false);
  });

  it('a long message (past the 8,000-byte NOTIFY payload) crosses instances too', async () => {
    const [alice, bob] = await Promise.all([cashierToken(a, shop), cashierToken(a, shop)]);
    const created = await b.request('POST', '/api/v1/natural-chat/session', {
      token: alice.token,
      body: { chatType: 'GROUP', employeeIds: [bob.id] },
    });
    const sessionId = created.body.id as string;
    const [aliceSocket, bobSocket] = await Promise.all([connect(urlB, alice.token), connect(urlA, bob.token)]);
    expect((await request(bobSocket, 'joinSession', { sessionId })).ok).toBe(true);
    const arrives = nextEvent(bobSocket, 'newMessage', 5_000);
    // 2,000 characters (the most a message may hold) that JSON writes as six bytes each: 12,000 bytes, so the
    // adapter passes the packet through its attachments table (migration 0030) instead of the NOTIFY payload.
    const long = '\u0001'.repeat(2_000);
    expect(Buffer.byteLength(JSON.stringify(long))).toBeGreaterThan(8_000);
    const ack = await request(aliceSocket, 'sendMessage', { sessionId, message: long });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    expect((await arrives).message).toBe(long);
    const attachments = await a.database.db
      .selectFrom('socket_io_attachments' as never)
      .select(sql`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number((attachments as { n: unknown }).n)).toBeGreaterThan(0);
  });
});
describe.skipIf(!postgres)('descriptive edits through two instances on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    [a, b] = (await startInstances(2)) as [TestServer, TestServer];
  });
  afterAll(() => closeInstances([a, b]));

  it('a restored till’s later edit, through the other instance, wins over its own earlier one stamped after the copy', async () => {
    // The sim's seed 303 (issue 19): a till with its clock behind stamps what it does with the last service time it
    // saw; its edit made after a copy of its database carries a later one than the copy's clock, which it resumes
    // from when the copy is put back. Its next edit, made later, reaches the other instance with an older stamp.
    const shop = await registerTenant(a, 'restored');
    const world = await shopWorld(a, shop);
    const cashier = await cashierToken(a, shop, { workplaceId: world.workplace1, rights: ['CATALOGUE'] });
    const id = await createItem(a, shop, 'Juice');
    const till = await enrollTerminal(a, shop, world.workplace1);
    const push = async (server: TestServer, epoch: string, searchName: string, occurredAt: string) => {
      const mutation = {
        seq: 1,
        mutationId: uuidv7(),
        name: 'ItemModifierController_updateItem',
        v: 1,
        occurredAt,
        actor: { employeeId: cashier.id },
        params: { id },
        args: { search_name: searchName },
      };
      const response = await server.request('POST', '/api/v1/sync/push', {
        token: till.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch, mutations: [mutation] },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect((response.body.results as { status: string }[]).map((result) => result.status)).toEqual(['applied']);
    };
    const copyClock = Date.now() - 5_000;

    await push(a, till.epoch, 'juice after the copy', new Date(copyClock + 3_000).toISOString());
    await push(b, `${till.epoch}-restored`, 'juice after the restore', new Date(copyClock).toISOString());

    const stored = await b.database.db.selectFrom('items').select('search_name').where('business_id', '=', shop.businessId).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.search_name).toBe('juice after the restore');
  });
});

describe.skipIf(!postgres)('one of two instances shutting down on PostgreSQL', () => {
  it('closes its own chat sockets and leaves those of the other instance connected', async () => {
    const [a, b] = (await startInstances(2)) as [TestServer, TestServer];
    try {
      const [urlA, urlB] = [await listen(a), await listen(b)];
      const shop = await registerTenant(a, 'closing');
      const [onA, onB] = [await connectChat(urlA, { token: shop.token }), await connectChat(urlB, { token: shop.token })];
      const leftA = nextEvent(onA, 'disconnect', 2_000).then(
        () => true,
        () => false,
      );
      const leftB = nextEvent(onB, 'disconnect', 5_000);
      await b.close();
      expect(await leftB).toBe('io server disconnect');
      expect(await leftA).toBe(false);
      expect(onA.connected).toBe(true);
      onA.close();
      onB.close();
    } finally {
      await a.close();
    }
  });
});
