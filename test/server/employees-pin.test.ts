import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySecret } from '../../app/security/secret-hash.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';

const BASE = '/api/v1/employee';
const PIN_TAKEN = 'Ushbu PIN kod allaqachon boshqa xodimga biriktirilgan';

/** Neither a secret key nor the PIN or its hash appears anywhere in `value`. */
function expectNoSecret(value: unknown, pin: string, hash: string) {
  const json = JSON.stringify(value);
  expect(json).not.toContain(hash);
  expect(json).not.toMatch(/"(password|pin_hash|pincode)"/);
  const strings: unknown[] = [];
  JSON.parse(json, (_key, inner: unknown) => (strings.push(inner), inner));
  expect(strings).not.toContain(pin);
}

describe.each(await testEngines())('employee PINs on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let tillA: string;
  let tillB: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'shop');
    const pointId = await insertPoint(server, shop);
    [tillA, tillB] = [
      await insertWorkplace(server, shop, pointId, 'Till A'),
      await insertWorkplace(server, shop, pointId, 'Till B'),
    ];
  });
  afterAll(() => server.close());

  const storedHash = async (id: string) =>
    (await server.database.db.selectFrom('employees').select('pin_hash').where('id', '=', id).executeTakeFirstOrThrow()).pin_hash;
  const create = (body: Record<string, unknown>) =>
    server.request('POST', `${BASE}/create`, { token: shop.token, body: { full_name: 'Staff', role_id: '0', ...body } });
  const countNamed = async (fullName: string) =>
    (await server.database.db.selectFrom('employees').select('id').where('full_name', '=', fullName).execute()).length;

  it('stores the PIN only as a salted hash that verifies', async () => {
    const first = await create({ password: '3141', workplace_id: tillA });
    const second = await create({ password: '3141', workplace_id: tillB });
    expect([first.status, second.status]).toEqual([201, 201]);
    const [hashA, hashB] = [await storedHash(first.body.id), await storedHash(second.body.id)];
    expect(hashA).not.toContain('3141');
    expect(hashA).toMatch(/^scrypt\$/);
    expect(hashB).not.toBe(hashA);
    expect(await verifySecret('3141', hashA)).toBe(true);
    expect(await verifySecret('3142', hashA)).toBe(false);
    expect(await verifySecret('3141', hashB)).toBe(true);
  });

  it('never shows the PIN or its hash in any response or audit entry', async () => {
    const created = await create({ full_name: 'Secretive', password: '8642', workplace_id: tillA });
    const id = created.body.id;
    let hash = await storedHash(id);
    expectNoSecret(created.body, '8642', hash);
    expectNoSecret((await server.request('GET', `${BASE}/${id}`, { token: shop.token })).body, '8642', hash);
    expectNoSecret((await server.request('GET', `${BASE}/all`, { token: shop.token })).body, '8642', hash);
    const updated = await server.request('PATCH', `${BASE}/update/${id}`, {
      token: shop.token,
      body: { password: '9753', notes: 'new PIN' },
    });
    expect(updated.status).toBe(200);
    const oldHash = hash;
    hash = await storedHash(id);
    expectNoSecret(updated.body, '9753', hash);
    const deleted = await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token });
    expectNoSecret(deleted.body, '9753', hash);
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('business_id', '=', shop.businessId)
      .execute();
    const mine = audit.filter((entry) => entry.details?.includes(id));
    expect(mine).toHaveLength(3);
    for (const entry of mine) {
      expectNoSecret(JSON.parse(entry.details ?? 'null'), '8642', oldHash);
      expectNoSecret(JSON.parse(entry.details ?? 'null'), '9753', hash);
    }
  });

  it('refuses a PIN a colleague at the same workplace already has, and stores nothing', async () => {
    await create({ full_name: 'Holder', password: '1357', workplace_id: tillA });
    expectErrorBody(await create({ full_name: 'Copycat', password: '1357', workplace_id: tillA }), 400, PIN_TAKEN);
    expect(await countNamed('Copycat')).toBe(0);
  });

  it('allows the same PIN at different workplaces', async () => {
    await create({ full_name: 'At A', password: '2580', workplace_id: tillA });
    const atB = await create({ full_name: 'At B', password: '2580', workplace_id: tillB });
    expect(atB.status).toBe(201);
  });

  it('treats an employee with no workplace as a colleague of every workplace', async () => {
    await create({ full_name: 'Floater', password: '4455' });
    expectErrorBody(await create({ full_name: 'Fixed', password: '4455', workplace_id: tillB }), 400, PIN_TAKEN);
    await create({ full_name: 'Fixed A', password: '6677', workplace_id: tillA });
    expectErrorBody(await create({ full_name: 'Floater 2', password: '6677' }), 400, PIN_TAKEN);
    expect(await countNamed('Fixed')).toBe(0);
    expect(await countNamed('Floater 2')).toBe(0);
  });

  it('D12: lets a deleted employee’s PIN be reused', async () => {
    const leaver = await create({ full_name: 'Leaver', password: '7788', workplace_id: tillA });
    expect((await server.request('DELETE', `${BASE}/delete/${leaver.body.id}`, { token: shop.token })).status).toBe(200);
    const successor = await create({ full_name: 'Successor', password: '7788', workplace_id: tillA });
    expect(successor.status).toBe(201);
    expect(await verifySecret('7788', await storedHash(successor.body.id))).toBe(true);
  });

  it('re-hashes a new PIN on update, under the same same-PIN rule', async () => {
    await create({ full_name: 'Colleague', password: '1122', workplace_id: tillA });
    const changer = await create({ full_name: 'Changer', password: '3344', workplace_id: tillA });
    const id = changer.body.id;
    const before = await storedHash(id);
    expectErrorBody(
      await server.request('PATCH', `${BASE}/update/${id}`, {
        token: shop.token,
        body: { password: '1122', full_name: 'Changed' },
      }),
      400,
      PIN_TAKEN,
    );
    expect(await storedHash(id)).toBe(before);
    expect(await countNamed('Changed')).toBe(0);

    const own = await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: { password: '3344' } });
    expect(own.status).toBe(200);
    const moved = await server.request('PATCH', `${BASE}/update/${id}`, {
      token: shop.token,
      body: { password: '1122', workplace_id: tillB },
    });
    expect(moved.status).toBe(200);
    const after = await storedHash(id);
    expect(after).not.toBe(before);
    expect(await verifySecret('1122', after)).toBe(true);
    expect(await verifySecret('3344', after)).toBe(false);
  });

  it('never lets two concurrent requests take the same PIN at one workplace', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => create({ full_name: `Racer ${n}`, password: '9090', workplace_id: tillB })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });
});
