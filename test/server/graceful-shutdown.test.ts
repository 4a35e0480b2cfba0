/**
 * The service as a child process (server/main.ts) receiving SIGTERM: it turns not-ready, finishes the request in
 * flight, refuses new connections, and exits 0 — or, past its timeout, cuts what still runs and exits 1.
 * Ports 4300–4399 are this work's (issue 19).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Service {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<number | null>;
  readonly output: () => string;
}

const started: { child: ChildProcess; dir: string }[] = [];

afterEach(() => {
  for (const { child, dir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

async function startService(port: number, env: Record<string, string>): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dir });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Kassa central service on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`service did not start:\n${output}`);
    await new Promise((next) => setTimeout(next, 50));
  }
  return { child, port, exited, output: () => output };
}

/** A GET on a new connection: the status, or the connection error's code. */
function get(port: number, path: string): Promise<number | string> {
  return new Promise((answer) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      answer(response.statusCode ?? 0);
    });
    request.on('error', (error: NodeJS.ErrnoException) => answer(error.code ?? error.message));
  });
}

/** A login POST whose body is sent in two halves, the second when `finish` is called: a request in flight. */
function slowLogin(port: number) {
  const body = JSON.stringify({ login: 'nobody-at-all', password: 'not the password' });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/login',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string } | { error: string }>((answer) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => answer({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => answer({ error: error.code ?? error.message }));
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  return { answered, finish: () => request.end(body.slice(10)) };
}

const pause = (ms: number) => new Promise((next) => setTimeout(next, ms));

describe('graceful shutdown of the service process', () => {
  it('on SIGTERM reports not-ready, finishes the request in flight, refuses new connections, and exits 0', async () => {
    const service = await startService(4321, { SHUTDOWN_DRAIN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' });
    expect(await get(service.port, '/readyz')).toBe(200);
    const inFlight = slowLogin(service.port);
    await pause(300);

    service.child.kill('SIGTERM');
    await pause(300);
    // Draining: still answering, but not ready.
    expect(await get(service.port, '/readyz')).toBe(503);
    expect(await get(service.port, '/healthz')).toBe(200);
    // Past the drain delay the listener is closed: a new connection is refused, the old request still open.
    await pause(1_700);
    expect(await get(service.port, '/readyz')).toBe('ECONNREFUSED');
    expect(service.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answered;
    // A real answer to the login (wrong credentials), not a reset connection.
    expect(answer, service.output()).toMatchObject({ status: 401 });
    expect(await service.exited).toBe(0);
    expect(service.output()).toMatch(/shut down/);
  }, 90_000);

  it('cuts a request still running at the shutdown timeout and exits 1, so a stuck client cannot hold the process', async () => {
    const service = await startService(4322, { SHUTDOWN_DRAIN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = slowLogin(service.port);
    await pause(300);
    const signalled = Date.now();
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await stuck.answered).toHaveProperty('error');
  }, 90_000);
});
