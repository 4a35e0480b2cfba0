/**
 * Browser mode: the terminal without Electron. A local HTTP server on 127.0.0.1 serves the renderer and carries
 * the same RPC as the IPC bridge over a WebSocket (`/rpc`, frames in shared/terminal-contract.ts), through the same dispatcher.
 *
 * Who may connect: only a page that knows this run's secret. The printed URL carries it in its fragment (never
 * sent over the network); the page offers it as a WebSocket subprotocol (`kassa-secret.<secret>`), checked in
 * constant time before the connection opens. The Origin header must be this host's own origin and the Host header
 * this host (parsed and compared exactly), so another site open in the same browser, or a DNS-rebinding name,
 * cannot use the terminal even if it guessed the port.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  RPC_PATH,
  RPC_SUBPROTOCOL,
  SECRET_CHECK_PATH,
  SECRET_FRAGMENT_KEY,
  SECRET_HEADER,
  SECRET_SUBPROTOCOL_PREFIX,
  type EventFrame,
  type ResultFrame,
} from '../shared/terminal-contract.js';
import type { Dispatcher } from './core/dispatcher.js';
import { contentSecurityPolicy, parseUrl, securityHeaders } from './security.js';
import { staticResponse } from './static-files.js';

export interface BrowserHostOptions {
  readonly dispatcher: Dispatcher;
  /** The renderer's build directory (a placeholder page is served while it has no index.html). */
  readonly rendererDir: string;
  /** 0 (default) for a free port chosen by the system. */
  readonly port?: number;
  /** The per-run secret; a fresh random one by default (tests may fix it). */
  readonly secret?: string;
  /** Largest WebSocket frame accepted, in bytes. Default 1 MiB (the service's default body limit). */
  readonly maxFrameBytes?: number;
  readonly log?: (line: string) => void;
}

