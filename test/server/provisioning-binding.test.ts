/**
 * A provisioning file is bound to its service address, business and workplace (docs/downloads.md): the address
 * comes from configuration only — never from the request's Host header — production without PUBLIC_URL signs
 * nothing, and the service refuses an enrollment whose code is not the file's own, of the business and workplace
 * it names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, TEST_CONFIG, type Tenant, type TestServer } from '../helpers/server.js';
import { shopWorld, SYNC, type ShopWorld } from '../helpers/terminals.js';
import { fixtureRelease } from '../helpers/fixture-release.js';
import { provisioningSigner } from '../../server/downloads/provisioning-signer.js';
import { ProvisioningPayload } from '../../shared/provisioning/provisioning.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';

const PUBLIC_URL = 'https://kassa.example.com';
/** Configured, never listened on: the development fallback is the configured listen address. */
const LISTEN = { host: '127.0.0.1', port: 18152 };

const payloadOf = (file: string) => ProvisioningPayload.parse(JSON.parse(Buffer.from(file.split('.')[1] ?? '', 'base64url').toString()));

/** `file` with its payload changed and its signature kept (what someone without the key can do). */
function tampered(file: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = file.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe.each(await testEngines())('a provisioning file bound to its address, business and workplace on %s', (engine) => {
  const release = fixtureRelease();
  let server: TestServer;
  let shop: Tenant;
  let other: Tenant;
  let world: ShopWorld;
  let otherWorld: ShopWorld;
  beforeAll(async () => {
    server = await startTestServer(engine, { releasesDir: release.dir, ...LISTEN });
    shop = await registerTenant(server, 'pb-shop');
    other = await registerTenant(server, 'pb-other');
    world = await shopWorld(server, shop);
    otherWorld = await shopWorld(server, other);
  });
  afterAll(() => server.close());

  const addTill = async (tenant: Tenant, workplaceId: string, headers: Record<string, string> = {}) => {
    const response = await server.request('POST', `/downloads/${workplaceId}/enrollment`, { token: tenant.token, headers });
    expect(response.status).toBe(201);
    return { code: response.body.code as string, file: response.body.provisioning.content as string, server: response.body.server as string };
  };
  const enroll = (code: string, provisioning?: string) =>
    server.request('POST', `${SYNC}/enroll`, { body: { code, protocolVersion: PROTOCOL_VERSION, ...(provisioning === undefined ? {} : { provisioning }) } });

  it('signs the configured listen address in development, whatever Host header the request names', async () => {
    const expected = `http://${LISTEN.host}:${LISTEN.port}`;
    const added = await addTill(shop, world.workplace1, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(added.server).toBe(expected);
    expect(payloadOf(added.file).server).toBe(expected);
    const download = await server.app.inject({
      method: 'GET',
      url: `/downloads/${world.workplace1}/windows`,
      headers: { authorization: `Bearer ${shop.token}`, host: 'evil.example:8443' },
    });
    expect(download.statusCode).toBe(200);
    expect(payloadOf(String(download.headers['kassa-provisioning'])).server).toBe(expected);
  });

  it('names the business and the workplace in the signed file', async () => {
    const added = await addTill(shop, world.workplace1);
    expect(payloadOf(added.file)).toMatchObject({ business: { id: shop.businessId }, workplace: { id: world.workplace1, name: 'Till 1' } });
  });

  it('enrolls with the untouched file and its own code, once', async () => {
    const added = await addTill(shop, world.workplace2);
    const first = await enroll(added.code, added.file);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ businessId: shop.businessId, workplaceId: world.workplace2 });
    expect((await enroll(added.code, added.file)).status).toBe(401);
  });

  it('refuses a file altered to name another workplace or business, and leaves its code unspent', async () => {
    const added = await addTill(shop, world.workplace1);
    for (const altered of [
      tampered(added.file, (claims) => void (claims.workplace = { id: world.workplace2, name: 'Till 2' })),
      tampered(added.file, (claims) => void (claims.business = { id: other.businessId, name: 'pb-other' })),
    ]) {
      const refused = await enroll(added.code, altered);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: expect.stringMatching(/not a provisioning file this service signed/), detail: { code: 'PROVISIONING_UNTRUSTED' } });
    }
    expect((await enroll(added.code, added.file)).status).toBe(201);
  });

  it("refuses business A's file sent with business B's code, and B's code stays usable", async () => {
    const ours = await addTill(shop, world.workplace1);
    const theirs = await addTill(other, otherWorld.workplace1);
    const refused = await enroll(theirs.code, ours.file);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/not the one of the provisioning file/), detail: { code: 'PROVISIONING_MISMATCH' } });
    expect((await enroll(theirs.code, theirs.file)).body.businessId).toBe(other.businessId);
  });

  it('refuses a code of another workplace or business than the signed file names, even when the signature holds', async () => {
    // What a file would say if the signer were ever misused: the service's own key, a claim that is not the code's.
    const signer = await provisioningSigner(TEST_CONFIG);
    const added = await addTill(shop, world.workplace1);
    const genuine = payloadOf(added.file);
    const { v: _v, iat: _iat, ...claims } = genuine;
    for (const lie of [{ workplace: { id: world.workplace2, name: 'Till 2' } }, { business: { id: other.businessId, name: 'pb-other' } }]) {
      const file = await signer.sign({ ...claims, ...lie }, new Date());
      const refused = await enroll(added.code, file);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toEqual({ code: 'PROVISIONING_MISMATCH' });
    }
    expect((await enroll(added.code, added.file)).status).toBe(201);
  });

  it('refuses a file signed by another key', async () => {
    const added = await addTill(shop, world.workplace1);
    const stranger = await provisioningSigner({ jwtSecret: 'another-secret-that-is-long-enough-for-hs256-9876543210' });
    const { v: _v, iat: _iat, ...claims } = payloadOf(added.file);
    const refused = await enroll(added.code, await stranger.sign(claims, new Date()));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toEqual({ code: 'PROVISIONING_UNTRUSTED' });
  });

  it('still enrolls a till that sends no file (a terminal older than protocol 4) by its code alone', async () => {
    const added = await addTill(shop, world.workplace1);
    expect((await server.request('POST', `${SYNC}/enroll`, { body: { code: added.code, protocolVersion: 3 } })).status).toBe(201);
  });
});

