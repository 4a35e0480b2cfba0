/**
 * The network between a till and the central service, for the end-to-end tests: an HTTP proxy that forwards every
 * request to the service as it is (the poke stream too, streamed), unless the test tells it to make one kind of
 * request meet a network fault — answered 503 "busy" with a Retry-After, as a loaded service or its load balancer
 * does, or cut (the connection dropped, as a flaky line does). The service and the till stay real; only the line
 * between them misbehaves, and only when told.
 */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A sync request as it passes: its path under /api/v1/sync/ and its JSON body (null when none or unreadable). */
export interface PassingRequest {
  readonly path: string;
  readonly body: { readonly installId?: string; readonly [field: string]: unknown } | null;
}

export type Fault = 'busy' | 'cut';

export interface SyncProxy {
  /** The address a till is enrolled with instead of the service's. */
  readonly url: string;
  /** The install the first enrollment through the proxy named (the original till), or null before one. */
  readonly enrolledInstall: () => string | null;
  /** From now on, each request the rule names meets that fault; null: everything passes. */
  fault(rule: ((request: PassingRequest) => Fault | null) | null): void;
  close(): Promise<void>;
}

const SYNC = '/api/v1/sync/';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parse(body: Buffer): PassingRequest['body'] {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as PassingRequest['body']) : null;
  } catch {
    return null;
  }
}

/** Forwards to the service at `target` (its port stays the same across its restarts). */
export async function startSyncProxy(target: () => string): Promise<SyncProxy> {
  let rule: ((request: PassingRequest) => Fault | null) | null = null;
  let enrolled: string | null = null;

  const pass = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const upstream = forward(new URL(request.url ?? '/', target()), { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    // The service down: the till sees what it would see without the proxy, a connection that fails.
    upstream.on('error', () => response.socket?.destroy());
    response.on('close', () => upstream.destroy());
    upstream.end(body);
  };

  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = request.url?.startsWith(SYNC) ? request.url.slice(SYNC.length).split('?')[0]! : '';
      const passing = { path, body: body.length > 0 ? parse(body) : null };
      if (path === 'enroll' && enrolled === null && typeof passing.body?.installId === 'string') enrolled = passing.body.installId;
      const fault = path && rule ? rule(passing) : null;
      if (fault === 'cut') return request.socket.destroy();
      if (fault === 'busy') {
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
        return response.end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Busy: try again shortly' }));
      }
      pass(request, response, body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    enrolledInstall: () => enrolled,
    fault(next) {
      rule = next;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
