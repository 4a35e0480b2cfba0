import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host.js';
import { RPC_SUBPROTOCOL, type TerminalEventName } from '../../shared/terminal-contract.js';
import type { CoreEventListener, TerminalCore } from '../../main/core/api.js';
import { createDispatcher } from '../../main/core/dispatcher.js';

const SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuv';

let dir: string;
let host: BrowserHost;
let emit: (name: string, payload: unknown) => void;
let calls: Array<{ operation: string; input: unknown }>;
const open: WebSocket[] = [];

function fakeCore(): TerminalCore {
  const listeners = new Set<CoreEventListener>();
  emit = (name, payload) => listeners.forEach((listener) => listener(name as TerminalEventName, payload));
  return {
    async invoke(operation, input) {
      calls.push({ operation, input });
      if (operation === 'WarehouseController_findOne') return { id: (input as { params: { id: string } }).params.id, name: 'Main' };
      if (operation === 'WarehouseController_remove') return { big: 1n };
      return null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async pendingOperations() {
      return 0;
    },
    async close() {},
  };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kassa-renderer-'));
  calls = [];
  host = await startBrowserHost({ dispatcher: createDispatcher(fakeCore()), rendererDir: join(dir, 'dist'), secret: SECRET });
});

afterEach(async () => {
  for (const socket of open.splice(0)) socket.terminate();
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

type Outcome = { socket: WebSocket; status?: undefined } | { status: number; socket?: undefined };

function connect(options: { secret?: string | null; origin?: string | null; host?: string; path?: string; protocols?: string[] } = {}): Promise<Outcome> {
  const secret = options.secret === undefined ? SECRET : options.secret;
  const protocols = options.protocols ?? [RPC_SUBPROTOCOL, ...(secret === null ? [] : [`kassa-secret.${secret}`])];
  const origin = options.origin === undefined ? host.origin : options.origin;
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}${options.path ?? '/rpc'}`, protocols, {
    ...(origin === null ? {} : { origin }),
    ...(options.host ? { headers: { host: options.host } } : {}),
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0 }));
    socket.once('error', reject);
  });
}

function nextFrame(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>)));
}

async function invoke(socket: WebSocket, id: string | number, operation: string, input?: unknown) {
  const answer = nextFrame(socket);
  socket.send(JSON.stringify({ type: 'invoke', id, operation, input }));
  return answer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser mode: who may connect', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying the secret in its fragment', () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#secret=${SECRET}`);
  });

  it('accepts a connection with the secret, from its own origin, and answers with its protocol only', async () => {
    const { socket } = await connect();
    expect(socket?.protocol).toBe(RPC_SUBPROTOCOL);
  });

  it('refuses a connection without the secret or with a wrong one (401)', async () => {
    expect((await connect({ secret: null })).status).toBe(401);
    expect((await connect({ secret: 'wrong' })).status).toBe(401);
    expect((await connect({ secret: `${SECRET}x` })).status).toBe(401);
    expect((await connect({ secret: SECRET.slice(0, -1) })).status).toBe(401);
    expect((await connect({ protocols: [`kassa-secret.${SECRET}`] })).status).toBe(401);
    expect((await connect({ protocols: [RPC_SUBPROTOCOL, `kassa-secret.${SECRET}`, 'kassa-secret.other'] })).status).toBe(401);
  });

  it('refuses a foreign or look-alike Origin even with the right secret (403)', async () => {
    for (const origin of [
      'https://evil.example',
      `http://127.0.0.1.evil.example:${host.port}`,
      `http://evil.example/http://127.0.0.1:${host.port}`,
      `http://127.0.0.1:${host.port + 1}`,
      `https://127.0.0.1:${host.port}`,
      `http://127.0.0.1:${host.port}/`,
      'null',
      'file://',
    ]) {
      expect((await connect({ origin })).status, origin).toBe(403);
    }
    expect((await connect({ origin: null })).status).toBe(403);
  });

  it('refuses the localhost spelling of its origin and Host: it listens on 127.0.0.1 only, and localhost may be ::1', async () => {
    expect(await connect({ origin: `http://localhost:${host.port}` })).toEqual({ status: 403 });
    expect(await connect({ host: `localhost:${host.port}` })).toEqual({ status: 400 });
    expect((await get('/', { host: `localhost:${host.port}` })).status).toBe(421);
  });

  it('binds 127.0.0.1 and nothing else: the same port on IPv6 loopback is not this server', async () => {
    const answer = (address: string) =>
      new Promise<string>((resolve) => {
        const socket = createConnection({ host: address, port: host.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    expect(await answer('127.0.0.1')).toBe('connected');
    expect(await answer('::1')).toBe('ECONNREFUSED');
  });

  it('refuses a Host header that is not this host (DNS rebinding) and any other path', async () => {
    expect((await connect({ host: `evil.example:${host.port}` })).status).toBe(400);
    expect((await connect({ path: '/other' })).status).toBe(404);
    expect((await get('/', { host: `evil.example:${host.port}` })).status).toBe(421);
  });
});

describe('browser mode: the RPC', () => {
  it('tells a page whether the secret it holds is this run’s or an earlier run’s, to its own origin only', async () => {
    const check = (secret: string | null, origin: string | null = host.origin, method = 'POST') =>
      fetch(`${host.origin}/rpc-secret`, {
        method,
        headers: { ...(origin ? { origin } : {}), ...(secret === null ? {} : { 'x-kassa-secret': secret }) },
      }).then(async (response) => (response.status === 200 ? ((await response.json()) as { current: boolean }).current : response.status));
    expect(await check(SECRET)).toBe(true);
    expect(await check('an-earlier-runs-secret')).toBe(false);
    expect(await check(null)).toBe(false);
    expect(await check(SECRET, 'http://evil.example')).toBe(403);
    expect(await check(SECRET, null)).toBe(403);
    expect(await check(SECRET, host.origin, 'GET')).toBe(405);
  });

  it('relays a call through the validating dispatcher and answers by id', async () => {
    const { socket } = await connect();
    expect(await invoke(socket!, 7, 'WarehouseController_findOne', { params: { id: 'w1' } })).toEqual({ type: 'result', id: 7, ok: true, value: { id: 'w1', name: 'Main' } });
    expect(calls).toEqual([{ operation: 'WarehouseController_findOne', input: { params: { id: 'w1' } } }]);
  });

  it('answers validation failures and unknown operations like the IPC bridge does', async () => {
    const { socket } = await connect();
    expect(await invoke(socket!, 'a', 'WarehouseController_create', { body: {} })).toEqual({
      type: 'result',
      id: 'a',
      ok: false,
      error: { statusCode: 400, message: ['body.name is required'] },
    });
    expect(await invoke(socket!, 'b', 'QueryController_execute', { body: { query: 'select 1' } })).toMatchObject({ ok: false, error: { statusCode: 404 } });
    expect(calls).toEqual([]);
  });

  it('answers 500 when a result cannot be sent as JSON', async () => {
    const { socket } = await connect();
    expect(await invoke(socket!, 1, 'WarehouseController_remove', { params: { id: 'w1' } })).toEqual({
      type: 'result',
      id: 1,
      ok: false,
      error: { statusCode: 500, message: 'Internal error' },
    });
  });

  it('pushes the terminal’s events to every connection, and nothing else', async () => {
    const { socket } = await connect();
    const frame = nextFrame(socket!);
    emit('internal-only', { secret: true });
    emit('sync-status', { online: false, pending: 4 });
    expect(await frame).toEqual({ type: 'event', name: 'sync-status', payload: { online: false, pending: 4 } });
  });

  it('disconnects a client that sends something other than an invoke frame', async () => {
    const { socket } = await connect();
    const closed = new Promise<number>((resolve) => socket!.once('close', (code) => resolve(code)));
    socket!.send('{"type":"subscribe"}');
    expect(await closed).toBe(1008);
  });
});

describe('browser mode: the renderer files', () => {
  it('serves a placeholder page, under the strict CSP, while the renderer is not built', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('not built yet');
    expect(page.body).not.toMatch(/<script|<style|style=/);
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${host.port};`);
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the built renderer, falls back to the entry page for app routes, and 404s missing files', async () => {
    await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
    await writeFile(join(dir, 'dist', 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    await writeFile(join(dir, 'dist', 'assets', 'app.js'), 'console.log(1)');
    expect((await get('/')).body).toContain('/assets/app.js');
    const script = await get('/assets/app.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log(1)');
    expect((await get('/receipts/42')).body).toContain('/assets/app.js');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the renderer directory', async () => {
    await mkdir(join(dir, 'dist'), { recursive: true });
    await writeFile(join(dir, 'dist', 'index.html'), 'entry');
    await writeFile(join(dir, 'secret.txt'), 'private');
    await symlink(join(dir, 'secret.txt'), join(dir, 'dist', 'link.txt'));
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/link.txt', '/a%00.txt', '/%E0%A4%A']) {
      const answer = await get(path);
      expect(answer.body, path).not.toBe('private');
      expect(answer.status, path).toBe(404);
    }
  });

  it('answers only GET and HEAD', async () => {
    const answer = await new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port: host.port, path: '/', method: 'POST', headers: { host: `127.0.0.1:${host.port}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      req.end();
    });
    expect(answer).toBe(405);
  });
});