export interface BrowserHost {
  /** The URL to open: this host's origin with the secret in the fragment. */
  readonly url: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The interface browser mode listens on; never another (the terminal is not a network service). */
export const BROWSER_HOST = '127.0.0.1';

/** 32 random bytes, base64url: valid in a URL fragment and as a subprotocol token. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two secrets of any lengths (both are hashed to the same length first). */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The one name this server answers to: its own address, on its own port. Not `localhost`: that name may resolve
 * to ::1, where this server (IPv4 only) does not listen — and where another program might.
 */
const OWN_HOSTNAMES = new Set([BROWSER_HOST]);

function isOwnAuthority(url: URL, port: number): boolean {
  return OWN_HOSTNAMES.has(url.hostname) && Number(url.port || 80) === port && url.username === '' && url.password === '';
}

/** True when the Host header names this server (parsed as a URL authority, compared exactly). */
export function isOwnHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader || /[/?#@\\]/.test(hostHeader)) return false;
  const url = parseUrl(`http://${hostHeader}`);
  return url !== undefined && isOwnAuthority(url, port);
}

/** True when the Origin header is this server's own origin (parsed; scheme, host and port compared exactly). */
export function isOwnOrigin(originHeader: string | undefined, port: number): boolean {
  const url = parseUrl(originHeader);
  return url !== undefined && url.protocol === 'http:' && url.origin === originHeader && isOwnAuthority(url, port);
}

/** The secret a client offered as a subprotocol, if it offered our protocol and exactly one secret. */
export function offeredSecret(protocolHeader: string | undefined): string | undefined {
  const offered = (protocolHeader ?? '').split(',').map((token) => token.trim());
  if (!offered.includes(RPC_SUBPROTOCOL)) return undefined;
  const secrets = offered.filter((token) => token.startsWith(SECRET_SUBPROTOCOL_PREFIX));
  return secrets.length === 1 ? secrets[0]?.slice(SECRET_SUBPROTOCOL_PREFIX.length) : undefined;
}

function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function sendJson(socket: WebSocket, frame: ResultFrame | EventFrame): void {
  let text: string;
  try {
    text = JSON.stringify(frame);
  } catch {
    // A value JSON cannot carry (a bigint): the core broke its contract; the client still gets an answer.
    if (frame.type !== 'result') return;
    text = JSON.stringify({ type: 'result', id: frame.id, ok: false, error: { statusCode: 500, message: 'Internal error' } } satisfies ResultFrame);
  }
  if (socket.readyState === socket.OPEN) socket.send(text);
}

function invokeFrame(data: string): { id: string | number; operation: unknown; input: unknown } | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return undefined;
  const { type, id, operation, input } = frame as Record<string, unknown>;
  const goodId = (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length > 0 && id.length <= 64);
  if (type !== 'invoke' || !goodId) return undefined;
  return { id: id as string | number, operation, input };
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { dispatcher, rendererDir, log = () => {} } = options;
  const secret = options.secret ?? newSecret();
  const server: Server = createServer();
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? 1024 * 1024,
    // Answer with our protocol only; the secret token is never echoed.
    handleProtocols: (protocols) => (protocols.has(RPC_SUBPROTOCOL) ? RPC_SUBPROTOCOL : false),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, BROWSER_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${BROWSER_HOST}:${port}`;
  const headers = securityHeaders(contentSecurityPolicy({ connectSources: [`ws://${BROWSER_HOST}:${port}`] }));

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void serveFile(request, response).catch((error: unknown) => {
      log(`static file failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
  });

  async function serveFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isOwnHost(request.headers.host, port)) {
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    const url = parseUrl(`http://${BROWSER_HOST}${request.url ?? '/'}`);
    if (url?.pathname === SECRET_CHECK_PATH) return checkSecret(request, response);
    const answer = await staticResponse(rendererDir, request.method ?? 'GET', url?.pathname ?? '/', headers);
    response.writeHead(answer.status, answer.headers).end(answer.body);
  }

  /**
   * Is the secret this page holds the current run's? Same-origin POSTs only (a POST carries Origin; another site's
   * page would need a preflight with the custom header, which is never granted), compared in constant time.
   */
  function checkSecret(request: IncomingMessage, response: ServerResponse): void {
    const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    if (request.method !== 'POST') return void response.writeHead(405, { ...plain, allow: 'POST' }).end('Method not allowed');
    if (!isOwnOrigin(request.headers.origin, port)) return void response.writeHead(403, plain).end('Forbidden');
    const given = request.headers[SECRET_HEADER];
    const current = typeof given === 'string' && secretsEqual(given, secret);
    // 200 either way: a 401 would be logged as an error by the browser for a page that is working as designed.
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ current }));
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = parseUrl(`http://${BROWSER_HOST}${request.url ?? '/'}`);
    if (url?.pathname !== RPC_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!isOwnHost(request.headers.host, port)) return refuseUpgrade(socket, 400, 'Bad Request');
    if (!isOwnOrigin(request.headers.origin, port)) {
      log(`WebSocket refused: foreign origin ${String(request.headers.origin).slice(0, 200)}`);
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    const given = offeredSecret(request.headers['sec-websocket-protocol']);
    if (given === undefined || !secretsEqual(given, secret)) {
      log('WebSocket refused: missing or wrong secret');
      return refuseUpgrade(socket, 401, 'Unauthorized');
    }
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client, request));
  });

  sockets.on('connection', (client: WebSocket) => {
    const unsubscribe = dispatcher.subscribe((name, payload) => sendJson(client, { type: 'event', name, payload }));
    client.on('close', unsubscribe);
    client.on('message', (data, isBinary) => {
      const frame = isBinary ? undefined : invokeFrame(data.toString());
      // A frame that is not an invoke cannot be answered by id: the client is broken, so it is disconnected.
      if (!frame) return client.close(1008, 'invalid frame');
      void dispatcher.call(frame.operation, frame.input).then((result) => sendJson(client, { type: 'result', id: frame.id, ...result }));
    });
  });

  return {
    url: `${origin}/#${SECRET_FRAGMENT_KEY}=${secret}`,
    origin,
    port,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