describe.each(await testEngines())('production without PUBLIC_URL on %s', (engine) => {
  const release = fixtureRelease();
  let server: TestServer;
  let configured: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  const logged: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, { releasesDir: release.dir, production: true, logLevel: 'warn' }, { logStream: { write: (line) => void logged.push(line) } });
    configured = await startTestServer(engine, { releasesDir: release.dir, production: true, publicUrl: PUBLIC_URL });
    shop = await registerTenant(server, 'pb-prod');
    world = await shopWorld(server, shop);
  });
  afterAll(async () => {
    await server.close();
    await configured.close();
  });

  it('signs nothing: a download and Add a till answer 503 naming PUBLIC_URL, make no code, and it is logged once at start', async () => {
    const codes = () => server.database.db.selectFrom('enrollment_codes').select('id').where('business_id', '=', shop.businessId).execute();
    const added = await server.request('POST', `/downloads/${world.workplace1}/enrollment`, { token: shop.token, headers: { host: 'evil.example' } });
    expect(added.status).toBe(503);
    expect(added.body).toMatchObject({ message: expect.stringMatching(/^PUBLIC_URL is not configured/), detail: { code: 'PUBLIC_URL_MISSING' } });
    const download = await server.app.inject({ method: 'GET', url: `/downloads/${world.workplace1}/windows`, headers: { authorization: `Bearer ${shop.token}` } });
    expect(download.statusCode).toBe(503);
    expect(download.json().message).toMatch(/PUBLIC_URL/);
    expect(download.headers['kassa-provisioning']).toBeUndefined();
    expect(await codes()).toHaveLength(0);
    expect((await server.request('GET', '/downloads', { token: shop.token })).body.feed_url).toBeNull();
    expect(logged.filter((line) => line.includes('PUBLIC_URL is not configured'))).toHaveLength(1);
  });

  it('signs PUBLIC_URL once it is configured, whatever the Host header', async () => {
    const tenant = await registerTenant(configured, 'pb-prod-ok');
    const place = await shopWorld(configured, tenant);
    const added = await configured.request('POST', `/downloads/${place.workplace1}/enrollment`, { token: tenant.token, headers: { host: 'evil.example' } });
    expect(added.status).toBe(201);
    expect(payloadOf(added.body.provisioning.content).server).toBe(PUBLIC_URL);
  });
});
