/**
 * Bootstrap page tokens: where the next page starts. Opaque to the terminal and signed (HMAC-SHA-256 under a
 * key derived from the service secret, bound to the business and terminal), so a client cannot point a bootstrap
 * at tables or positions of its own invention. The tenant and scope never come from the token anyway — they come
 * from the credential — but a forged position must not be able to turn into odd reads either.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PagePosition {
  /** The business version the bootstrap started at. */
  readonly snapshotVersion: bigint;
  /** The scope fingerprint the bootstrap started with (./scope.ts). */
  readonly scopeKey: string;
  /** The tables of this bootstrap, in order, and their row counts at the snapshot. */
  readonly tables: readonly string[];
  readonly totals: readonly number[];
  /** The table the next page reads, the last id already delivered from it, and how many rows that was. */
  readonly index: number;
  readonly after: string | null;
  readonly rowsDone: number;
}

const MAC_BYTES = 16;

function mac(key: Uint8Array, binding: string, payload: string): Buffer {
  return createHmac('sha256', key).update(binding).update('\n').update(payload).digest().subarray(0, MAC_BYTES);
}

export function encodePageToken(position: PagePosition, key: Uint8Array, binding: string): string {
  const payload = Buffer.from(
    JSON.stringify({
      s: position.snapshotVersion.toString(),
      k: position.scopeKey,
      q: position.tables,
      n: position.totals,
      i: position.index,
      a: position.after,
      d: position.rowsDone,
    }),
  ).toString('base64url');
  return `${payload}.${mac(key, binding, payload).toString('base64url')}`;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The position a token carries, or null when it is not a token this service issued for this terminal. */
export function decodePageToken(token: string, key: Uint8Array, binding: string): PagePosition | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, binding, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { s, k, q, n, i, a, d } = fields;
  if (typeof s !== 'string' || !/^[0-9]{1,19}$/.test(s) || typeof k !== 'string') return null;
  if (!Array.isArray(q) || !q.every((table) => typeof table === 'string')) return null;
  if (!Array.isArray(n) || n.length !== q.length || !n.every(isCount)) return null;
  if (!isCount(i) || i > q.length || !isCount(d) || (a !== null && typeof a !== 'string')) return null;
  return { snapshotVersion: BigInt(s), scopeKey: k, tables: q as string[], totals: n as number[], index: i, after: a, rowsDone: d };
}
