/**
 * The loopback load balancer in front of N service instances (`--instances N`), written for the harness so that
 * it counts what each instance served and cuts off exactly what a killed instance had in flight. Round robin per
 * request over the instances that are up, as a load balancer with health checks would route:
 *
 * - an instance that refuses the connection (it just died, its supervisor has not noticed yet) was sent nothing,
 *   so the request goes to the next one — what nginx's `proxy_next_upstream error` does;
 * - a request the instance had accepted and never answered (killed mid-request: it may or may not have
 *   committed) is never replayed elsewhere: the client's connection is destroyed, a network fault to the client,
 *   which must retry as it does after any lost answer;
 * - with every instance down, the client's connection is destroyed too.
 *
 * Bodies are buffered (requests are small JSON; answers at most a bootstrap page). Hand-written rather than an
 * npm proxy: its whole point is the per-instance accounting and the exact failure semantics above.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';

/** One upstream as the balancer sees it: where it listens and whether its process is up. */
export interface BalancedInstance {
  readonly port: number;
  readonly running: boolean;
}

export interface InstanceTraffic {
  /** Requests this instance answered (any status). */
  served: number;
  /** Requests it accepted and never answered (it was killed, or the connection broke): the client's was cut. */
  cutOff: number;
  /** Requests it refused to connect (sent to the next instance instead). */
  refused: number;
  /** Requests being handled by it right now. */
  inFlight: number;
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

class Refused extends Error {}

export class Balancer {
  private server: Server | null = null;
  private next = 0;
  private readonly agents: Agent[];
  readonly traffic: InstanceTraffic[];
  port = 0;

  constructor(private readonly instances: readonly BalancedInstance[]) {
    this.agents = instances.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
    this.traffic = instances.map(() => ({ served: 0, cutOff: 0, refused: 0, inFlight: 0 }));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** Drops the pooled connections to one instance (after it was killed: they lead nowhere). */
  forget(index: number): void {
    this.agents[index]?.destroy();
    this.agents[index] = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  async close(): Promise<void> {
    for (const agent of this.agents) agent.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }

  /** The instances to try for one request, in round-robin order starting after the previous request's. */
  private order(): number[] {
    const count = this.instances.length;
    const start = this.next;
    this.next = (this.next + 1) % count;
    const order: number[] = [];
    for (let step = 0; step < count; step += 1) {
      const index = (start + step) % count;
      if (this.instances[index]!.running) order.push(index);
    }
    return order;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      req.socket.destroy();
      return;
    }
    for (const index of this.order()) {
      const traffic = this.traffic[index]!;
      traffic.inFlight += 1;
      try {
        const answer = await this.forward(index, req, body);
        traffic.served += 1;
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        headers['content-length'] = String(answer.body.length);
        res.writeHead(answer.status, headers);
        res.end(answer.body);
        return;
      } catch (error) {
        if (error instanceof Refused) {
          traffic.refused += 1;
          continue;
        }
        traffic.cutOff += 1;
        req.socket.destroy();
        return;
      } finally {
        traffic.inFlight -= 1;
      }
    }
    // No instance up (or every one refused): the client sees a broken connection.
    req.socket.destroy();
  }

  private forward(index: number, req: IncomingMessage, body: Buffer): Promise<Answer> {
    const port = this.instances[index]!.port;
    return new Promise<Answer>((resolveAnswer, reject) => {
      const headers = { ...req.headers, host: `127.0.0.1:${port}`, 'content-length': String(body.length) };
      delete headers.connection;
      const upstream = httpRequest(
        { host: '127.0.0.1', port, path: req.url, method: req.method, headers, agent: this.agents[index] },
        (response) => {
          readBody(response).then(
            (text) => resolveAnswer({ status: response.statusCode ?? 502, headers: response.headers, body: text }),
            reject,
          );
        },
      );
      upstream.setTimeout(60_000, () => upstream.destroy(new Error('upstream timeout')));
      upstream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ECONNREFUSED' ? new Refused(error.message) : error),
      );
      upstream.end(body);
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
