/**
 * What the end-to-end tests run against: a real central service (`server/main.ts` as a child process, SQLite in a
 * temporary directory, exactly as `npm run server` starts it), the real terminal core in browser mode, and Debian's
 * Chromium driven by playwright-core. The service is reached only over HTTP, as a back office would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startBrowserMode, type BrowserMode } from '../main/browser-mode.js';
import type { PrintingOptions } from '../main/print-dispatcher.js';

export const ROOT = resolve(import.meta.dirname, '..');
export const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
export const CHROMIUM = process.env.KASSA_CHROMIUM ?? '/usr/bin/chromium';

/** The flags this machine needs: root (no sandbox), no GPU, and no background calls to hosts it cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Gives a file input its file once the input is enabled. Playwright's setInputFiles has no actionability checks: it
 * sets the file on an input that is still disabled (the console's import page keeps its input disabled until the
 * business's units have loaded, slow on a loaded machine), and the page rightly ignores it. A person cannot do that.
 */
export async function chooseFile(input: Locator, path: string): Promise<void> {
  const element = await input.elementHandle();
  if (!element) throw new Error('the file input is not on the page');
  await element.waitForElementState('enabled');
  await input.setInputFiles(path);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface Service {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the central service with its own data directory, on `port` (a free one by default: pass the old one to
 * bring a stopped service back where its terminals expect it); resolves when /readyz answers.
 */
export async function startService(dataDir: string, port?: number): Promise<Service> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the central service exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the central service was not ready in 60 s:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: any;
}

/** One HTTP call to the service's API (`/api/v1` + path), JSON in and out. */
export async function api(
  service: Service,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${service.url}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
  };
}

/** Like `api`, but the answer must be 2xx; returns its body. */
export async function must(
  service: Service,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<any> {
  const answer = await api(service, method, path, options);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface World {
  /** Where this world keeps its data: the service's under `service/` (its SQLite database), the terminal's under `terminal/`. */
  readonly dataDir: string;
  /** The service as it runs now (replaced by `startServiceAgain`). */
  readonly service: Service;
  /** The terminal as it runs now (replaced by `restartTerminal`). */
  readonly terminal: BrowserMode;
  readonly browser: Browser;
  readonly page: Page;
  /** Problems the page reported: script errors, CSP violations, failed requests of its own. */
  readonly pageProblems: string[];
  /** Stops the central service (the outage); its data stays. */
  stopService(): Promise<void>;
  /** Starts it again on the same port and data, where the enrolled terminal looks for it. */
  startServiceAgain(): Promise<void>;
  /** Stops the terminal process and starts a new one on the same data; returns the new address to open. */
  restartTerminal(): Promise<string>;
  /** Stops the terminal process (its data stays) — e.g. to change the service while the till is off. */
  stopTerminal(): Promise<void>;
  /** Starts a terminal process on the same data again; returns the new address to open. */
  startTerminalAgain(): Promise<string>;
  close(): Promise<void>;
  shot(name: string): Promise<void>;
}

/**
 * The service, the terminal in browser mode, and a Chromium page at 1024×768 (the smallest supported screen).
 * Screenshots are named `<prefix>-<nn>-<name>.png`, so each file's are kept apart.
 */
export interface WorldOptions {
  /** The terminal's print service settings (e.g. shorter timeouts); printers themselves come from the business's data. */
  readonly printing?: PrintingOptions;
}

export async function startWorld(prefix: string, options: WorldOptions = {}): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'kassa-e2e-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  const serviceDir = join(dir, 'service');
  let service = await startService(serviceDir);
  const servicePort = Number(new URL(service.url).port);
  const logs: string[] = [];
  const startTerminal = () =>
    startBrowserMode({
      coreOptions: { dataDir: join(dir, 'terminal') },
      rootDir: ROOT,
      log: (line) => logs.push(line),
      ...(options.printing ? { printing: options.printing } : {}),
    });
  let terminal = await startTerminal();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const pageProblems: string[] = [];
  page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // The resource's address too: "Failed to load resource" alone does not say which.
    const where = message.location().url;
    if (message.type() === 'error') pageProblems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  let shots = 0;
  return {
    dataDir: dir,
    get service() {
      return service;
    },
    get terminal() {
      return terminal;
    },
    browser,
    page,
    pageProblems,
    async stopService() {
      await service.stop();
    },
    async startServiceAgain() {
      service = await startService(serviceDir, servicePort);
    },
    async restartTerminal() {
      await terminal.close();
      terminal = await startTerminal();
      return terminal.host.url;
    },
    async stopTerminal() {
      await terminal.close();
    },
    async startTerminalAgain() {
      terminal = await startTerminal();
      return terminal.host.url;
    },
    async shot(name) {
      shots += 1;
      await page.screenshot({
        path: join(ARTIFACTS, `${prefix}-${String(shots).padStart(2, '0')}-${name}.png`),
        fullPage: false,
      });
    },
    async close() {
      await browser.close().catch(() => undefined);
      await terminal.close().catch(() => undefined);
      await service.stop();
      if (process.env.KASSA_E2E_KEEP !== '1') await rm(dir, { recursive: true, force: true });
      else console.log(`e2e data kept in ${dir}; terminal log:\n${logs.join('\n')}`);
    },
  };
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}
