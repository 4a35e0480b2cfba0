/**
 * The fault-injecting HTTP proxy between the terminals and the service. Terminal `tN` talks to
 * `http://127.0.0.1:<proxy>/t/tN`; the proxy strips the prefix and forwards to the service, applying the rules
 * set for that terminal:
 *
 * - partition `refuse`: the connection is dropped at once (as a refused connection); `hang`: never answered —
 *   the client's own timeout gives up (the hung sockets are dropped when the partition heals);
 * - lose response: the request is forwarded, the service answers (it has committed), and the client's socket is
 *   destroyed before the answer is written — the lost-ack case exactly-once must survive;
 * - duplicate: the request is forwarded twice (at once, or again after the first answer) and the client gets the
 *   first answer;
 * - delay: held for a while before forwarding;
 * - late (reorder): held past the client's timeout and delivered anyway, after the client has given up and
 *   usually sent a newer request — an old push arriving after a newer one.
 *
 * The proxy reports what it forwards and answers to observers (the nemesis uses that to kill a terminal in the
 * middle of a pull or right after its push reached the service). `/naive/…` paths go to the naive protocol's
 * adapter (test-only, sim/naive/) behind the same faults.
 */
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Random } from './random.js';

export interface FaultRules {
  readonly partition: 'refuse' | 'hang' | null;
  /** Probabilities per request. */
  readonly loseResponse: number;
  readonly duplicate: number;
  readonly late: number;
  /** Extra delay before forwarding, in ms (uniform in the range), or null. */
  readonly delayMs: readonly [number, number] | null;
}

export const NO_FAULTS: FaultRules = { partition: null, loseResponse: 0, duplicate: 0, late: 0, delayMs: null };

export interface ProxyEvent {
  readonly terminal: string;
  /** The path without the terminal prefix, e.g. `/api/v1/sync/pull`. */
  readonly path: string;
  /** `forwarded`: the service has the request; `answered`: its answer is being written to the terminal. */
  readonly phase: 'forwarded' | 'answered';
  readonly status?: number;
}

interface Upstream {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export class FaultProxy {
  private server: Server | null = null;
  private readonly rules = new Map<string, FaultRules>();
  private readonly hung = new Set<Socket>();
  private readonly observers: ((event: ProxyEvent) => void)[] = [];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 32 });
  readonly counts: Record<string, number> = {};
  port = 0;
  /** Where `/naive/…` requests go (the naive adapter's process), or null while it is down. */
  naiveUpstream: () => string | null = () => null;

  constructor(
    /** The service's URL, or null while it is down. */
    private readonly upstream: () => string | null,
    private readonly random: Random,
    /** How long a late request is held (beyond the terminals' request timeout). */
    private readonly lateHoldMs: readonly [number, number] = [5_500, 8_000],
  ) {}

  async listen(): Promise<number> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this.port;
  }

  urlFor(terminal: string): string {
    return `http://127.0.0.1:${this.port}/t/${terminal}`;
  }

  observe(observer: (event: ProxyEvent) => void): () => void {
    this.observers.push(observer);
    return () => {
      const index = this.observers.indexOf(observer);
      if (index >= 0) this.observers.splice(index, 1);
    };
  }

  set(terminal: string, rules: Partial<FaultRules>): void {
    this.rules.set(terminal, { ...(this.rules.get(terminal) ?? NO_FAULTS), ...rules });
    if (rules.partition === null) this.releaseHung();
  }

  clear(terminal: string): void {
    this.rules.delete(terminal);
    this.releaseHung();
  }

  /** Removes every fault and drops the hung connections (their clients retry). */
  heal(): void {
    this.rules.clear();
    this.releaseHung();
  }

  async close(): Promise<void> {
    this.heal();
    this.agent.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }

  private releaseHung() {
    for (const socket of this.hung) socket.destroy();
    this.hung.clear();
  }

  private count(kind: string) {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
  }

  private emit(event: ProxyEvent) {
    for (const observer of [...this.observers]) observer(event);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/t\/([A-Za-z0-9_-]+)(\/.*)$/.exec(req.url ?? '');
    const body = await readBody(req).catch(() => null);
    if (!match || body === null) {
      res.writeHead(404).end();
      return;
    }
    const [, terminal, path] = match as unknown as [string, string, string];
    const rules = this.rules.get(terminal) ?? NO_FAULTS;
    if (rules.partition === 'refuse') {
      this.count('partition-refused');
      req.socket.destroy();
      return;
    }
    if (rules.partition === 'hang') {
      this.count('partition-hung');
      this.hung.add(req.socket);
      req.socket.once('close', () => this.hung.delete(req.socket));
      return;
    }
    if (rules.delayMs) {
      this.count('delayed');
      await sleepMs(this.random.int(rules.delayMs[0], rules.delayMs[1]));
    }
    if (this.random.chance(rules.late)) {
      // Delivered after the client gave up: its answer goes nowhere.
      this.count('late');
      const hold = this.random.int(this.lateHoldMs[0], this.lateHoldMs[1]);
      setTimeout(() => void this.forward(terminal, path, req, body).catch(() => undefined), hold);
      this.hung.add(req.socket);
      return;
    }
    const duplicate = this.random.chance(rules.duplicate);
    const concurrent = this.random.chance(0.5);
    const lose = this.random.chance(rules.loseResponse);
    let answer: Upstream;
    try {
      if (duplicate && concurrent) {
        this.count('duplicated');
        const [first] = await Promise.allSettled([this.forward(terminal, path, req, body), this.forward(terminal, path, req, body)]);
        if (first.status === 'rejected') throw first.reason;
        answer = first.value;
      } else {
        answer = await this.forward(terminal, path, req, body);
        if (duplicate) {
          this.count('duplicated');
          await this.forward(terminal, path, req, body).catch(() => undefined);
        }
      }
    } catch {
      // The service is down or dropped the connection: the terminal sees a broken connection.
      this.count('upstream-failed');
      req.socket.destroy();
      return;
    }
    if (lose) {
      this.count('response-lost');
      req.socket.destroy();
      return;
    }
    this.emit({ terminal, path, phase: 'answered', status: answer.status });
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  private async forward(terminal: string, path: string, req: IncomingMessage, body: Buffer): Promise<Upstream> {
    const base = path.startsWith('/naive/') ? this.naiveUpstream() : this.upstream();
    if (base === null) throw new Error('down');
    const target = new URL(path, base);
    return new Promise<Upstream>((resolveAnswer, reject) => {
      const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
      delete headers.connection;
      const upstream = httpRequest(target, { method: req.method, headers, agent: this.agent }, (response) => {
        readBody(response).then((text) => resolveAnswer({ status: response.statusCode ?? 502, headers: response.headers, body: text }), reject);
      });
      upstream.setTimeout(30_000, () => upstream.destroy(new Error('upstream timeout')));
      upstream.once('error', reject);
      upstream.end(body, () => this.emit({ terminal, path, phase: 'forwarded' }));
    });
  }
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolveBody(Buffer.concat(chunks)));
    stream.once('error', reject);
    stream.once('aborted', () => reject(new Error('aborted')));
  });
}

const sleepMs = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

