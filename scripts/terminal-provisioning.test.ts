/**
 * `npm start -- <file>.kassa` (scripts/terminal-provisioning.ts): a provisioning file downloaded from the running
 * service's console is read by the terminal core exactly as a packaged app reads it — and verifies, because the
 * terminal now trusts that service's key; a file from another service, or a start whose keys cannot be read, is
 * refused, never trusted blindly. Against a real service over HTTP (port 0).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProvisioning } from '../main/provisioning/first-start.js';
import { testEngines } from '../test/helpers/databases.js';
import { fixtureRelease } from '../test/helpers/fixture-release.js';
import { registerTenant, startTestServer, type TestServer } from '../test/helpers/server.js';
import { shopWorld } from '../test/helpers/terminals.js';
import { terminalProvisioning } from './terminal-provisioning.js';

const [engine] = await testEngines();

describe('npm start hands its terminal the provisioning files given and this service’s key', () => {
  let server: TestServer;
  let url: string;
  let dir: string;
  let file: string;
  const logged: string[] = [];
  const log = (line: string) => logged.push(line);

  beforeAll(async () => {
    server = await startTestServer(engine!, { releasesDir: fixtureRelease().dir });
    url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    const owner = await registerTenant(server, 'start-provisioning');
    const world = await shopWorld(server, owner);
    // What "Add a till" in the console downloads beside the installer.
    const response = await fetch(`${url}/downloads/${world.workplace1}/enrollment`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
    expect(response.status).toBe(201);
    const { provisioning } = (await response.json()) as { provisioning: { file_name: string; content: string } };
    dir = await mkdtemp(join(tmpdir(), 'kassa-start-provisioning-'));
    file = join(dir, provisioning.file_name);
    await writeFile(file, provisioning.content);
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('trusts the running service’s key, so a file downloaded from its console verifies and names that service', async () => {
    const launch = await terminalProvisioning({ serviceUrl: url, argv: [file], env: {}, log });
    expect(launch.provisioningFiles).toEqual([file]);
    expect(launch.trustedProvisioningKeys).toHaveLength(1);
    expect(launch.trustedProvisioningKeys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(launch.trustedProvisioningKeys[0]).not.toHaveProperty('d');
    const found = await readProvisioning(launch);
    expect(found?.reading).toMatchObject({ ok: true, payload: { server: url, workplace: { name: 'Till 1' } } });
    // The Electron child gets the same keys as KASSA_PROVISIONING_KEYS.
    expect(JSON.parse(launch.keysJson ?? '{}')).toEqual({ keys: launch.trustedProvisioningKeys });
  });

  it('takes a file named relative to where npm start runs, and ignores arguments that are not provisioning files', async () => {
    const launch = await terminalProvisioning({ serviceUrl: url, argv: ['--inspect', 'notes.txt', file.split('/').pop()!], env: {}, cwd: dir, log });
    expect(launch.provisioningFiles).toEqual([file]);
    expect(await terminalProvisioning({ serviceUrl: url, argv: [], env: {}, log })).toMatchObject({ provisioningFiles: [] });
  });

  it('refuses the file when KASSA_PROVISIONING_KEYS names another key: the setting wins over the service', async () => {
    const other = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }] };
    const launch = await terminalProvisioning({ serviceUrl: url, argv: [file], env: { KASSA_PROVISIONING_KEYS: JSON.stringify(other) }, log });
    expect(launch.trustedProvisioningKeys).toEqual(other.keys);
    expect((await readProvisioning(launch))?.reading).toMatchObject({ ok: false, problem: 'untrusted' });
  });

  it('trusts nothing (and says so) when the service’s key cannot be read or the setting is not a public key', async () => {
    logged.length = 0;
    const unreachable = await terminalProvisioning({ serviceUrl: 'http://127.0.0.1:9', argv: [file], env: {}, log });
    expect(unreachable).toMatchObject({ trustedProvisioningKeys: [], keysJson: undefined });
    expect((await readProvisioning(unreachable))?.reading).toMatchObject({ ok: false, problem: 'untrusted' });
    expect(logged.join('\n')).toMatch(/provisioning key could not be read/);
    const privateKey = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', d: 'secret' }] };
    const refused = await terminalProvisioning({ serviceUrl: url, argv: [file], env: { KASSA_PROVISIONING_KEYS: JSON.stringify(privateKey) }, log });
    expect(refused.trustedProvisioningKeys).toEqual([]);
    expect(logged.join('\n')).toMatch(/private key/);
  });
});
