/** The raw sync calls of the sync benches: bench/sync/pokes.ts, its till processes (./pokes-tills.ts), the fleet of ./run.ts. */
import http from 'node:http';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds since the epoch, sub-millisecond, comparable across processes (performance.now() is not). */
export const wallNow = () => performance.timeOrigin + performance.now();

/** The change markers a pull page carries (each change's client is named with one). */
export const MARKER = /poke-mark-\d+-[a-z0-9]+/g;

/**
 * One sync call over a kept connection. node:http rather than fetch: the tills share this machine's two cores with
 * the service they measure (real tills are separate machines), and fetch's per-request work (streams, Headers,
 * promises) cost the till process about as much CPU per pull as the service spent answering it.
 */
export function post(baseUrl: string, path: string, token: string, body: unknown): Promise<string> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/v1/sync/${path}`,
      { method: 'POST', agent: keptConnections, headers: { 'content-type': 'application/json', 'content-length': payload.length, authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 201) reject(new Error(`${path} → ${response.statusCode} ${text.slice(0, 200)}`));
          else resolve(text);
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const keptConnections = new http.Agent({ keepAlive: true });

/** The cursor and hasMore of a pull page, read from its head (the service writes them first: app/sync/pull.ts). */
export function headOf(page: string): { cursor: string | null; hasMore: boolean } {
  const cursor = /^\{"protocolVersion":\d+,"cursor":(null|"[^"]*")/.exec(page);
  if (!cursor) throw new Error(`not a pull page: ${page.slice(0, 120)}`);
  return { cursor: cursor[1] === 'null' ? null : (JSON.parse(cursor[1]!) as string), hasMore: /"hasMore":true/.test(page.slice(0, 400)) };
}

/** A till as its process needs it. */
export interface TillSpec {
  readonly index: number;
  readonly terminalId: string;
  readonly token: string;
  readonly epoch: string;
  readonly cursor: string | null;
}

/** From bench/sync/pokes.ts to a till process. */
export type ToTills =
  | { readonly type: 'start'; readonly baseUrl: string; readonly mode: 'pokes' | 'polling'; readonly pollMs: number; readonly tills: readonly TillSpec[] }
  | { readonly type: 'stop' };

/** From a till process: a till is live (its stream said hello), a page arrived holding markers, a pull's time. */
export type FromTills =
  | { readonly type: 'live' }
  | { readonly type: 'seen'; readonly index: number; readonly markers: readonly string[]; readonly at: number }
  | { readonly type: 'pull'; readonly ms: number }
  | { readonly type: 'error'; readonly message: string };
