import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { enrollTerminal, type EnrolledTerminal } from '../helpers/terminals.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';

const POINTS = '/api/v1/business-config/points';
const WORKPLACES = '/api/v1/business-config/workplaces';

describe.each(await testEngines())('points and workplaces on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  /** The stored row, with its flag read the same way on both engines. */
  async function storedRow(table: 'points' | 'workplaces', id: string) {
    const row = await server.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, is_deleted: Number(row.is_deleted) };
  }

  it('creates a point and answers 201 with the stored record', async () => {
    const created = await server.request('POST', `${POINTS}/create`, {
      token: shop.token,
      body: { name: 'Centre', guid: 'g-1' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Centre',
      guid: 'g-1',
      default_warehouse_id: null,
      is_deleted: false,
      dt_created: created.body.dt_created,
      dt_updated: created.body.dt_created,
    });
    expect(Date.parse(created.body.dt_created)).not.toBeNaN();
    expect(await storedRow('points', created.body.id)).toMatchObject({
      business_id: shop.businessId,
      name: 'Centre',
      guid: 'g-1',
    });
  });

  it('lists only live points of the caller’s business', async () => {
    const kept = await server.request('POST', `${POINTS}/create`, { token: shop.token, body: { name: 'Kept point' } });
    const dropped = await server.request('POST', `${POINTS}/create`, { token: shop.token, body: { name: 'Dropped point' } });
    await server.request('POST', `${POINTS}/create`, { token: rival.token, body: { name: 'Rival point' } });
    expect((await server.request('DELETE', `${POINTS}/delete/${dropped.body.id}`, { token: shop.token })).body).toMatchObject({
      is_deleted: true,
    });
    const list = await server.request('GET', `${POINTS}/all`, { token: shop.token });
    expect(list.status).toBe(200);
    const names = list.body.map((p: { name: string }) => p.name);
    expect(names).toContain('Kept point');
    expect(names).not.toContain('Dropped point');
    expect(names).not.toContain('Rival point');
    expect(list.body.find((p: { id: string }) => p.id === kept.body.id)).toEqual(kept.body);
  });

  it('updates only the fields sent and refuses to edit a deleted point', async () => {
    const created = await server.request('POST', `${POINTS}/create`, {
      token: shop.token,
      body: { name: 'Old', guid: 'keep-me' },
    });
    const updated = await server.request('PATCH', `${POINTS}/update/${created.body.id}`, {
      token: shop.token,
      body: { name: 'New' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'New', guid: 'keep-me' });
    expect(await storedRow('points', created.body.id)).toMatchObject({ name: 'New', guid: 'keep-me' });
    await server.request('DELETE', `${POINTS}/delete/${created.body.id}`, { token: shop.token });
    expectErrorBody(
      await server.request('PATCH', `${POINTS}/update/${created.body.id}`, { token: shop.token, body: { name: 'Zombie' } }),
      404,
      'Point not found',
    );
    expectErrorBody(
      await server.request('DELETE', `${POINTS}/delete/${created.body.id}`, { token: shop.token }),
      404,
      'Point not found',
    );
    expect(await storedRow('points', created.body.id)).toMatchObject({ name: 'New' });
  });

  it('creates a workplace on an existing point of the business', async () => {
    const pointId = await insertPoint(server, shop);
    const created = await server.request('POST', `${WORKPLACES}/create`, {
      token: shop.token,
      body: { name: 'Till 1', automated_point_id: pointId },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Till 1', guid: null, automated_point_id: pointId, is_deleted: false });
    expect(Object.keys(created.body).sort()).toEqual([
      'automated_point_id',
      'dt_created',
      'dt_updated',
      'guid',
      'id',
      'is_deleted',
      'name',
      'number',
    ]);
    const list = await server.request('GET', `${WORKPLACES}/all`, { token: shop.token });
    expect(list.body).toContainEqual(created.body);
  });

  it('refuses a workplace whose point is unknown, deleted or another business’s, and stores nothing', async () => {
    const deletedPoint = await server.request('POST', `${POINTS}/create`, { token: shop.token, body: { name: 'Gone' } });
    await server.request('DELETE', `${POINTS}/delete/${deletedPoint.body.id}`, { token: shop.token });
    const theirPoint = await insertPoint(server, rival);
    for (const pointId of ['no-such-point', deletedPoint.body.id, theirPoint]) {
      const name = `Orphan ${pointId}`;
      expectValidation(
        await server.request('POST', `${WORKPLACES}/create`, { token: shop.token, body: { name, automated_point_id: pointId } }),
        'automated_point_id must be an existing point',
      );
      const stored = await server.database.db.selectFrom('workplaces').select('id').where('name', '=', name).execute();
      expect(stored).toEqual([]);
    }
  });

  it('moves a workplace only to an existing point', async () => {
    const [first, second, theirs] = [
      await insertPoint(server, shop),
      await insertPoint(server, shop),
      await insertPoint(server, rival),
    ];
    const workplaceId = await insertWorkplace(server, shop, first);
    const moved = await server.request('PATCH', `${WORKPLACES}/update/${workplaceId}`, {
      token: shop.token,
      body: { automated_point_id: second },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ automated_point_id: second, name: 'Till 1' });
    expectValidation(
      await server.request('PATCH', `${WORKPLACES}/update/${workplaceId}`, {
        token: shop.token,
        body: { automated_point_id: theirs, name: 'Stolen' },
      }),
      'automated_point_id must be an existing point',
    );
    expect(await storedRow('workplaces', workplaceId)).toMatchObject({ automated_point_id: second, name: 'Till 1' });
  });

  it('deletes a point that still has workplaces (200, as the reference), retiring its workplaces and revoking their tills in the same write', async () => {
    const pointId = await insertPoint(server, shop);
    const first = (await server.request('POST', `${WORKPLACES}/create`, { token: shop.token, body: { name: 'Kassa A', automated_point_id: pointId } })).body.id as string;
    const second = (await server.request('POST', `${WORKPLACES}/create`, { token: shop.token, body: { name: 'Kassa B', automated_point_id: pointId } })).body.id as string;
    const elsewhere = await insertPoint(server, shop);
    const kept = (await server.request('POST', `${WORKPLACES}/create`, { token: shop.token, body: { name: 'Kassa C', automated_point_id: elsewhere } })).body.id as string;
    const till = await enrollTerminal(server, shop, first);
    const otherTill = await enrollTerminal(server, shop, kept);
    const push = (terminal: EnrolledTerminal) =>
      server.request('POST', '/api/v1/sync/push', {
        token: terminal.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: terminal.terminalId, epoch: terminal.epoch, mutations: [] },
      });
    expect((await push(till)).status).toBe(201);
    const deleted = await server.request('DELETE', `${POINTS}/delete/${pointId}`, { token: shop.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: pointId, is_deleted: true });
    expect(await storedRow('workplaces', first)).toMatchObject({ automated_point_id: pointId, is_deleted: 1 });
    expect(await storedRow('workplaces', second)).toMatchObject({ automated_point_id: pointId, is_deleted: 1 });
    expect(await storedRow('workplaces', kept)).toMatchObject({ is_deleted: 0 });
    // The till is told: its credential was revoked with its workplace, at once (its cached check is forgotten too).
    expectErrorBody(await push(till), 401, 'revoked');
    expect((await push(otherTill)).status).toBe(201);
    const workplaces = await server.request('GET', `${WORKPLACES}/all`, { token: shop.token });
    expect(workplaces.body.map((row: { id: string }) => row.id)).not.toContain(first);
    const points = await server.request('GET', `${POINTS}/all`, { token: shop.token });
    expect(points.body.map((row: { id: string }) => row.id)).not.toContain(pointId);
    // Deleting it again finds no live point.
    expectErrorBody(await server.request('DELETE', `${POINTS}/delete/${pointId}`, { token: shop.token }), 404, 'Point not found');
  });

  it('counts only the caller’s own workplaces, and answers 404 for another business’s point', async () => {
    const mine = await insertPoint(server, shop);
    const theirs = await insertPoint(server, rival);
    await insertWorkplace(server, rival, theirs);
    expect((await server.request('DELETE', `${POINTS}/delete/${mine}`, { token: shop.token })).status).toBe(200);
    expectErrorBody(await server.request('DELETE', `${POINTS}/delete/${theirs}`, { token: shop.token }), 404);
  });

  it('soft-deletes a workplace that employees are assigned to; they keep naming it', async () => {
    const pointId = await insertPoint(server, shop);
    const workplaceId = await insertWorkplace(server, shop, pointId);
    const cashier = await cashierToken(server, shop, { workplaceId, pointId });
    const deleted = await server.request('DELETE', `${WORKPLACES}/delete/${workplaceId}`, { token: shop.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: workplaceId, is_deleted: true });
    const employee = await server.database.db.selectFrom('employees').select(['workplace_id', 'is_deleted']).where('id', '=', cashier.id).executeTakeFirstOrThrow();
    expect({ ...employee, is_deleted: Number(employee.is_deleted) }).toEqual({ workplace_id: workplaceId, is_deleted: 0 });
  });

  it('rejects invalid bodies with a line naming each field', async () => {
    expectValidation(await server.request('POST', `${POINTS}/create`, { token: shop.token, body: {} }), 'name is required');
    expectValidation(
      await server.request('POST', `${POINTS}/create`, { token: shop.token, body: { name: 5 } }),
      'name must be a string',
    );
    expectValidation(
      await server.request('POST', `${POINTS}/create`, { token: shop.token, body: { name: '' } }),
      'name should not be empty',
    );
    expectValidation(
      await server.request('PATCH', `${POINTS}/update/x`, { token: shop.token, body: { guid: 7 } }),
      'guid must be a string',
    );
    expectValidation(
      await server.request('POST', `${WORKPLACES}/create`, { token: shop.token, body: { name: 'W' } }),
      'automated_point_id is required',
    );
    expectValidation(
      await server.request('POST', `${WORKPLACES}/create`, { token: shop.token, body: { name: 'W', automated_point_id: 3 } }),
      'automated_point_id must be a string',
    );
    await expectStrictBody(server, 'POST', `${POINTS}/create`, shop.token, { name: 'Strict point' });
    await expectStrictBody(server, 'PATCH', `${WORKPLACES}/update/x`, shop.token, { name: 'Strict' });
    const stored = await server.database.db.selectFrom('points').select('id').where('name', '=', 'Strict point').execute();
    expect(stored).toEqual([]);
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', `${POINTS}/all`);
    await expectAuthRequired(server, 'POST', `${POINTS}/create`, { name: 'X' });
    await expectAuthRequired(server, 'GET', `${WORKPLACES}/all`);
    await expectAuthRequired(server, 'DELETE', `${WORKPLACES}/delete/x`);
  });

  it('lets cashiers read points and workplaces but not create or change them (structure is the owner’s, issue 28 §1)', async () => {
    const cashier = await cashierToken(server, shop);
    const pointId = await insertPoint(server, shop, 'Kept');
    expectErrorBody(await server.request('POST', `${POINTS}/create`, { token: cashier.token, body: { name: 'By cashier' } }), 403, 'Forbidden resource');
    expectErrorBody(await server.request('PATCH', `${POINTS}/update/${pointId}`, { token: cashier.token, body: { name: 'Renamed' } }), 403, 'Forbidden resource');
    expectErrorBody(
      await server.request('POST', `${WORKPLACES}/create`, { token: cashier.token, body: { name: 'Cashier till', automated_point_id: pointId } }),
      403,
      'Forbidden resource',
    );
    expect(await storedRow('points', pointId)).toMatchObject({ name: 'Kept' });
    expect((await server.request('GET', `${POINTS}/all`, { token: cashier.token })).status).toBe(200);
    expect((await server.request('GET', `${WORKPLACES}/all`, { token: cashier.token })).status).toBe(200);
  });

  it('answers 404 for another business’s point or workplace and changes nothing', async () => {
    const pointId = await insertPoint(server, rival, 'Theirs');
    const workplaceId = await insertWorkplace(server, rival, pointId, 'Their till');
    expectErrorBody(
      await server.request('PATCH', `${POINTS}/update/${pointId}`, { token: shop.token, body: { name: 'Mine now' } }),
      404,
      'Point not found',
    );
    expectErrorBody(await server.request('DELETE', `${POINTS}/delete/${pointId}`, { token: shop.token }), 404, 'Point not found');
    expectErrorBody(
      await server.request('PATCH', `${WORKPLACES}/update/${workplaceId}`, { token: shop.token, body: { name: 'Mine now' } }),
      404,
      'Workplace not found',
    );
    expectErrorBody(
      await server.request('DELETE', `${WORKPLACES}/delete/${workplaceId}`, { token: shop.token }),
      404,
      'Workplace not found',
    );
    expect(await storedRow('points', pointId)).toMatchObject({ name: 'Theirs', is_deleted: 0 });
    expect(await storedRow('workplaces', workplaceId)).toMatchObject({ name: 'Their till', is_deleted: 0 });
  });

  it('writes an audit entry with every change', async () => {
    const pointId = await insertPoint(server, shop);
    const created = await server.request('POST', `${WORKPLACES}/create`, {
      token: shop.token,
      body: { name: 'Audited till', automated_point_id: pointId },
    });
    await server.request('PATCH', `${WORKPLACES}/update/${created.body.id}`, {
      token: shop.token,
      body: { name: 'Audited till 2' },
    });
    await server.request('DELETE', `${WORKPLACES}/delete/${created.body.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .execute();
    const actions = entries
      .filter((entry) => entry.details?.includes(created.body.id) && entry.user_id === shop.userId)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['CREATE_WORKPLACE', 'DELETE_WORKPLACE', 'UPDATE_WORKPLACE']);
  });
});
