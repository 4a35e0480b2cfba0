import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { connectChat, listen, nextEvent, pause, postgresConnections, recordEvents, refusal, request, SERVICE_CONNECTIONS_BOUND } from '../helpers/chat.js';

const API = '/api/v1/natural-chat';

describe.each(await testEngines())('natural chat over Socket.IO on %s', (engine) => {
  let server: TestServer;
  let baseUrl: string;
  let shop: Tenant;
  let rival: Tenant;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let carol: { id: string; token: string };
  let stranger: { id: string; token: string };
  const open: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    baseUrl = await listen(server);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    [alice, bob, carol, stranger] = await Promise.all([
      cashierToken(server, shop),
      cashierToken(server, shop),
      cashierToken(server, shop),
      cashierToken(server, rival),
    ]);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  const connect = async (token: string, via: 'auth' | 'header' = 'auth') => {
    const socket = await connectChat(baseUrl, { token, via });
    open.push(socket);
    return socket;
  };
  const createChat = async (token: string, employeeIds: string[]) => {
    const response = await server.request('POST', `${API}/session`, { token, body: { chatType: 'GROUP', employeeIds } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const storedMessages = (sessionId: string) =>
    server.database.db.selectFrom('natural_chat_messages').selectAll().where('session_id', '=', sessionId).execute();

  it('accepts the REST token as auth.token or as an Authorization header, and refuses a connection without a valid one', async () => {
    expect((await connect(alice.token)).connected).toBe(true);
    expect((await connect(alice.token, 'header')).connected).toBe(true);
    expect(await refusal(baseUrl, {})).toBe('Unauthorized');
    expect(await refusal(baseUrl, { token: 'not-a-jwt' })).toBe('Unauthorized');
    expect(await refusal(baseUrl, { token: shop.token.slice(0, -4) + 'AAAA' })).toBe('Unauthorized');
  });

  it('stores a member’s message with its audit entry, then sends newMessage to every socket that joined the chat', async () => {
    const sessionId = await createChat(alice.token, [bob.id, shop.userId]);
    const [aliceSocket, bobSocket, ownerSocket] = await Promise.all([connect(alice.token), connect(bob.token), connect(shop.token)]);
    expect(await request(bobSocket, 'joinSession', { sessionId })).toEqual({ ok: true, data: { sessionId } });
    expect((await request(ownerSocket, 'joinSession', { sessionId })).ok).toBe(true);
    const received = [nextEvent(bobSocket, 'newMessage'), nextEvent(ownerSocket, 'newMessage')];

    const ack = await request(aliceSocket, 'sendMessage', { sessionId, message: 'Salom!' });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    const message = ack.data;
    expect(Object.keys(message).sort()).toEqual(['dt_created', 'dt_updated', 'employee_id', 'id', 'is_deleted', 'message', 'session_id']);
    expect(message).toMatchObject({ employee_id: alice.id, message: 'Salom!', session_id: sessionId, is_deleted: false });
    expect(await Promise.all(received)).toEqual([message, message]);

    expect((await storedMessages(sessionId)).map((row) => [row.business_id, row.employee_id, row.message])).toEqual([
      [shop.businessId, alice.id, 'Salom!'],
    ]);
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .where('details', 'like', `%${message.id}%`)
      .execute();
    expect(audit.map(({ action, user_id }) => ({ action, user_id }))).toEqual([{ action: 'CREATE_NATURAL_CHAT_MESSAGE', user_id: alice.id }]);
    // Who wrote what when, but not the text: owners and admins read the audit trail, the chat is its members'.
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ id: message.id, session_id: sessionId, employee_id: alice.id, length: 6 });
    expect(audit[0]?.details).not.toContain('Salom');
    const history = await server.request('GET', `${API}/history/${sessionId}`, { token: bob.token });
    expect(history.body).toEqual([message]);
  });

  it('S11: refuses a colleague who is not a participant, on join and on send, with an exception event and an ack', async () => {
    const sessionId = await createChat(alice.token, [bob.id]);
    const [bobSocket, carolSocket] = await Promise.all([connect(bob.token), connect(carol.token)]);
    await request(bobSocket, 'joinSession', { sessionId });
    const bobHears = recordEvents(bobSocket, 'newMessage');
    const carolHears = recordEvents(carolSocket, 'newMessage');

    const exception = nextEvent(carolSocket, 'exception');
    expect(await request(carolSocket, 'joinSession', { sessionId })).toEqual({ ok: false, statusCode: 404, message: 'Session not found' });
    expect(await exception).toEqual({ status: 'error', event: 'joinSession', statusCode: 404, message: 'Session not found' });
    expect(await request(carolSocket, 'sendMessage', { sessionId, message: 'let me in' })).toMatchObject({ ok: false, statusCode: 404 });

    // A member's message still reaches members only: the refused join put Carol in no room.
    await request(bobSocket, 'sendMessage', { sessionId, message: 'members only' });
    await pause(100);
    expect(bobHears.map((message) => message.message)).toEqual(['members only']);
    expect(carolHears).toEqual([]);
    expect((await storedMessages(sessionId)).map((row) => row.message)).toEqual(['members only']);
  });

  it('S11: keeps businesses apart: another business’s chat cannot be joined or written to, even by its id', async () => {
    const sessionId = await createChat(alice.token, [bob.id]);
    const [strangerSocket, rivalOwner] = await Promise.all([connect(stranger.token), connect(rival.token)]);
    for (const socket of [strangerSocket, rivalOwner]) {
      expect(await request(socket, 'joinSession', { sessionId })).toMatchObject({ ok: false, statusCode: 404 });
      expect(await request(socket, 'sendMessage', { sessionId, message: 'hello from outside' })).toMatchObject({ ok: false, statusCode: 404 });
    }
    expect(await storedMessages(sessionId)).toEqual([]);
    // A chat of the other business is a room of its own, even under a colliding name.
    const theirs = await createChat(stranger.token, []);
    const bobSocket = await connect(bob.token);
    expect(await request(bobSocket, 'joinSession', { sessionId: theirs })).toMatchObject({ ok: false, statusCode: 404 });
  });

  it('ignores unknown fields in event payloads, which the reference never validated', async () => {
    const sessionId = await createChat(alice.token, []);
    const socket = await connect(alice.token);
    expect(await request(socket, 'joinSession', { sessionId, zzz: 1 })).toMatchObject({ ok: true });
    expect(await request(socket, 'sendMessage', { sessionId, message: 'hi', zzz: 1, attachments: [] })).toMatchObject({ ok: true });
    expect((await storedMessages(sessionId)).map((row: { message: string }) => row.message)).toEqual(['hi']);
  });

  it('rejects invalid payloads with a line naming the field, and stores nothing', async () => {
    const sessionId = await createChat(alice.token, []);
    const socket = await connect(alice.token);
    expect(await request(socket, 'sendMessage', { sessionId })).toEqual({ ok: false, statusCode: 400, message: ['message is required'] });
    expect(await request(socket, 'sendMessage', { sessionId, message: '' })).toMatchObject({ statusCode: 400, message: ['message should not be empty'] });
    expect(await request(socket, 'sendMessage', { sessionId, message: 'x'.repeat(2001) })).toMatchObject({ statusCode: 400 });
    expect(await request(socket, 'sendMessage', { message: 'hi', zzz: 1 })).toMatchObject({ statusCode: 400, message: ['sessionId is required'] });
    expect(await request(socket, 'sendMessage', 'hi')).toMatchObject({ statusCode: 400, message: ['must be an object'] });
    expect(await request(socket, 'joinSession', { sessionId: 12 })).toMatchObject({ statusCode: 400, message: ['sessionId must be a string'] });
    expect(await storedMessages(sessionId)).toEqual([]);
  });

  it(
    'S11: a deleted employee’s open socket can no longer send once the principal check expires, and is disconnected',
    async () => {
      const dave = await cashierToken(server, shop);
      const sessionId = await createChat(alice.token, [dave.id]);
      const [aliceSocket, daveSocket] = await Promise.all([connect(alice.token), connect(dave.token)]);
      await request(daveSocket, 'joinSession', { sessionId });
      expect((await request(daveSocket, 'sendMessage', { sessionId, message: 'still here' })).ok).toBe(true);

      expect((await server.request('DELETE', `/api/v1/employee/delete/${dave.id}`, { token: shop.token })).status).toBe(200);
      await pause(5_200); // the principal cache's lifetime (server/auth/principal.ts)

      const disconnected = nextEvent(daveSocket, 'disconnect');
      expect(await request(daveSocket, 'sendMessage', { sessionId, message: 'ghost' })).toEqual({ ok: false, statusCode: 401, message: 'Unauthorized' });
      expect(await disconnected).toBe('io server disconnect');
      expect((await storedMessages(sessionId)).map((row) => row.message)).toEqual(['still here']);
      expect(await refusal(baseUrl, { token: dave.token })).toBe('Unauthorized');
      expect((await request(aliceSocket, 'sendMessage', { sessionId, message: 'anyone?' })).ok).toBe(true);
    },
    20_000,
  );

  it('stops delivering to a connected member whose account was deleted, and disconnects them', async () => {
    const erin = await cashierToken(server, shop);
    const sessionId = await createChat(alice.token, [erin.id]);
    const [aliceSocket, erinSocket] = await Promise.all([connect(alice.token), connect(erin.token)]);
    await request(erinSocket, 'joinSession', { sessionId });
    const erinHears = recordEvents(erinSocket, 'newMessage');
    await server.database.db.updateTable('employees').set({ is_deleted: 1 }).where('id', '=', erin.id).execute();
    server.services.principals.forget(shop.businessId, erin.id);

    const disconnected = nextEvent(erinSocket, 'disconnect');
    expect((await request(aliceSocket, 'sendMessage', { sessionId, message: 'secret plans' })).ok).toBe(true);
    expect(await disconnected).toBe('io server disconnect');
    expect(erinHears).toEqual([]);
  });

  it('B8: many REST calls and socket messages use the service’s one pool: connections do not grow', async ({ skip }) => {
    // SQLite is one in-process connection: nothing to count, nothing that could leak.
    if (engine !== 'postgres') skip();
    const sessionId = await createChat(alice.token, [bob.id]);
    const socket = await connect(alice.token);
    await request(socket, 'joinSession', { sessionId });
    for (let round = 0; round < 50; round += 1) {
      expect((await request(socket, 'sendMessage', { sessionId, message: `message ${round}` })).ok).toBe(true);
      expect((await server.request('GET', `${API}/history/${sessionId}`, { token: bob.token })).status).toBe(200);
      expect((await server.request('GET', `${API}/sessions`, { token: alice.token })).status).toBe(200);
      expect((await server.request('POST', '/api/v1/ai-chat/session', { token: alice.token, body: { name: `s${round}` } })).status).toBe(201);
    }
    // The reference leaked one per call: 200 here.
    expect(await postgresConnections(server)).toBeLessThanOrEqual(SERVICE_CONNECTIONS_BOUND);
    expect((await storedMessages(sessionId)).length).toBe(50);
  });
});

describe.each(await testEngines())('natural chat gateway shutdown on %s', (engine) => {
  it('closes open chat sockets when the service shuts down', async () => {
    const server = await startTestServer(engine);
    const baseUrl = await listen(server);
    const shop = await registerTenant(server, 'shop');
    const socket = await connectChat(baseUrl, { token: shop.token });
    const disconnected = nextEvent(socket, 'disconnect');
    const closing = server.close();
    expect(await disconnected).toBe('io server disconnect');
    await closing;
    socket.close();
  });
});
