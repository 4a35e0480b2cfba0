/** The raw sync calls bench/sync/pokes.ts and its till processes (./pokes-tills.ts) share. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds since the epoch, sub-millisecond, comparable across processes (performance.now() is not). */
export const wallNow = () => performance.timeOrigin + performance.now();

/** The change markers a pull page carries (each change's client is named with one). */
export const MARKER = /poke-mark-\d+-[a-z0-9]+/g;

export async function post(baseUrl: string, path: string, token: string, body: unknown): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/sync/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${path} → ${response.status} ${text.slice(0, 200)}`);
  return text;
}

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
