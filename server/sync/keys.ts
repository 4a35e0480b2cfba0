/**
 * Keys the sync operations derive from the service secret (JWT_SECRET), one per purpose, so a value made for one
 * purpose is useless for another: enrollment-code digests and bootstrap page-token signatures. Rotating the secret
 * invalidates live enrollment codes and running bootstraps (and every token), nothing else.
 */
import { createHmac } from 'node:crypto';

export interface SyncKeys {
  readonly enrollmentCode: Uint8Array;
  readonly pageToken: Uint8Array;
}

const derived = new Map<string, SyncKeys>();

export function syncKeys(secret: string): SyncKeys {
  let keys = derived.get(secret);
  if (!keys) {
    const derive = (purpose: string) => createHmac('sha256', secret).update(`kassa/${purpose}/v1`).digest();
    keys = { enrollmentCode: derive('enrollment-code'), pageToken: derive('bootstrap-page-token') };
    derived.set(secret, keys);
  }
  return keys;
}
