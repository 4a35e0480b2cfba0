/**
 * Salted scrypt hashes for passwords and PINs. Stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can
 * be raised later without breaking old hashes. Verification is constant-time. Runs on the libuv thread pool so
 * the event loop keeps serving while a hash is computed.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface HashCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** Passwords: N=2^15 (~32 MiB, tens of milliseconds), OWASP's scrypt baseline. */
export const PASSWORD_COST: HashCost = { N: 2 ** 15, r: 8, p: 1 };
/**
 * PINs: a 4-digit PIN has 10,000 values, so no hash cost makes a stolen hash safe; the protection is the
 * lockout after repeated failures. The salt still keeps equal PINs from looking equal, and a modest cost keeps
 * login (which may try every employee of a workplace) fast.
 */
export const PIN_COST: HashCost = { N: 2 ** 12, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, cost: HashCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashSecret(secret: string, cost: HashCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random secret, for comparing against when the account does not exist (same timing). */
export const DUMMY_PASSWORD_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
