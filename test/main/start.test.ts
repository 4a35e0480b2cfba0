import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RPC_SUBPROTOCOL } from '../../shared/terminal-contract.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let dataDir: string;
let servicePort: number;
let launcher: ChildProcess;
let output = '';
let terminalUrl: URL;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kassa-start-'));
  servicePort = await freePort();
  launcher = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(servicePort), LOG_LEVEL: 'warn', ELECTRON_OVERRIDE_DIST_PATH: join(dataDir, 'no-electron-here'), KASSA_BROWSER_MODE: '', KASSA_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout?.on('data', (chunk) => (output += String(chunk)));
  launcher.stderr?.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 45_000;
  while (!/opening browser mode at (\S+)/.test(output)) {
    if (Date.now() > deadline || launcher.exitCode !== null) throw new Error(`npm start did not reach browser mode:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  terminalUrl = new URL(/opening browser mode at (\S+)/.exec(output)![1]!);
}, 60_000);

afterAll(async () => {
  if (launcher.exitCode === null) launcher.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('starts the central service, then says why it opens browser mode and where', async () => {
    expect(output).toContain(`Kassa central service on http://127.0.0.1:${servicePort}`);
    expect(output).toMatch(/Electron's binary is not installed \(ELECTRON_OVERRIDE_DIST_PATH names .* which does not exist\); opening browser mode at http:\/\/127\.0\.0\.1:\d+\/#secret=[A-Za-z0-9_-]{43}/);
    expect((await fetch(`http://127.0.0.1:${servicePort}/readyz`)).status).toBe(200);
  });

  it('serves the terminal page and its RPC, guarded by the printed secret, with the terminal core running in its worker', async () => {
    const page = await fetch(new URL('/', terminalUrl));
    expect(page.status).toBe(200);
    const secret = new URLSearchParams(terminalUrl.hash.slice(1)).get('secret');
    const socket = new WebSocket(`ws://${terminalUrl.host}/rpc`, [RPC_SUBPROTOCOL, `kassa-secret.${secret}`], { origin: terminalUrl.origin });
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    const answer = new Promise((done) => socket.once('message', (data) => done(JSON.parse(String(data)))));
    socket.send(JSON.stringify({ type: 'invoke', id: 1, operation: 'terminal.syncStatus' }));
    expect(await answer).toMatchObject({ type: 'result', id: 1, ok: true, value: { online: false, pendingOperations: 0 } });
    socket.close();
  });

  it("builds the owner's console when it is missing or outdated, says where it is, and the service serves it", async () => {
    const printed = `[console] the owner's console is at http://127.0.0.1:${servicePort}/`;
    const deadline = Date.now() + 110_000;
    while (!output.includes(printed)) {
      if (Date.now() > deadline || launcher.exitCode !== null) throw new Error(`npm start did not say where the console is:\n${output}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const page = await fetch(`http://127.0.0.1:${servicePort}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  }, 120_000);

  it('stops the terminal and the service on SIGTERM', async () => {
    const exited = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${servicePort}/readyz`)).rejects.toThrow();
  }, 30_000);
});

/**
 * When the central service stops by itself (issue 14, item 6): the terminal keeps running — an outage is what it is
 * built for — and still answers its page and RPC; Ctrl-C (SIGINT) then stops it, exiting 0. Its own launcher, after
 * the first one is gone (the renderer is built by then: two launchers must not build it at once).
 */
describe('npm start when the central service stops', () => {
  let outageDir: string;
  let outagePort: number;
  let outageLauncher: ChildProcess;
  let outageOutput = '';
  let outageUrl: URL;

  async function waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(outageOutput);
      if (match) return match;
      if (Date.now() > deadline || outageLauncher.exitCode !== null) throw new Error(`did not see ${pattern}:\n${outageOutput}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  beforeAll(async () => {
    outageDir = await mkdtemp(join(tmpdir(), 'kassa-start-outage-'));
    outagePort = await freePort();
    outageLauncher = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: outageDir, PORT: String(outagePort), LOG_LEVEL: 'warn', ELECTRON_OVERRIDE_DIST_PATH: join(outageDir, 'no-electron-here'), KASSA_BROWSER_MODE: '', KASSA_DEMO: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    outageLauncher.stdout?.on('data', (chunk) => (outageOutput += String(chunk)));
    outageLauncher.stderr?.on('data', (chunk) => (outageOutput += String(chunk)));
    // Generous: in a full run on a busy machine the launcher's start (tsx, the core's worker) can take a while.
    outageUrl = new URL((await waitFor(/opening browser mode at (\S+)/, 100_000))[1]!);
  }, 120_000);

  afterAll(async () => {
    if (outageLauncher.exitCode === null) outageLauncher.kill('SIGTERM');
    await rm(outageDir, { recursive: true, force: true });
  });

  async function syncStatusOverRpc(): Promise<unknown> {
    const secret = new URLSearchParams(outageUrl.hash.slice(1)).get('secret');
    const socket = new WebSocket(`ws://${outageUrl.host}/rpc`, [RPC_SUBPROTOCOL, `kassa-secret.${secret}`], { origin: outageUrl.origin });
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    const answer = new Promise((done) => socket.once('message', (data) => done(JSON.parse(String(data)))));
    socket.send(JSON.stringify({ type: 'invoke', id: 1, operation: 'terminal.syncStatus' }));
    const result = await answer;
    socket.close();
    return result;
  }

  it('keeps the terminal running, saying so, and its page and RPC still answer', async () => {
    const pid = Number((await waitFor(/the central service runs as process (\d+)/, 5_000))[1]);
    process.kill(pid, 'SIGTERM');
    await waitFor(/the central service stopped .*the terminal keeps running/, 20_000);
    await expect(fetch(`http://127.0.0.1:${outagePort}/readyz`)).rejects.toThrow();
    await new Promise((done) => setTimeout(done, 1_500));
    expect(outageLauncher.exitCode).toBeNull();
    expect(outageOutput).not.toContain('stopping the terminal');
    expect((await fetch(new URL('/', outageUrl))).status).toBe(200);
    expect(await syncStatusOverRpc()).toMatchObject({ type: 'result', id: 1, ok: true });
  }, 40_000);

  it('stops the terminal on Ctrl-C (SIGINT), exiting 0', async () => {
    const exited = new Promise<number | null>((done) => outageLauncher.once('exit', (code) => done(code)));
    outageLauncher.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(new URL('/', outageUrl))).rejects.toThrow();
  }, 30_000);
});
