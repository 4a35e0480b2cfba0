import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { uuidv7 } from '../../shared/ids.js';

const CREATE = '/api/v1/logs/create';
const ALL = '/api/v1/logs/all';

interface LogEntry {
  id: string;
  user_id: string | null;
  type: string;
  action: string;
  details: string | null;
  posted_by: string | null;
  is_deleted: boolean;
  dt_created: string;
  dt_updated: string;
}

describe.each(await testEngines())('logs on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  /** A business whose trail holds only the entries `seed` wrote, at known times. */
  let quiet: Tenant;

  const list = (tenant: Tenant, query = '') => server.request<LogEntry[]>('GET', `${ALL}${query}`, { token: tenant.token });

  /** Writes an entry straight into the trail at a chosen time, as the system would. */
  async function seed(tenant: Tenant, entry: { action: string; dt_created: string; type?: string; user_id?: string }) {
    const id = uuidv7();
    await server.database.db
      .insertInto('audit_log')
      .values({
        business_id: tenant.businessId,
        id,
        user_id: entry.user_id ?? tenant.userId,
        type: entry.type ?? 'SYSTEM',
        action: entry.action,
        details: null,
        is_deleted: 0,
        dt_created: entry.dt_created,
        dt_updated: entry.dt_created,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival, quiet] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival'), registerTenant(server, 'quiet')]);
    await server.database.db.deleteFrom('audit_log').where('business_id', '=', quiet.businessId).execute();
    await seed(quiet, { action: 'OPEN_SHIFT', dt_created: '2026-01-01T08:00:00.000Z', type: 'EMPLOYEE', user_id: 'cashier-1' });
    await seed(quiet, { action: 'CREATE_RECEIPT', dt_created: '2026-01-01T09:00:00.000Z', type: 'ORDER', user_id: 'cashier-1' });
    await seed(quiet, { action: 'CLOSE_SHIFT', dt_created: '2026-01-01T18:00:00.000Z', type: 'EMPLOYEE', user_id: 'cashier-2' });
    await seed(quiet, { action: 'PAY_50%_OFF', dt_created: '2026-01-02T10:00:00.000Z', type: 'PAYMENT_DEVICE' });
    await seed(quiet, { action: 'PAY_50X_OFF', dt_created: '2026-01-02T11:00:00.000Z', type: 'PAYMENT_DEVICE' });
    await seed(quiet, { action: 'SYNC_A_B', dt_created: '2026-01-03T12:00:00.000Z' });
  });
  afterAll(() => server.close());

  it('stores a posted entry and lists it back, recording the caller as its author', async () => {
    const created = await server.request<LogEntry>('POST', CREATE, {
      token: shop.token,
      body: { user_id: 'someone-else', type: 'USER', action: 'PRINTED_REPORT', details: 'Z report' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ user_id: 'someone-else', type: 'USER', action: 'PRINTED_REPORT', details: 'Z report', posted_by: shop.userId, is_deleted: false });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.body.dt_created)).not.toBeNaN();
    expect(created.body.dt_updated).toBe(created.body.dt_created);
    const listed = await list(shop);
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toEqual(created.body);
    const stored = await server.database.db.selectFrom('audit_log').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ business_id: shop.businessId, user_id: 'someone-else', posted_by: shop.userId, action: 'PRINTED_REPORT' });
  });

  it('records a posted entry once, with no second automatic audit entry', async () => {
    const before = await server.database.db.selectFrom('audit_log').select('id').where('business_id', '=', shop.businessId).execute();
    await server.request('POST', CREATE, { token: shop.token, body: { type: 'SYSTEM', action: 'ONLY_ONCE' } });
    const after = await server.database.db.selectFrom('audit_log').selectAll().where('business_id', '=', shop.businessId).execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((row) => row.action === 'ONLY_ONCE')).toMatchObject({ user_id: null, details: null, posted_by: shop.userId });
  });

  it('shows entries written by other operations with their action, told apart from posted ones', async () => {
    const warehouse = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Audited' } });
    expect(warehouse.status).toBe(201);
    const found = await list(shop, '?action=create_warehouse');
    const entry = found.body.find((row) => row.details?.includes(warehouse.body.id));
    expect(entry).toMatchObject({ action: 'CREATE_WAREHOUSE', user_id: shop.userId, posted_by: null });
  });

  it('lists newest first (time, then id) and pages with limit and offset', async () => {
    const all = await list(quiet);
    expect(all.body.map((row) => row.action)).toEqual(['SYNC_A_B', 'PAY_50X_OFF', 'PAY_50%_OFF', 'CLOSE_SHIFT', 'CREATE_RECEIPT', 'OPEN_SHIFT']);
    const page = await list(quiet, '?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.map((row) => row.action)).toEqual(['PAY_50X_OFF', 'PAY_50%_OFF']);
    expect((await list(quiet, '?offset=6')).body).toEqual([]);
    expect((await list(quiet, '?limit=1000')).body.length).toBe(6);
  });

  it('breaks ties of the same instant by id, highest (newest UUIDv7) first', async () => {
    const ids = [];
    for (let index = 0; index < 3; index += 1) ids.push(await seed(rival, { action: `TIE_${index}`, dt_created: '2026-05-05T05:05:05.000Z' }));
    const listed = await list(rival, '?action=tie_&from_date=2026-05-05T05:05:05Z&to_date=2026-05-05T05:05:05Z');
    expect(listed.body.map((row) => row.id)).toEqual([...ids].sort().reverse());
  });

  it('defaults to a page of 100 entries', async () => {
    const many = await registerTenant(server, 'many');
    const rows = Array.from({ length: 105 }, (_, index) => ({
      business_id: many.businessId,
      id: uuidv7(),
      user_id: null,
      type: 'SYSTEM',
      action: 'BULK',
      details: null,
      is_deleted: 0,
      dt_created: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      dt_updated: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    }));
    await server.database.db.insertInto('audit_log').values(rows).execute();
    const page = await list(many, '?action=BULK');
    expect(page.body.length).toBe(100);
    expect(page.body[0]?.dt_created).toBe('2026-01-01T00:01:44.000Z');
  });

  it('filters by user, type and a case-insensitive part of the action', async () => {
    expect((await list(quiet, '?user_id=cashier-1')).body.map((row) => row.action)).toEqual(['CREATE_RECEIPT', 'OPEN_SHIFT']);
    expect((await list(quiet, '?type=EMPLOYEE')).body.map((row) => row.action)).toEqual(['CLOSE_SHIFT', 'OPEN_SHIFT']);
    expect((await list(quiet, '?action=shift')).body.map((row) => row.action)).toEqual(['CLOSE_SHIFT', 'OPEN_SHIFT']);
    expect((await list(quiet, '?type=EMPLOYEE&user_id=cashier-2')).body.map((row) => row.action)).toEqual(['CLOSE_SHIFT']);
    expect((await list(quiet, '?user_id=&action=')).body.length).toBe(6);
  });

  it('matches % and _ in the action filter literally', async () => {
    expect((await list(quiet, `?action=${encodeURIComponent('50%')}`)).body.map((row) => row.action)).toEqual(['PAY_50%_OFF']);
    expect((await list(quiet, '?action=a_b')).body.map((row) => row.action)).toEqual(['SYNC_A_B']);
    expect((await list(quiet, '?action=50_')).body).toEqual([]);
    expect((await list(quiet, `?action=${encodeURIComponent('%')}`)).body.map((row) => row.action)).toEqual(['PAY_50%_OFF']);
    expect((await list(quiet, `?action=${encodeURIComponent('\\')}`)).body).toEqual([]);
  });

  it('filters by date with inclusive bounds, a bare to_date covering its whole day', async () => {
    const exact = await list(quiet, '?from_date=2026-01-01T09:00:00.000Z&to_date=2026-01-01T18:00:00Z');
    expect(exact.body.map((row) => row.action)).toEqual(['CLOSE_SHIFT', 'CREATE_RECEIPT']);
    expect((await list(quiet, '?to_date=2026-01-01')).body.map((row) => row.action)).toEqual(['CLOSE_SHIFT', 'CREATE_RECEIPT', 'OPEN_SHIFT']);
    expect((await list(quiet, '?from_date=2026-01-02')).body.map((row) => row.action)).toEqual(['SYNC_A_B', 'PAY_50X_OFF', 'PAY_50%_OFF']);
    expect((await list(quiet, '?from_date=2026-01-01T10:00:00%2B01:00&to_date=2026-01-01T09:00:00Z')).body.map((row) => row.action)).toEqual(['CREATE_RECEIPT']);
  });

  it('rejects bad query values with a 400 naming the field', async () => {
    expectValidation(await list(quiet, '?limit=abc'), 'limit must be an integer between 1 and 1000');
    expectValidation(await list(quiet, '?limit=0'), 'limit must be an integer between 1 and 1000');
    expectValidation(await list(quiet, '?limit=1001'), 'limit must be an integer between 1 and 1000');
    expectValidation(await list(quiet, '?limit=1.5'), 'limit must be');
    expectValidation(await list(quiet, '?limit=1&limit=2'), 'limit must be');
    expectValidation(await list(quiet, '?offset=-1'), 'offset must be an integer of 0 or more');
    expectValidation(await list(quiet, '?offset=x'), 'offset must be');
    expectValidation(await list(quiet, '?type=NOPE'), 'type must be one of the following values: SYSTEM, USER');
    expectValidation(await list(quiet, '?from_date=yesterday'), 'from_date must be an ISO 8601 date string');
    expectValidation(await list(quiet, '?to_date=2026-13-45'), 'to_date must be an ISO 8601 date string');
  });

  it('rejects unknown query parameters', async () => {
    expectValidation(await list(quiet, '?page=2'), 'property page should not exist');
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    const count = async () => (await server.database.db.selectFrom('audit_log').select('id').where('business_id', '=', quiet.businessId).execute()).length;
    const before = await count();
    expectValidation(await server.request('POST', CREATE, { token: quiet.token, body: {} }), 'type is required', 'action is required');
    expectValidation(await server.request('POST', CREATE, { token: quiet.token, body: { type: 'HACKER', action: 'X' } }), 'type must be one of the following values');
    expectValidation(await server.request('POST', CREATE, { token: quiet.token, body: { type: 'USER', action: '' } }), 'action should not be empty');
    expectValidation(await server.request('POST', CREATE, { token: quiet.token, body: { type: 'USER', action: 5 } }), 'action must be a string');
    expectValidation(await server.request('POST', CREATE, { token: quiet.token, body: { type: 'USER', action: 'X', user_id: 7 } }), 'user_id must be a string');
    expectValidation(await server.request('POST', CREATE, { token: quiet.token, body: { type: 'USER', action: 'X', details: {} } }), 'details must be a string');
    await expectStrictBody(server, 'POST', CREATE, quiet.token, { type: 'USER', action: 'X' });
    expect(await count()).toBe(before);
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', ALL);
    await expectAuthRequired(server, 'POST', CREATE, { type: 'USER', action: 'X' });
  });

  it('refuses cashiers (roles O, A only) and stores nothing for them', async () => {
    const cashier = await cashierToken(server, quiet);
    expectErrorBody(await server.request('GET', ALL, { token: cashier.token }), 403);
    expectErrorBody(await server.request('POST', CREATE, { token: cashier.token, body: { type: 'USER', action: 'CASHIER_WAS_HERE' } }), 403);
    expect((await list(quiet, '?action=CASHIER_WAS_HERE')).body).toEqual([]);
  });

  it('never shows another business’s entries', async () => {
    await server.request('POST', CREATE, { token: rival.token, body: { type: 'USER', action: 'RIVAL_SECRET_PLAN' } });
    expect((await list(quiet, '?action=RIVAL_SECRET_PLAN')).body).toEqual([]);
    expect((await list(shop, '?action=RIVAL_SECRET_PLAN')).body).toEqual([]);
    expect((await list(rival, '?action=RIVAL_SECRET_PLAN')).body.length).toBe(1);
    const rivalIds = new Set((await list(rival, '?limit=1000')).body.map((row) => row.id));
    expect((await list(shop, '?limit=1000')).body.some((row) => rivalIds.has(row.id))).toBe(false);
  });

  it('hides deleted entries', async () => {
    const id = await seed(quiet, { action: 'GONE', dt_created: '2026-02-01T00:00:00.000Z' });
    await server.database.db.updateTable('audit_log').set({ is_deleted: 1 }).where('id', '=', id).execute();
    expect((await list(quiet, '?action=GONE')).body).toEqual([]);
  });
});
