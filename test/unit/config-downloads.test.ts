import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { ed25519FromSeed, provisioningSigner } from '../../server/downloads/provisioning-signer.js';

const SECRET = 'a-development-secret-long-enough-0123456789';

describe('configuration of the per-workplace download', () => {
  it('reads RELEASES_DIR, PUBLIC_URL (a bare origin) and PROVISIONING_KEY_SEED', () => {
    const seed = Buffer.alloc(32, 7).toString('base64url');
    const config = loadConfig({ JWT_SECRET: SECRET, RELEASES_DIR: '/srv/kassa/releases', PUBLIC_URL: 'https://kassa.example.com', PROVISIONING_KEY_SEED: seed });
    expect(config).toMatchObject({ releasesDir: '/srv/kassa/releases', publicUrl: 'https://kassa.example.com', provisioningKeySeed: seed });
    expect(loadConfig({ JWT_SECRET: SECRET })).not.toHaveProperty('releasesDir');
  });

  it('refuses a PUBLIC_URL with a path or another scheme, and a seed that is not 32 bytes', () => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://kassa.example.com/console' })).toThrow(/bare origin/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL: 'ftp://kassa.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, PROVISIONING_KEY_SEED: 'c2hvcnQ' })).toThrow(/32 random bytes/);
  });

  it('signs with one key per seed, the same on every instance, and another for another seed', async () => {
    const a = await provisioningSigner({ jwtSecret: SECRET });
    const again = await provisioningSigner({ jwtSecret: SECRET });
    const seeded = await provisioningSigner({ jwtSecret: SECRET, provisioningKeySeed: Buffer.alloc(32, 1).toString('base64url') });
    expect(a.publicJwk).toEqual(again.publicJwk);
    expect(seeded.publicJwk.x).not.toBe(a.publicJwk.x);
    expect(a.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(a.publicJwk).not.toHaveProperty('d');
    expect(() => ed25519FromSeed(new Uint8Array(31))).toThrow(/32 bytes/);
  });
});
