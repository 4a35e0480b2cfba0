/**
 * Signs provisioning files (shared/provisioning/provisioning.ts) with the service's Ed25519 key. The key is a
 * 32-byte seed: PROVISIONING_KEY_SEED when configured, otherwise derived from JWT_SECRET, so every instance behind
 * a load balancer signs with the same key without another file to share. Its public half is served at
 * /downloads/provisioning-key for the terminal's build to trust (docs/downloads.md).
 *
 * One key for every business, on purpose: a build trusts keys fixed when it is built, and businesses are created
 * after it; per-business keys derived from this one (HKDF over the business id) would have public halves no build
 * could know. A file is bound to its business and workplace by its signed payload instead, and the service checks
 * that binding when the till enrolls with it (`readOwnProvisioning`, server/sync/handlers.ts).
 */
import { createHmac, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, errors, exportJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { ProvisioningPayload, PROVISIONING_TYPE } from '../../shared/provisioning/provisioning.js';

export interface ProvisioningSigner {
  /** The public key as a JWK with its `kid` (the RFC 7638 thumbprint), for builds to trust. */
  readonly publicJwk: JWK;
  sign(payload: Omit<ProvisioningPayload, 'v' | 'iat'>, now: Date): Promise<string>;
}

/** PKCS#8 DER of an Ed25519 private key is this fixed prefix followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function ed25519FromSeed(seed: Uint8Array): KeyObject {
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

function seedOf(config: { jwtSecret: string; provisioningKeySeed?: string }): Uint8Array {
  if (config.provisioningKeySeed) return Buffer.from(config.provisioningKeySeed, 'base64url');
  return createHmac('sha256', config.jwtSecret).update('kassa/provisioning-key/v1').digest();
}

export async function provisioningSigner(config: { jwtSecret: string; provisioningKeySeed?: string }): Promise<ProvisioningSigner> {
  const privateKey = ed25519FromSeed(seedOf(config));
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk);
  const publicJwk: JWK = { ...jwk, kid, alg: 'EdDSA', use: 'sig' };
  return {
    publicJwk,
    async sign(payload, now) {
      const { exp, ...claims } = payload;
      return new SignJWT({ v: 1, ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: PROVISIONING_TYPE })
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(exp)
        .sign(privateKey);
    },
  };
}

/**
 * A provisioning file a till sends with its enrollment, read with this service's current key: its payload, or
 * `expired` (signed here, its code's time over), or `untrusted` (another key, altered, malformed).
 */
export async function readOwnProvisioning(
  config: { jwtSecret: string; provisioningKeySeed?: string },
  jws: string,
  now: Date,
): Promise<{ payload: ProvisioningPayload } | { problem: 'expired' | 'untrusted' }> {
  try {
    const publicKey = createPublicKey(ed25519FromSeed(seedOf(config)));
    const { payload } = await jwtVerify(jws, publicKey, { algorithms: ['EdDSA'], typ: PROVISIONING_TYPE, currentDate: now });
    const parsed = ProvisioningPayload.safeParse(payload);
    return parsed.success ? { payload: parsed.data } : { problem: 'untrusted' };
  } catch (error) {
    return { problem: error instanceof errors.JWTExpired ? 'expired' : 'untrusted' };
  }
}
