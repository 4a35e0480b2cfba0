/**
 * The per-workplace download and the release feed over HTTP (docs/downloads.md), against a fixture release: the
 * installer under a name carrying a fresh one-time code, its signed provisioning file, who may download, tenants,
 * bad platforms and workplaces, an empty or missing release folder, and /releases/ as the updater's feed.
 */
import { mkdirSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWK } from 'jose';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { shopWorld, SYNC, type ShopWorld } from '../helpers/terminals.js';
import { FIXTURE_INSTALLERS, fixtureRelease, sha512 } from '../helpers/fixture-release.js';
import { verifyProvisioning } from '../../main/provisioning/verify-provisioning.js';
import { parseEnrollLink } from '../../shared/provisioning/provisioning.js';

const PUBLIC_URL = 'https://kassa.example.com';
const CODE = '[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}';

describe.each(await testEngines())('the per-workplace download on %s', (engine) => {
  const release = fixtureRelease();
  let server: TestServer;
  let shop: Tenant;
  let other: Tenant;
  let world: ShopWorld;
  let otherWorld: ShopWorld;
  let keys: JWK[];
  beforeAll(async () => {
    server = await startTestServer(engine, { releasesDir: release.dir, publicUrl: PUBLIC_URL });
    shop = await registerTenant(server, 'dl-shop');
    other = await registerTenant(server, 'dl-other');
    world = await shopWorld(server, shop);
    otherWorld = await shopWorld(server, other);
    keys = (await server.request('GET', '/downloads/provisioning-key')).body.keys;
  });
  afterAll(() => server.close());

  const download = (path: string, token?: string) =>
    server.app.inject({ method: 'GET', url: path, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const codesOf = (businessId: string) =>
    server.database.db.selectFrom('enrollment_codes').select('id').where('business_id', '=', businessId).execute().then((rows) => rows.length);

  it('serves the Windows installer byte for byte under a name carrying a fresh one-time code', async () => {
    const response = await download(`/downloads/${world.workplace1}/windows`, shop.token);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(release.bytes.windows)).toBe(true);
    expect(sha512(response.rawPayload)).toBe(sha512(release.bytes.windows));
    const code = String(response.headers['kassa-enrollment-code']);
    expect(code).toMatch(new RegExp(`^${CODE}$`));
    expect(response.headers['content-disposition']).toContain(`filename="Kassa-Setup-0.1.0.${code}.exe"`);
    expect(response.headers['kassa-provisioning-file-name']).toBe(`Kassa-Setup-0.1.0.${code}.kassa`);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives each platform its own installer, and each download a code of its own', async () => {
    const mac = await download(`/downloads/${world.workplace1}/mac`, shop.token);
    const linux = await download(`/downloads/${world.workplace1}/linux`, shop.token);
    expect(mac.rawPayload.equals(release.bytes.mac)).toBe(true);
    expect(linux.rawPayload.equals(release.bytes.linux)).toBe(true);
    expect(mac.headers['content-disposition']).toMatch(new RegExp(`filename="Kassa-0\\.1\\.0-arm64\\.${CODE}\\.dmg"`));
    expect(linux.headers['content-disposition']).toMatch(new RegExp(`filename="Kassa-0\\.1\\.0\\.${CODE}\\.AppImage"`));
    expect(mac.headers['kassa-enrollment-code']).not.toBe(linux.headers['kassa-enrollment-code']);
  });

  it('signs a provisioning file the terminal verifies: service address, the same code, the workplace', async () => {
    const response = await download(`/downloads/${world.workplace1}/windows`, shop.token);
    const reading = await verifyProvisioning(String(response.headers['kassa-provisioning']), { trustedKeys: keys, allowInsecureService: false });
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.payload).toMatchObject({ v: 1, server: PUBLIC_URL, code: response.headers['kassa-enrollment-code'], workplace: { id: world.workplace1, name: 'Till 1' } });
    expect(reading.payload.exp).toBe(Math.floor(Date.parse(String(response.headers['kassa-enrollment-expires-at'])) / 1000));
  });

  it('refuses a provisioning file to a terminal that trusts another key, and one altered after signing', async () => {
    const response = await download(`/downloads/${world.workplace1}/windows`, shop.token);
    const file = String(response.headers['kassa-provisioning']);
    const otherServer = await startTestServer(engine, { jwtSecret: 'another-secret-that-is-long-enough-for-hs256-9876543210' });
    const otherKeys = (await otherServer.request('GET', '/downloads/provisioning-key')).body.keys;
    await otherServer.close();
    expect(await verifyProvisioning(file, { trustedKeys: otherKeys, allowInsecureService: false })).toEqual({ ok: false, problem: 'untrusted' });
    const [header, payload, signature] = file.split('.');
    const altered = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    altered.server = 'https://evil.example';
    const forged = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;
    expect(await verifyProvisioning(forged, { trustedKeys: keys, allowInsecureService: false })).toEqual({ ok: false, problem: 'untrusted' });
    expect(await verifyProvisioning('not a file', { trustedKeys: keys, allowInsecureService: false })).toEqual({ ok: false, problem: 'malformed' });
  });

  it('issues a code that enrolls one terminal once', async () => {
    const response = await download(`/downloads/${world.workplace2}/linux`, shop.token);
    const code = String(response.headers['kassa-enrollment-code']);
    const first = await server.request('POST', `${SYNC}/enroll`, { body: { code, name: 'Downloaded till' } });
    expect(first.status).toBe(201);
    expect(first.body.workplaceId).toBe(world.workplace2);
    expect((await server.request('POST', `${SYNC}/enroll`, { body: { code } })).status).toBe(401);
  });

  it("answers Add a till with a fresh code, its kassa:// link and its signed provisioning file", async () => {
    const response = await server.request('POST', `/downloads/${world.workplace1}/enrollment`, { token: shop.token });
    expect(response.status).toBe(201);
    const { code, link, server: address, provisioning, workplace_name } = response.body;
    expect(code).toMatch(new RegExp(`^${CODE}$`));
    expect(address).toBe(PUBLIC_URL);
    expect(workplace_name).toBe('Till 1');
    expect(parseEnrollLink(link)).toEqual({ server: PUBLIC_URL, code });
    expect(provisioning.file_name).toBe(`Kassa.${code}.kassa`);
    const reading = await verifyProvisioning(provisioning.content, { trustedKeys: keys, allowInsecureService: false });
    expect(reading.ok && reading.payload.code).toBe(code);
  });

  it('lets only the owner or an administrator download, and only for their own workplaces', async () => {
    const before = await codesOf(shop.businessId);
    expect((await download(`/downloads/${world.workplace1}/windows`)).statusCode).toBe(401);
    const cashier = await cashierToken(server, shop, { workplaceId: world.workplace1 });
    const asCashier = await download(`/downloads/${world.workplace1}/windows`, cashier.token);
    expect(asCashier.statusCode).toBe(403);
    expect(asCashier.json().message).toMatch(/owner or an administrator/);
    expect((await server.request('POST', `/downloads/${world.workplace1}/enrollment`, { token: cashier.token })).status).toBe(403);
    const foreign = await download(`/downloads/${otherWorld.workplace1}/windows`, shop.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Workplace not found');
    expect((await server.request('POST', `/downloads/${otherWorld.workplace1}/enrollment`, { token: shop.token })).status).toBe(404);
    expect(await codesOf(shop.businessId)).toBe(before);
    expect(await codesOf(other.businessId)).toBe(0);
  });

  it('names the problem of an unknown platform or workplace with a 4xx and makes no code', async () => {
    const before = await codesOf(shop.businessId);
    const platform = await download(`/downloads/${world.workplace1}/android`, shop.token);
    expect(platform.statusCode).toBe(400);
    expect(platform.json().message).toBe('platform must be one of windows, mac, linux');
    const workplace = await download('/downloads/0190a0a0-0000-7000-8000-000000000000/windows', shop.token);
    expect(workplace.statusCode).toBe(404);
    expect(workplace.json().message).toBe('Workplace not found');
    expect(await codesOf(shop.businessId)).toBe(before);
  });

  it('lists the installers on offer per platform', async () => {
    const response = await server.request('GET', '/downloads', { token: shop.token });
    expect(response.status).toBe(200);
    expect(response.body.platforms).toEqual([
      { platform: 'windows', file_name: FIXTURE_INSTALLERS.windows, size: release.bytes.windows.length, version: '0.1.0' },
      { platform: 'mac', file_name: FIXTURE_INSTALLERS.mac, size: release.bytes.mac.length, version: '0.1.0' },
      { platform: 'linux', file_name: FIXTURE_INSTALLERS.linux, size: release.bytes.linux.length, version: '0.1.0' },
    ]);
    expect(response.body.how_to_publish).toBeUndefined();
    expect(response.body.feed_url).toBe(`${PUBLIC_URL}/releases/`);
  });

  it('serves the release folder as the updater feed: channel files and installers whose sha512 matches', async () => {
    const channel = await server.app.inject({ method: 'GET', url: '/releases/latest.yml' });
    expect(channel.statusCode).toBe(200);
    expect(channel.headers['cache-control']).toBe('no-cache');
    const named = /^path: (.+)$/m.exec(channel.body)?.[1];
    const hash = /^sha512: (.+)$/m.exec(channel.body)?.[1];
    expect(named).toBe(FIXTURE_INSTALLERS.windows);
    const installer = await server.app.inject({ method: 'GET', url: `/releases/${named}` });
    expect(installer.statusCode).toBe(200);
    expect(sha512(installer.rawPayload)).toBe(hash);
    const part = await server.app.inject({ method: 'GET', url: `/releases/${named}`, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(release.bytes.windows.subarray(0, 10))).toBe(true);
  });

  it('serves nothing from the feed but the release folder’s own files', async () => {
    for (const path of ['/releases/.secret', '/releases/..%2Fetc%2Fpasswd', '/releases/../package.json', '/releases/nothing.exe']) {
      const response = await server.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('not for the feed');
    }
  });
});

describe.each(await testEngines())('the download with nothing published on %s', (engine) => {
  const empty = fixtureRelease({ empty: true });
  let withEmpty: TestServer;
  let unconfigured: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  beforeAll(async () => {
    withEmpty = await startTestServer(engine, { releasesDir: empty.dir });
    unconfigured = await startTestServer(engine);
    shop = await registerTenant(withEmpty, 'dl-empty');
    world = await shopWorld(withEmpty, shop);
  });
  afterAll(async () => {
    await withEmpty.close();
    await unconfigured.close();
  });

  it('tells the owner how to publish a release when the folder is empty', async () => {
    const listing = await withEmpty.request('GET', '/downloads', { token: shop.token });
    expect(listing.status).toBe(200);
    expect(listing.body).toMatchObject({ releases_dir_configured: true, platforms: [] });
    expect(listing.body.how_to_publish).toMatch(/npm run dist.*RELEASES_DIR/s);
    const before = await withEmpty.database.db.selectFrom('enrollment_codes').select('id').execute();
    const response = await withEmpty.app.inject({ method: 'GET', url: `/downloads/${world.workplace1}/windows`, headers: { authorization: `Bearer ${shop.token}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/^No windows installer has been published/), detail: { code: 'NO_RELEASE' } });
    expect(await withEmpty.database.db.selectFrom('enrollment_codes').select('id').execute()).toHaveLength(before.length);
    const feed = await withEmpty.app.inject({ method: 'GET', url: '/releases/latest.yml' });
    expect(feed.statusCode).toBe(404);
    expect(feed.json().message).toMatch(/^No such file in the published release/);
  });

  it('says RELEASES_DIR is not configured when it is not', async () => {
    const feed = await unconfigured.app.inject({ method: 'GET', url: '/releases/latest.yml' });
    expect(feed.statusCode).toBe(404);
    expect(feed.json().message).toMatch(/^RELEASES_DIR is not configured/);
  });
});

describe.each(await testEngines())('a release folder holding symbolic links on %s', (engine) => {
  const release = fixtureRelease({ empty: true });
  const outside = mkdtempSync(join(tmpdir(), 'kassa-outside-'));
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  beforeAll(async () => {
    writeFileSync(join(outside, 'secret.yml'), 'version: outside-secret\n');
    writeFileSync(join(outside, 'other.exe'), 'MZ an executable from outside the release folder');
    mkdirSync(join(outside, 'folder'));
    writeFileSync(join(outside, 'folder', 'inside.exe'), 'MZ inside a linked folder');
    writeFileSync(join(release.dir, 'Kassa-Setup-0.1.0.exe'), release.bytes.windows);
    utimesSync(join(release.dir, 'Kassa-Setup-0.1.0.exe'), new Date('2026-01-01'), new Date('2026-01-01'));
    // Newer than the regular installer: a folder that followed links would offer it.
    symlinkSync(join(outside, 'other.exe'), join(release.dir, 'Kassa-Setup-0.2.0.exe'));
    symlinkSync(join(outside, 'secret.yml'), join(release.dir, 'notes.yml'));
    symlinkSync(join(outside, 'folder'), join(release.dir, 'linked'));
    server = await startTestServer(engine, { releasesDir: release.dir, publicUrl: PUBLIC_URL });
    shop = await registerTenant(server, 'dl-links');
    world = await shopWorld(server, shop);
  });
  afterAll(() => server.close());

  it('answers a link to a file outside the folder, and a linked folder, as 404 without saying where they point', async () => {
    for (const path of ['/releases/notes.yml', '/releases/Kassa-Setup-0.2.0.exe', '/releases/linked', '/releases/linked/inside.exe', '/releases/linked%2Finside.exe']) {
      const response = await server.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).not.toMatch(/outside-secret|from outside|inside a linked|kassa-outside/);
    }
  });

  it('still serves the folder’s regular files', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/releases/Kassa-Setup-0.1.0.exe' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(release.bytes.windows)).toBe(true);
  });

  it('leaves links out of the installers on offer and out of the download', async () => {
    const listing = await server.request('GET', '/downloads', { token: shop.token });
    expect(listing.body.platforms).toEqual([{ platform: 'windows', file_name: 'Kassa-Setup-0.1.0.exe', size: release.bytes.windows.length, version: null }]);
    const response = await server.app.inject({ method: 'GET', url: `/downloads/${world.workplace1}/windows`, headers: { authorization: `Bearer ${shop.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(release.bytes.windows)).toBe(true);
  });
});
