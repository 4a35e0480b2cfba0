/**
 * The public keys a terminal build trusts provisioning files from (docs/downloads.md). `npm run dist` writes them
 * beside the bundles (dist/main/provisioning-keys.json) from KASSA_PROVISIONING_KEYS — the JSON the service serves
 * at /downloads/provisioning-key — so a file signed by any other key, however it reached the till, enrolls nothing.
 */
import type { JWK } from 'jose';

export const TRUSTED_KEYS_FILE = 'provisioning-keys.json';

/** The Ed25519 public keys of a `{ "keys": [JWK…] }` document; private parts and other key types are refused. */
export function parseTrustedKeys(text: string): JWK[] {
  const document = JSON.parse(text) as { keys?: unknown };
  if (!Array.isArray(document.keys) || document.keys.length === 0) throw new Error('must be {"keys": [...]} with at least one key');
  return document.keys.map((key: unknown, index) => {
    const jwk = key as JWK;
    if (typeof jwk !== 'object' || jwk === null || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
      throw new Error(`keys[${index}] must be an Ed25519 public key (kty OKP, crv Ed25519)`);
    }
    if (jwk.d !== undefined) throw new Error(`keys[${index}] is a private key: only the public half belongs in a build`);
    return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, ...(jwk.kid ? { kid: jwk.kid } : {}) };
  });
}

/** The keys of `text`, or none (logged) when absent or unreadable: no key means no provisioning file is trusted. */
export function trustedKeysFrom(text: string | undefined, log: (line: string) => void): JWK[] {
  if (text === undefined) {
    log('no provisioning keys in this build: provisioning files are refused; enroll with a code');
    return [];
  }
  try {
    return parseTrustedKeys(text);
  } catch (error) {
    log(`provisioning keys unreadable (${error instanceof Error ? error.message : String(error)}): provisioning files are refused`);
    return [];
  }
}
