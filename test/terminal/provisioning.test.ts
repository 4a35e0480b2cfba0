/**
 * First start from a download (docs/downloads.md), on the real terminal core against a real service on loopback:
 * a signed provisioning file enrolls the till by itself; a used, expired, untrusted or insecure one does not, and
 * says why, with the signed address kept so a person only pastes a new code. Also the address policy of enrolling
 * by hand: https, or http only to this machine.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalCore } from '../../main/core/api.js';
import { createCore } from '../../main/core/terminal-core.js';
import { provisioningSigner } from '../../server/downloads/provisioning-signer.js';
import { TEST_CONFIG } from '../helpers/server.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { enrollmentCode } from '../helpers/terminals.js';

type Status = { enrolled: boolean; provisioning?: { state: string; problem?: string; serviceUrl?: string; workplace?: string; file: string } };

describe.each(await testEngines())('a till started with a provisioning file, against a %s service', (engine) => {
  let service: TillService;
  let keys: JWK[];
  const cores: TerminalCore[] = [];
  beforeAll(async () => {
    service = await startTillService(engine);
    keys = (await service.server.request('GET', '/downloads/provisioning-key')).body.keys;
  });
  afterAll(async () => {
    for (const core of cores) await core.close();
    await service.close();
  });

  /** A provisioning file as the console hands it out, for till 1 of the shop, naming the service on loopback. */
  async function downloadedFile(): Promise<{ path: string; code: string }> {
    const response = await service.server.request('POST', `/downloads/${service.world.workplace1}/enrollment`, {
      token: service.shop.token,
      headers: { host: new URL(service.url).host },
    });
    expect(response.status).toBe(201);
    const dir = mkdtempSync(join(tmpdir(), 'kassa-provisioning-'));
    const path = join(dir, response.body.provisioning.file_name);
    writeFileSync(path, response.body.provisioning.content);
    return { path, code: response.body.code };
  }

  async function startTill(provisioningFiles: string[], trusted: JWK[] = keys): Promise<TerminalCore> {
    const core = await createCore({ dataDir: mkdtempSync(join(tmpdir(), 'kassa-till-')), provisioningFiles, trustedProvisioningKeys: trusted });
    cores.push(core);
    return core;
  }

  async function settled(core: TerminalCore): Promise<Status> {
    for (;;) {
      const status = (await core.invoke('terminal.enrollmentStatus', undefined)) as Status;
      if (status.provisioning?.state !== 'enrolling') return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('enrolls itself at first start from a signed file, with no one typing anything', async () => {
    const { path } = await downloadedFile();
    const core = await startTill(['/nonexistent/provisioning.kassa', path]);
    const status = await settled(core);
    expect(status).toMatchObject({ enrolled: true, till: 'Till 1', provisioning: { state: 'enrolled', serviceUrl: service.url, workplace: 'Till 1' } });
    expect(status.provisioning?.file).toMatch(/^Kassa\..+\.kassa$/);
  });

  it('says a used code was refused, keeps the signed address, and enrolls with a new code pasted', async () => {
    const { path, code } = await downloadedFile();
    expect((await service.server.request('POST', '/api/v1/sync/enroll', { body: { code } })).status).toBe(201);
    const core = await startTill([path]);
    expect(await settled(core)).toMatchObject({ enrolled: false, provisioning: { state: 'failed', problem: 'code-refused', serviceUrl: service.url, workplace: 'Till 1' } });
    const fresh = await enrollmentCode(service.server, service.shop.token, service.world.workplace1);
    await expect(core.invoke('terminal.enroll', { serviceUrl: service.url, code: fresh })).resolves.toMatchObject({ workplaceId: service.world.workplace1 });
    expect(await core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({ enrolled: true });
  });

  it('does not try an expired file, but offers its signed address for a new code', async () => {
    const signer = await provisioningSigner(TEST_CONFIG);
    const past = new Date(Date.now() - 60 * 60 * 1000);
    const file = await signer.sign({ server: service.url, code: 'K7Q-4MZ-9TD', workplace: { id: service.world.workplace1, name: 'Till 1' }, exp: Math.floor(past.getTime() / 1000) + 600 }, past);
    const path = join(mkdtempSync(join(tmpdir(), 'kassa-provisioning-')), 'expired.kassa');
    writeFileSync(path, file);
    const core = await startTill([path]);
    expect(await settled(core)).toMatchObject({ enrolled: false, provisioning: { state: 'failed', problem: 'expired', serviceUrl: service.url } });
  });

  it('sends its file with the code, so the service refuses a code that is not of the workplace the file names', async () => {
    const signer = await provisioningSigner(TEST_CONFIG);
    const code = await enrollmentCode(service.server, service.shop.token, service.world.workplace1);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const file = await signer.sign({ server: service.url, code, business: { id: service.shop.businessId, name: '' }, workplace: { id: service.world.workplace2, name: 'Till 2' }, exp }, new Date());
    const path = join(mkdtempSync(join(tmpdir(), 'kassa-provisioning-')), 'mismatch.kassa');
    writeFileSync(path, file);
    const core = await startTill([path]);
    expect(await settled(core)).toMatchObject({ enrolled: false, provisioning: { state: 'failed', problem: 'code-refused', workplace: 'Till 2' } });
    // Refused before it was spent: the code still enrolls a till of its own workplace.
    expect((await service.server.request('POST', '/api/v1/sync/enroll', { body: { code } })).body.workplaceId).toBe(service.world.workplace1);
  });

  it('trusts no file signed by a key it was not built with, and names no address from it', async () => {
    const { path } = await downloadedFile();
    const other = await provisioningSigner({ jwtSecret: 'some-other-service-secret-long-enough-0123456789' });
    const core = await startTill([path], [other.publicJwk]);
    const status = await settled(core);
    expect(status).toMatchObject({ enrolled: false, provisioning: { state: 'failed', problem: 'untrusted' } });
    expect(status.provisioning?.serviceUrl).toBeUndefined();
    const none = await startTill([path], []);
    expect(await settled(none)).toMatchObject({ provisioning: { problem: 'untrusted' } });
  });

  it('refuses a signed file that names a plain-http service on another machine, without calling it', async () => {
    const signer = await provisioningSigner(TEST_CONFIG);
    const file = await signer.sign({ server: 'http://kassa.example.com', code: 'K7Q-4MZ-9TD', workplace: { id: 'w', name: 'Till 1' }, exp: Math.floor(Date.now() / 1000) + 600 }, new Date());
    const path = join(mkdtempSync(join(tmpdir(), 'kassa-provisioning-')), 'insecure.kassa');
    writeFileSync(path, file);
    const status = await settled(await startTill([path]));
    expect(status).toMatchObject({ enrolled: false, provisioning: { state: 'failed', problem: 'insecure-address' } });
    expect(status.provisioning?.serviceUrl).toBeUndefined();
  });

  it('enrolls by hand only with an https address, or plain http to this machine', async () => {
    const core = await startTill([]);
    expect((await core.invoke('terminal.enrollmentStatus', undefined)) as Status).not.toHaveProperty('provisioning');
    await expect(core.invoke('terminal.enroll', { serviceUrl: 'http://192.0.2.10:8080', code: 'K7Q-4MZ-9TD' })).rejects.toMatchObject({
      statusCode: 400,
      message: 'serviceUrl must be an https URL (plain http only to this machine itself)',
    });
    await expect(core.invoke('terminal.enroll', { serviceUrl: 'ftp://127.0.0.1', code: 'K7Q-4MZ-9TD' })).rejects.toMatchObject({ statusCode: 400 });
  });
});
