import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertItem } from '../helpers/fixtures.js';
import { startFakeProvider, type FakeProvider } from '../helpers/fake-ai-provider.js';
import { listen, pause, postgresConnections, SERVICE_CONNECTIONS_BOUND } from '../helpers/chat.js';
import { ConfigError, loadConfig } from '../../server/config.js';

const API = '/api/v1/ai-chat';
const SESSION_KEYS = ['dt_created', 'dt_updated', 'id', 'is_deleted', 'name'];
const MESSAGE_KEYS = ['dt_created', 'dt_updated', 'id', 'is_deleted', 'message', 'role', 'session_id'];
const API_KEY = 'sk-test-key-never-shown';

describe.each(await testEngines())('AI chat sessions and history on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let cashier: { id: string; token: string };

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    cashier = await cashierToken(server, shop);
  });
  afterAll(() => server.close());

  const createSession = async (token: string, name = 'Sales questions') => {
    const response = await server.request('POST', `${API}/session`, { token, body: { name } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; name: string; dt_created: string; dt_updated: string };
  };
  const listSessions = async (token: string) => (await server.request('GET', `${API}/sessions`, { token })).body as { id: string }[];
  const history = (token: string, sessionId: string) => server.request('GET', `${API}/history/${sessionId}`, { token });
  /** Stored messages are written by sendMessage (tested below); these tests put some in directly. */
  async function storeMessage(tenant: Tenant, sessionId: string, role: 'user' | 'model', message: string) {
    await pause(2);
    const now = new Date().toISOString();
    const row = { business_id: tenant.businessId, id: crypto.randomUUID(), session_id: sessionId, role, message, is_deleted: 0, dt_created: now, dt_updated: now };
    await server.database.db.insertInto('ai_chat_messages').values(row).execute();
    return row.id;
  }

  it('creates, lists newest first, renames and deletes a session, auditing each change', async () => {
    const older = await createSession(shop.token, 'Older');
    await pause(2);
    const session = await createSession(shop.token, 'Weekly report');
    expect(Object.keys(session).sort()).toEqual(SESSION_KEYS);
    expect(session).toMatchObject({ name: 'Weekly report', is_deleted: false });
    const ids = (await listSessions(shop.token)).map((row) => row.id);
    expect(ids.indexOf(session.id)).toBeLessThan(ids.indexOf(older.id));

    const renamed = await server.request('PATCH', `${API}/session/${session.id}`, { token: shop.token, body: { name: 'Monthly report' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...session, name: 'Monthly report', dt_updated: renamed.body.dt_updated });
    const deleted = await server.request('DELETE', `${API}/session/${session.id}`, { token: shop.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: session.id, is_deleted: true });
    expect((await listSessions(shop.token)).map((row) => row.id)).not.toContain(session.id);
    expectErrorBody(await history(shop.token, session.id), 404, 'Session not found');
    expectErrorBody(await server.request('DELETE', `${API}/session/${session.id}`, { token: shop.token }), 404, 'Session not found');

    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('business_id', '=', shop.businessId)
      .where('details', 'like', `%${session.id}%`)
      .orderBy('dt_created')
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['CREATE_AI_CHAT_SESSION', 'DELETE_AI_CHAT_SESSION', 'UPDATE_AI_CHAT_SESSION']);
    expect(audit.every((entry) => entry.user_id === shop.userId)).toBe(true);
  });

  it('B3: answers an unknown session’s history with 404, not 500', async () => {
    expectErrorBody(await history(shop.token, 'no-such-session'), 404, 'Session not found');
    expectErrorBody(await history(shop.token, '0'.repeat(2001)), 404);
  });

  it('keeps a session private to its creator: colleagues and other businesses get 404 and never see it listed', async () => {
    const mine = await createSession(cashier.token, 'My own questions');
    await storeMessage(shop, mine.id, 'user', 'How were sales?');
    expect((await listSessions(cashier.token)).map((row) => row.id)).toContain(mine.id);
    for (const token of [shop.token, rival.token]) {
      expect((await listSessions(token)).map((row) => row.id)).not.toContain(mine.id);
      expectErrorBody(await history(token, mine.id), 404, 'Session not found');
      expectErrorBody(await server.request('PATCH', `${API}/session/${mine.id}`, { token, body: { name: 'Mine now' } }), 404, 'Session not found');
      expectErrorBody(await server.request('DELETE', `${API}/session/${mine.id}`, { token }), 404, 'Session not found');
    }
    const stored = await server.database.db.selectFrom('ai_chat_sessions').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect({ ...stored, is_deleted: Number(stored.is_deleted) }).toMatchObject({ name: 'My own questions', is_deleted: 0, owner_id: cashier.id, business_id: shop.businessId });
  });

  it('shows a session’s messages oldest first, and lets its creator edit and delete them', async () => {
    const session = await createSession(shop.token);
    const question = await storeMessage(shop, session.id, 'user', 'Top items?');
    const answer = await storeMessage(shop, session.id, 'model', 'Coffee, then tea.');
    const shown = await history(shop.token, session.id);
    expect(shown.status).toBe(200);
    expect(shown.body.map((message: any) => [message.id, message.role, message.message])).toEqual([
      [question, 'user', 'Top items?'],
      [answer, 'model', 'Coffee, then tea.'],
    ]);
    expect(Object.keys(shown.body[0]).sort()).toEqual(MESSAGE_KEYS);

    const edited = await server.request('PATCH', `${API}/history/${question}`, { token: shop.token, body: { message: 'Top 3 items?' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: question, role: 'user', message: 'Top 3 items?', session_id: session.id, is_deleted: false });
    const removed = await server.request('DELETE', `${API}/history/${answer}`, { token: shop.token });
    expect(removed.body).toMatchObject({ id: answer, is_deleted: true });
    expect((await history(shop.token, session.id)).body.map((message: any) => message.message)).toEqual(['Top 3 items?']);
    expectErrorBody(await server.request('DELETE', `${API}/history/${answer}`, { token: shop.token }), 404, 'Message not found');

    for (const token of [cashier.token, rival.token]) {
      expectErrorBody(await server.request('PATCH', `${API}/history/${question}`, { token, body: { message: 'x' } }), 404, 'Message not found');
      expectErrorBody(await server.request('DELETE', `${API}/history/${question}`, { token }), 404, 'Message not found');
    }
    // Messages of a deleted session are gone with it.
    await server.request('DELETE', `${API}/session/${session.id}`, { token: shop.token });
    expectErrorBody(await server.request('PATCH', `${API}/history/${question}`, { token: shop.token, body: { message: 'x' } }), 404, 'Message not found');
    const entries = await server.database.db.selectFrom('audit_log').select(['action', 'details']).where('details', 'like', `%${question}%`).execute();
    expect(entries.map((entry) => entry.action)).toEqual(['UPDATE_AI_CHAT_MESSAGE']);
    // The audit trail, open to every owner and admin, records the change but not the private text.
    expect(entries[0]?.details).not.toContain('Top 3 items?');
  });

  it('rejects invalid bodies with a line naming the field, and changes nothing', async () => {
    const session = await createSession(shop.token, 'Unchanged');
    expectValidation(await server.request('POST', `${API}/session`, { token: shop.token, body: {} }), 'name is required');
    expectValidation(await server.request('POST', `${API}/session`, { token: shop.token, body: { name: '' } }), 'name should not be empty');
    expectValidation(await server.request('POST', `${API}/session`, { token: shop.token, body: { name: 3 } }), 'name must be a string');
    expectErrorBody(await server.request('POST', `${API}/session`, { token: shop.token, body: '{"name":' }), 400, 'not valid JSON');
    expectValidation(await server.request('PATCH', `${API}/history/x`, { token: shop.token, body: { message: '' } }), 'message should not be empty');
    expectValidation(await server.request('POST', `${API}/message`, { token: shop.token, body: { message: 'hi' } }), 'session_id is required');
    expectValidation(await server.request('POST', `${API}/message`, { token: shop.token, body: { session_id: session.id } }), 'message is required');
    expectValidation(await server.request('POST', `${API}/message`, { token: shop.token, body: { session_id: session.id, extra: 'ignored' } }), 'message is required');
    const stored = await server.database.db.selectFrom('ai_chat_sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Unchanged');
  });

  it('ignores unknown fields in its bodies, which the reference never validated, and uses the known ones', async () => {
    const created = await server.request('POST', `${API}/session`, { token: shop.token, body: { name: 'With extras', model: 'gpt', temperature: 0.2, nested: { a: 1 } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(SESSION_KEYS);
    expect(created.body.name).toBe('With extras');
    const renamed = await server.request('PATCH', `${API}/session/${created.body.id}`, { token: shop.token, body: { name: 'Renamed', id: 'not-this-one', is_deleted: true } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: 'Renamed', is_deleted: false });
    const question = await storeMessage(shop, created.body.id, 'user', 'Top items?');
    const edited = await server.request('PATCH', `${API}/history/${question}`, { token: shop.token, body: { message: 'Top 5 items?', role: 'model' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: question, role: 'user', message: 'Top 5 items?' });
    // Past validation with an extra field: the answer is the no-provider 503, not a 400.
    expectErrorBody(await server.request('POST', `${API}/message`, { token: shop.token, body: { session_id: created.body.id, message: 'Hello?', stream: true } }), 503, 'not configured');
  });

  it('requires a valid token for every operation', async () => {
    await expectAuthRequired(server, 'POST', `${API}/session`, { name: 'x' });
    await expectAuthRequired(server, 'GET', `${API}/sessions`);
    await expectAuthRequired(server, 'GET', `${API}/history/x`);
    await expectAuthRequired(server, 'PATCH', `${API}/session/x`, { name: 'x' });
    await expectAuthRequired(server, 'DELETE', `${API}/session/x`);
    await expectAuthRequired(server, 'PATCH', `${API}/history/x`, { message: 'x' });
    await expectAuthRequired(server, 'DELETE', `${API}/history/x`);
    await expectAuthRequired(server, 'POST', `${API}/message`, { session_id: 'x', message: 'x' });
  });

  it('answers sendMessage with 503 and the usual error body when no AI provider is configured, storing nothing', async () => {
    const session = await createSession(shop.token);
    const response = await server.request('POST', `${API}/message`, { token: shop.token, body: { session_id: session.id, message: 'Hello?' } });
    expectErrorBody(response, 503, 'The AI assistant is not configured on this server');
    expect((await history(shop.token, session.id)).body).toEqual([]);
  });
});

describe.each(await testEngines())('AI chat answers on %s', (engine) => {
  let provider: FakeProvider;
  let server: TestServer;
  let baseUrl: string;
  let shop: Tenant;
  let rival: Tenant;
  let cashier: { id: string; token: string };

  beforeAll(async () => {
    provider = await startFakeProvider();
    server = await startTestServer(engine, { ai: { baseUrl: provider.baseUrl, model: 'fake-analyst', apiKey: API_KEY, timeoutMs: 5000 } });
    baseUrl = await listen(server);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    cashier = await cashierToken(server, shop);
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.requests.length = 0;
  });

  const createSession = async (token = shop.token) => {
    const response = await server.request('POST', `${API}/session`, { token, body: { name: 'Questions' } });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const ask = (sessionId: string, message: string, token = shop.token) =>
    server.request('POST', `${API}/message`, { token, body: { session_id: sessionId, message } });
  const storedHistory = async (sessionId: string, token = shop.token) =>
    ((await server.request('GET', `${API}/history/${sessionId}`, { token })).body as any[]).map((row) => [row.role, row.message]);

  it('streams the model’s answer as chunked text/plain with status 200, and stores the question and the answer', async () => {
    const sessionId = await createSession();
    provider.script({ pieces: ['Hello', ', I am', ' your analyst.'] });
    const response = await ask(sessionId, 'Who are you?');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.body).toBe('Hello, I am your analyst.');
    expect(await storedHistory(sessionId)).toEqual([
      ['user', 'Who are you?'],
      ['model', 'Hello, I am your analyst.'],
    ]);
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('business_id', '=', shop.businessId)
      .where('action', '=', 'CREATE_AI_CHAT_MESSAGE')
      .where('details', 'like', `%${sessionId}%`)
      .execute();
    expect(audit).toEqual([
      { action: 'CREATE_AI_CHAT_MESSAGE', user_id: shop.userId },
      { action: 'CREATE_AI_CHAT_MESSAGE', user_id: shop.userId },
    ]);
  });

  it('B6: sends the system prompt, the session’s earlier messages in order, then the new question, with the key and model', async () => {
    const sessionId = await createSession();
    provider.script({ pieces: ['Sales were 100.'] }, { pieces: ['Yesterday they were 80.'] });
    await ask(sessionId, 'How were sales today?');
    await ask(sessionId, 'And yesterday?');
    expect(provider.requests).toHaveLength(2);
    const second = provider.requests[1]!;
    expect(second.path).toBe('/v1/chat/completions');
    expect(second.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(second.body).toMatchObject({ model: 'fake-analyst', stream: true });
    const [system, ...conversation] = second.body.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('<sql>');
    expect(conversation).toEqual([
      { role: 'user', content: 'How were sales today?' },
      { role: 'assistant', content: 'Sales were 100.' },
      { role: 'user', content: 'And yesterday?' },
    ]);
    // Another session starts afresh.
    provider.script({ pieces: ['Hi.'] });
    await ask(await createSession(), 'Hello');
    expect(provider.requests[2]?.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Hello' }]);
  });

  it('streams the analysis really chunk by chunk: the first piece reaches the client while the model is still writing', async () => {
    const sessionId = await createSession();
    let release!: () => void;
    provider.script(
      { pieces: ['<sql>select count(*) as n from "S_Item"</sql>'] },
      { pieces: ['First piece. ', 'Second piece.'], holdAfterFirst: new Promise<void>((resolve) => (release = resolve)) },
    );
    const response = await fetch(`${baseUrl}${API}/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: 'Tell me' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('First piece. ');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toBe('Second piece.');
  });

  it('S10: runs the model’s SQL through the reporting safeguards on the caller’s business only, and streams the analysis of its rows', async () => {
    await insertItem(server, shop, { name: 'Coffee' });
    await insertItem(server, shop, { name: 'Tea' });
    await insertItem(server, rival, { name: 'Their secret item' });
    const sessionId = await createSession();
    provider.script({ pieces: ['Let me look. <sql>select name from "S_Item" order by name</sql>'] }, { pieces: ['You sell ', 'coffee and tea.'] });
    const response = await ask(sessionId, 'What do we sell?');
    expect(response.status).toBe(200);
    expect(response.body).toBe('You sell coffee and tea.');
    expect(provider.requests).toHaveLength(2);
    const followUp = provider.requests[1]!.body.messages;
    expect(followUp.at(-2)).toEqual({ role: 'assistant', content: 'Let me look. <sql>select name from "S_Item" order by name</sql>' });
    const results = followUp.at(-1)!.content;
    expect(results).toContain('The query returned 2 row(s)');
    expect(results).toContain('[{"name":"Coffee"},{"name":"Tea"}]');
    expect(results).not.toContain('Their secret item');
    // The system prompt describes the views it may query, generated from their definitions.
    expect(provider.requests[0]!.body.messages[0]!.content).toMatch(/"S_Item"\(id, group_id, name, .*price money/);
    expect(await storedHistory(sessionId)).toEqual([
      ['user', 'What do we sell?'],
      ['model', 'You sell coffee and tea.'],
    ]);
  });

  it('S10: refuses model-written SQL that writes, streams and stores an explanation instead, and changes nothing', async () => {
    const itemId = await insertItem(server, shop, { name: 'Kept' });
    const before = await server.database.db.selectFrom('items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const sessionId = await createSession();
    for (const statement of ['delete from items', 'DELETE FROM "S_Item"', 'update items set name = \'x\'', 'drop table items', 'select 1; delete from items']) {
      provider.script({ pieces: [`Sure. <sql>${statement}</sql>`] });
      const response = await ask(sessionId, 'Please tidy up the catalogue');
      expect(response.status, statement).toBe(200);
      expect(response.body, statement).toMatch(/^I could not run the query I wrote for this question: .+\. Please rephrase your question\.$/);
      expect(response.body).not.toMatch(/sqlite|postgres|syntax error at|SQLITE_/i);
    }
    // Only the SQL-writing answers were asked for: no results ever went back to the model.
    expect(provider.requests).toHaveLength(5);
    const after = await server.database.db.selectFrom('items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await server.database.db.selectFrom('items').select('name').where('id', '=', itemId).executeTakeFirstOrThrow()).name).toBe('Kept');
    const stored = await storedHistory(sessionId);
    expect(stored).toHaveLength(10);
    expect(stored[1]?.[1]).toMatch(/^I could not run the query/);
  });

  it('S10: refuses model-written SQL that reads the catalog or other databases', async () => {
    const sessionId = await createSession();
    for (const statement of ['select datname from pg_database', 'select * from pg_catalog.pg_tables', 'select name from sqlite_master', 'select * from items', 'select pg_sleep(10)']) {
      provider.script({ pieces: [`<sql>${statement}</sql>`] });
      const response = await ask(sessionId, 'Which other shops use this server?');
      expect(response.body, statement).toMatch(/^I could not run the query I wrote for this question: /);
      expect(response.body).not.toMatch(/kassa_test|template1/);
    }
    expect(provider.requests).toHaveLength(5);
  });

  it('S10: model-written SQL that builds a 600-million-character value is refused like any other, and the service keeps answering', async ({ skip }) => {
    // The in-memory SQLite of this suite runs queries in process; the service's file and PostgreSQL use children.
    if (engine !== 'postgres') skip();
    const sessionId = await createSession();
    const amplifier = Array.from({ length: 8 }).reduce<string>((text) => `replace(${text}, 'x', 'xxxxxxxxxx')`, "'xxxxxx'");
    provider.script({ pieces: [`<sql>select ${amplifier} as s</sql>`] });
    const response = await ask(sessionId, 'Make it big');
    expect(response.body).toMatch(/^I could not run the query I wrote for this question: /);
    // The refused query's backend notices its cancel only between calls; on a loaded machine it may still hold the
    // reporting slot a moment. "Keeps answering" is about the service, so the next question waits for it to go.
    for (let waited = 0; waited < 30_000; waited += 100) {
      const running = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query like '%xxxxxxxxxx%'`.execute(
        server.database.db,
      );
      if (Number(running.rows[0]?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    provider.script({ pieces: ['<sql>select count(*) as n from "S_Item"</sql>'] }, { pieces: ['Still here.'] });
    expect((await ask(sessionId, 'How many items?')).body).toBe('Still here.');
  });

  it('S10: runs no SQL for a cashier, whose role may not read the business’s data', async () => {
    const sessionId = await createSession(cashier.token);
    provider.script({ pieces: ['<sql>select count(*) as n from "S_Item"</sql>'] });
    const response = await ask(sessionId, 'How many items?', cashier.token);
    expect(response.body).toBe("Your role may not look at the business's data through the assistant.");
    expect(provider.requests).toHaveLength(1);
    const system = provider.requests[0]!.body.messages[0]!.content;
    expect(system).not.toContain('"S_Item"');
    expect(system).toContain('never write SQL');
  });

  it('B8: answering many questions, with their queries, uses the service’s one pool: connections do not grow', async ({ skip }) => {
    // SQLite is one in-process connection: nothing to count, nothing that could leak.
    if (engine !== 'postgres') skip();
    const sessionId = await createSession();
    for (let round = 0; round < 30; round += 1) {
      provider.script({ pieces: ['<sql>select count(*) as n from "S_Item"</sql>'] }, { pieces: [`Answer ${round}.`] });
      expect((await ask(sessionId, `Question ${round}`)).body).toBe(`Answer ${round}.`);
      expect((await server.request('GET', `${API}/history/${sessionId}`, { token: shop.token })).status).toBe(200);
    }
    // The reference leaked one per call (30 here).
    expect(await postgresConnections(server)).toBeLessThanOrEqual(SERVICE_CONNECTIONS_BOUND);
  });

  it('answers 404 for an unknown, deleted or foreign session before calling the model, and stores nothing', async () => {
    const theirs = await createSession(rival.token);
    const colleagues = await createSession(cashier.token);
    const deleted = await createSession();
    await server.request('DELETE', `${API}/session/${deleted}`, { token: shop.token });
    for (const sessionId of ['no-such-session', theirs, colleagues, deleted]) {
      expectErrorBody(await ask(sessionId, 'Hello?'), 404, 'Session not found');
    }
    expect(provider.requests).toEqual([]);
    expect(await storedHistory(theirs, rival.token)).toEqual([]);
  });

  it('answers 502 when the provider fails before answering, without its error text or the key; the question is kept', async () => {
    const sessionId = await createSession();
    provider.script({ status: 500 });
    const response = await ask(sessionId, 'Anything?');
    expectErrorBody(response, 502, 'The AI service did not answer');
    expect(JSON.stringify(response.body)).not.toMatch(/sk-|exploded/);
    expect(await storedHistory(sessionId)).toEqual([['user', 'Anything?']]);
  });

  it('ends the text with a note when the provider breaks off mid-answer, and stores what was said with the note', async () => {
    const sessionId = await createSession();
    provider.script({ pieces: ['<sql>select count(*) as n from "S_Item"</sql>'] }, { pieces: ['You have'], breakAfterPieces: true });
    const response = await ask(sessionId, 'How many items?');
    expect(response.status).toBe(200);
    expect(response.body).toBe('You have\n\n(The answer was cut short: the AI service stopped responding.)');
    expect((await storedHistory(sessionId))[1]).toEqual(['model', response.body]);
  });

  it('stops the upstream request when the client disconnects mid-answer, and stores no half answer', async () => {
    const sessionId = await createSession();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    provider.script({ pieces: ['<sql>select count(*) as n from "S_Item"</sql>'] }, { pieces: ['Partial ', 'never sent'], holdAfterFirst: held });
    // A plain connection of its own (no pool), dropped the way a closed browser tab drops it.
    const request = http.request(`${baseUrl}${API}/message`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
    });
    request.end(JSON.stringify({ session_id: sessionId, message: 'Count them' }));
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    expect(first.toString()).toBe('Partial ');
    request.destroy();
    for (let waited = 0; !provider.requests[1]?.abandoned && waited < 3000; waited += 50) await pause(50);
    expect(provider.requests[1]?.abandoned).toBe(true);
    release();
    await pause(100);
    expect(await storedHistory(sessionId)).toEqual([['user', 'Count them']]);
  });
});

describe('AI provider configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kassa-test-config' };

  it('is absent unless AI_BASE_URL and AI_MODEL are set, and takes AI_API_KEY and AI_TIMEOUT_MS', () => {
    expect(loadConfig(base).ai).toBeUndefined();
    expect(loadConfig({ ...base, AI_BASE_URL: 'https://llm.example/v1', AI_MODEL: 'm' }).ai).toEqual({
      baseUrl: 'https://llm.example/v1',
      model: 'm',
      timeoutMs: 120_000,
    });
    expect(loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm', AI_API_KEY: 'k', AI_TIMEOUT_MS: '500' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
      apiKey: 'k',
      timeoutMs: 500,
    });
  });

  it('refuses half a configuration or a URL that is not http(s)', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'https://llm.example/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AI_MODEL: 'm' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'file:///etc/passwd', AI_MODEL: 'm' })).toThrow('AI_BASE_URL must be an http(s) URL');
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'not a url', AI_MODEL: 'm' })).toThrow('AI_BASE_URL must be an http(s) URL');
  });
});
