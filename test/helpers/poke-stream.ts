/**
 * A till's poke stream as tests see it: `GET /api/v1/sync/pokes` over a real socket (server-sent events cannot go
 * through inject, which waits for the whole answer), its events collected as they arrive.
 */
export interface PokeStream {
  readonly status: number;
  /** Event names received so far (`hello`, `poke`, `closed`; `heartbeat` for a comment line). */
  readonly events: string[];
  /** Resolves when `count` events named `name` have arrived; rejects after `timeoutMs`. */
  waitFor(name: string, count?: number, timeoutMs?: number): Promise<void>;
  count(name: string): number;
  close(): void;
}

export async function openPokeStream(baseUrl: string, token: string | null): Promise<PokeStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/sync/pokes`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: controller.signal,
  });
  const events: string[] = [];
  const listeners = new Set<() => void>();
  if (response.status === 200 && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const named = /^event: (\S+)$/m.exec(block);
            events.push(named ? named[1]! : block.startsWith(':') ? 'heartbeat' : 'unnamed');
            for (const listener of listeners) listener();
          }
        }
      } catch {
        // aborted by close()
      }
      events.push('end');
      for (const listener of listeners) listener();
    })();
  } else await response.text();
  const count = (name: string) => events.filter((event) => event === name).length;
  return {
    status: response.status,
    events,
    count,
    waitFor(name, wanted = 1, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (count(name) >= wanted) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${wanted} × ${name} within ${timeoutMs} ms; got ${events.join(', ')}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
