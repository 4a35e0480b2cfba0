import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { postMessage } from '../../server/chat/messages.js';
import type { OperationContext } from '../../app/context.js';
import { uuidv7 } from '../../shared/ids.js';

const API = '/api/v1/natural-chat';
const SESSION_KEYS = ['chat_type', 'dt_created', 'dt_updated', 'id', 'is_deleted', 'name', 'naturalChatParticipiants'];
const PARTICIPANT_KEYS = ['dt_created', 'dt_updated', 'employee_id', 'id', 'is_deleted', 'session_id'];
const MESSAGE_KEYS = ['dt_created', 'dt_updated', 'employee_id', 'id', 'is_deleted', 'message', 'session_id'];

describe.each(await testEngines())('natural chat over REST on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    [alice, bob, stranger] = await Promise.all([cashierToken(server, shop), cashierToken(server, shop), cashierToken(server, rival)]);
  });
  afterAll(() => server.close());

  const create = (token: string, body: unknown) => server.request('POST', `${API}/session`, { token, body });
  const sessions = async (token: string) => {
    const response = await server.request('GET', `${API}/sessions`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as any[];
  };
  const history = (token: string, sessionId: string) => server.request('GET', `${API}/history/${sessionId}`, { token });
  /** Posts a message as the socket's sendMessage does (its own tests are natural-chat-socket.test.ts). */
  const post = async (tenant: Tenant, actor: { id: string; kind: 'user' | 'employee' }, sessionId: string, message: string) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const ctx: OperationContext = {
      businessId: tenant.businessId,
      actor: { kind: actor.kind, id: actor.id, role: actor.kind === 'user' ? 'OWNER' : 'EMPLOYEE' },
      now: new Date().toISOString(),
      side: 'server',
      newId: () => uuidv7(),
    };
    return postMessage(server.services, ctx, { sessionId, message });
  };
  const count = async (table: 'natural_chat_sessions' | 'natural_chat_participants' | 'natural_chat_messages') =>
    Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('creates a chat with the caller and each named colleague once, users and employees alike, and audits it', async () => {
    const response = await create(shop.token, { chatType: 'GROUP', employeeIds: [alice.id, bob.id, alice.id, shop.userId], name: 'Morning shift' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const session = response.body;
    expect(Object.keys(session).sort()).toEqual(SESSION_KEYS);
    expect(session).toMatchObject({ chat_type: 'GROUP', name: 'Morning shift', is_deleted: false });
    expect(session.dt_updated).toBe(session.dt_created);
    const members = session.naturalChatParticipiants as any[];
    expect(members.map((member) => member.employee_id)).toEqual([shop.userId, alice.id, bob.id]);
    for (const member of members) {
      expect(Object.keys(member).sort()).toEqual(PARTICIPANT_KEYS);
      expect(member).toMatchObject({ session_id: session.id, is_deleted: false });
    }
    const stored = await server.database.db.selectFrom('natural_chat_sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ business_id: shop.businessId, created_by: shop.userId });
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('business_id', '=', shop.businessId)
      .where('details', 'like', `%${session.id}%`)
      .execute();
    expect(audit).toEqual([{ action: 'CREATE_NATURAL_CHAT_SESSION', user_id: shop.userId }]);
  });

  it('lets a cashier start a direct chat; a name is optional', async () => {
    const response = await create(alice.token, { chatType: 'CHAT', employeeIds: [shop.userId] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.name).toBeNull();
    expect(response.body.naturalChatParticipiants.map((member: any) => member.employee_id)).toEqual([alice.id, shop.userId]);
  });

  it('refuses participants who are not live colleagues, naming each, and stores nothing', async () => {
    const gone = await cashierToken(server, shop);
    expect((await server.request('DELETE', `/api/v1/employee/delete/${gone.id}`, { token: shop.token })).status).toBe(200);
    const before = [await count('natural_chat_sessions'), await count('natural_chat_participants')];
    const response = await create(shop.token, { chatType: 'GROUP', employeeIds: [alice.id, stranger.id, 'no-such-id', gone.id, rival.userId] });
    expectValidation(
      response,
      'employeeIds.1 must be an existing employee or user',
      'employeeIds.2 must be an existing employee or user',
      'employeeIds.3 must be an existing employee or user',
      'employeeIds.4 must be an existing employee or user',
    );
    expect((response.body as { message: string[] }).message).toHaveLength(4);
    expect([await count('natural_chat_sessions'), await count('natural_chat_participants')]).toEqual(before);
  });

  it('rejects invalid bodies with a line naming the field', async () => {
    expectValidation(await create(shop.token, { employeeIds: [] }), 'chatType is required');
    expectValidation(await create(shop.token, { chatType: 'PARTY', employeeIds: [] }), 'chatType must be one of the following values: CHAT, GROUP');
    expectValidation(await create(shop.token, { chatType: 'CHAT' }), 'employeeIds is required');
    expectValidation(await create(shop.token, { chatType: 'CHAT', employeeIds: 'x' }), 'employeeIds must be an array');
    expectValidation(await create(shop.token, { chatType: 'CHAT', employeeIds: [7] }), 'employeeIds.0 must be a string');
    expectValidation(await create(shop.token, { chatType: 'CHAT', employeeIds: [], name: 5 }), 'name must be a string');
    expectErrorBody(await create(shop.token, '{"chatType":'), 400, 'not valid JSON');
    expectValidation(await create(shop.token, { chatType: 'CHAT', extra: 1 }), 'employeeIds is required');
  });

  it('ignores unknown fields in the new-chat body, which the reference never validated', async () => {
    const response = await create(shop.token, { chatType: 'GROUP', employeeIds: [bob.id], name: 'Team', avatar: 'x.png', id: 'chosen-by-client', participants: [stranger.id] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.id).not.toBe('chosen-by-client');
    expect(response.body).not.toHaveProperty('avatar');
    const participants = await server.database.db.selectFrom('natural_chat_participants').select('employee_id').where('session_id', '=', response.body.id).execute();
    expect(participants.map((row) => row.employee_id).sort()).toEqual([shop.userId, bob.id].sort());
  });

  it('lists only the caller’s chats, most recently active first, each with its participants and latest message', async () => {
    const quiet = (await create(bob.token, { chatType: 'CHAT', employeeIds: [alice.id] })).body;
    const busy = (await create(alice.token, { chatType: 'GROUP', employeeIds: [bob.id], name: 'Busy' })).body;
    const notMine = (await create(shop.token, { chatType: 'CHAT', employeeIds: [alice.id] })).body;
    await post(shop, { id: bob.id, kind: 'employee' }, busy.id, 'first');
    const last = await post(shop, { id: alice.id, kind: 'employee' }, busy.id, 'second');

    const listed = await sessions(bob.token);
    const ids = listed.map((session) => session.id);
    expect(ids).toContain(quiet.id);
    expect(ids).not.toContain(notMine.id);
    expect(ids.indexOf(busy.id)).toBeLessThan(ids.indexOf(quiet.id));
    const busyListed = listed.find((session) => session.id === busy.id);
    expect(Object.keys(busyListed).sort()).toEqual([...SESSION_KEYS, 'naturalChatHistories'].sort());
    expect(busyListed.naturalChatParticipiants.map((member: any) => member.employee_id)).toEqual([alice.id, bob.id]);
    expect(busyListed.naturalChatHistories).toEqual([last]);
    expect(busyListed.dt_updated).toBe(last.dt_created);
    expect(listed.find((session) => session.id === quiet.id).naturalChatHistories).toEqual([]);
    expect((await sessions(rival.token)).map((session) => session.id)).not.toContain(busy.id);
  });

  it('S11: shows a chat’s history to its participants only, oldest first; to anybody else it does not exist', async () => {
    const chat = (await create(alice.token, { chatType: 'CHAT', employeeIds: [bob.id] })).body;
    const first = await post(shop, { id: alice.id, kind: 'employee' }, chat.id, 'hello');
    const second = await post(shop, { id: bob.id, kind: 'employee' }, chat.id, 'hi');
    for (const token of [alice.token, bob.token]) {
      const response = await history(token, chat.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([first, second]);
      expect(Object.keys(response.body[0]).sort()).toEqual(MESSAGE_KEYS);
    }
    // The owner of the business is not in this chat, a cashier of another business even less.
    for (const token of [shop.token, stranger.token, rival.token]) expectErrorBody(await history(token, chat.id), 404, 'Session not found');
    expectErrorBody(await history(alice.token, 'no-such-session'), 404, 'Session not found');
  });

  it('lists the business’s live employees with their public contact fields only', async () => {
    const gone = await cashierToken(server, shop);
    await server.request('DELETE', `/api/v1/employee/delete/${gone.id}`, { token: shop.token });
    const response = await server.request('GET', `${API}/employees`, { token: alice.token });
    expect(response.status).toBe(200);
    const ids = (response.body as any[]).map((employee) => employee.id);
    expect(ids).toEqual(expect.arrayContaining([alice.id, bob.id]));
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(stranger.id);
    for (const employee of response.body as any[]) {
      expect(Object.keys(employee).sort()).toEqual(['email', 'employee_address', 'full_name', 'id', 'notes', 'phone_number']);
    }
    expect(JSON.stringify(response.body)).not.toMatch(/pin|hash|password/i);
  });

  it('requires a valid token for every operation', async () => {
    await expectAuthRequired(server, 'POST', `${API}/session`, { chatType: 'CHAT', employeeIds: [] });
    await expectAuthRequired(server, 'GET', `${API}/sessions`);
    await expectAuthRequired(server, 'GET', `${API}/history/x`);
    await expectAuthRequired(server, 'GET', `${API}/employees`);
  });
});
