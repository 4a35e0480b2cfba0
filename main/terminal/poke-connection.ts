/**
 * The till's kept connection to the service's poke stream (docs/sync.md, "Pokes"; server/sync/pokes-stream.ts):
 * server-sent events read from a streamed `fetch`, authenticated with the device credential like push and pull.
 * A `hello` (connected: changes made meanwhile were told to nobody) and every `poke` ask the sync engine for a
 * pull. The connection is `live` from its hello until it breaks; then it is `down` and reconnects after a fully
 * jittered, doubling delay — the sync engine polls meanwhile, so nothing depends on this connection but speed.
 *
 * Hand-written rather than an EventSource library: the stream has three event names and no data a till reads, the
 * credential goes in a header (the browser EventSource API cannot send one), and the watchdog below is ours.
 * A connection that stays silent past `idleTimeoutMs` (the service sends a heartbeat every 15 s) is taken for dead
 * and opened again: a proxy or a sleeping laptop can leave a socket that never errors.
 */

export type PokeLinkState = 'connecting' | 'live' | 'down';

export interface PokeEndpoint {
  readonly url: string;
  readonly token: string;
}

export interface PokeConnectionOptions {
  /** Where to connect, or null while the till cannot (not enrolled, its credential refused): retried later. */
  readonly endpoint: () => Promise<PokeEndpoint | null>;
  readonly onPoke: () => void;
  readonly onState: (state: PokeLinkState) => void;
  readonly idleTimeoutMs?: number;
  readonly baseBackoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly random?: () => number;
  readonly fetch?: typeof fetch;
}

/** Whether a connection should be opened at all: a link the sync engine can start and stop. */
export interface PokeLink {
  start(): void;
  stop(): Promise<void>;
}

export class PokeConnection implements PokeLink {
  private running = false;
  private loop: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private failures = 0;
  private wakeSleep: (() => void) | null = null;
  private readonly idleTimeoutMs: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: PokeConnectionOptions) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
    this.baseBackoffMs = options.baseBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort?.abort();
    this.wakeSleep?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const endpoint = await this.options.endpoint().catch(() => null);
      let wasLive = false;
      if (endpoint && this.running) {
        this.options.onState('connecting');
        wasLive = await this.connectOnce(endpoint).catch(() => false);
      }
      if (!this.running) break;
      this.options.onState('down');
      // A connection that was live for a while starts the delays over; one that keeps failing backs off.
      this.failures = wasLive ? 0 : this.failures + 1;
      await this.sleep(this.backoff());
    }
  }

  private backoff(): number {
    const ceiling = Math.min(this.maxBackoffMs, this.baseBackoffMs * 2 ** Math.min(this.failures, 20));
    return Math.round((this.options.random ?? Math.random)() * ceiling);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleep = done;
    });
  }

  /** One connection, until it ends; whether it was live (said hello). */
  private async connectOnce(endpoint: PokeEndpoint): Promise<boolean> {
    const abort = new AbortController();
    this.abort = abort;
    let idle: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => abort.abort(), this.idleTimeoutMs);
    };
    let live = false;
    try {
      watch();
      const response = await (this.options.fetch ?? fetch)(endpoint.url, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${endpoint.token}` },
        signal: abort.signal,
      });
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        return false;
      }
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        watch();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = /^event: (\S+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (event === 'hello') {
            live = true;
            this.options.onState('live');
            this.options.onPoke();
          } else if (event === 'poke') this.options.onPoke();
          else if (event === 'closed') return live;
        }
      }
      return live;
    } catch {
      return live;
    } finally {
      clearTimeout(idle);
      abort.abort();
      if (this.abort === abort) this.abort = null;
    }
  }
}
