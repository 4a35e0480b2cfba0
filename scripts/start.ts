/**
 * `npm start`: the central service, then the terminal — in Electron where its binary is installed, otherwise in
 * browser mode, saying which and why. `npm run server` starts the service alone.
 *
 * The terminal outlives the service: if the service stops, the terminal keeps working offline; Ctrl-C stops both.
 *
 * Environment: the service's own (HOST, PORT, DATA_DIR, … — README), plus KASSA_TERMINAL_PORT (browser mode's
 * port; default a free one), KASSA_BROWSER_MODE=1 (browser mode even where Electron is installed) and
 * KASSA_TERMINAL_DATA_DIR (the terminal's own data; default <DATA_DIR>/terminal).
 *
 * `npm start -- <file>.kassa` starts the terminal with a provisioning file downloaded from the console: the terminal
 * trusts this service's provisioning key (./terminal-provisioning.ts) and enrolls from the file by itself; the demo
 * then does not enroll it (docs/downloads.md "Trying it with npm start").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowserMode } from '../main/browser-mode.js';
import { listenOrigin } from '../server/config.js';
import { buildShell } from '../main/build.js';
import { findElectronBinary } from '../main/electron-binary.js';
import { ensureConsoleBuilt } from './console-build.js';
import { ensureRendererBuilt } from './renderer-build.js';
import { demoSummary } from './demo/demo-record.js';
import { prepareFirstRun as prepareDemo } from './demo/first-run.js';
import { terminalProvisioning, type TerminalProvisioning } from './terminal-provisioning.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const log = (line: string) => console.log(`[terminal] ${line}`);

/** The address the service's provisioning files name in development, too (server/downloads/routes.ts). */
function serviceUrl(): string {
  return listenOrigin(env.HOST ?? '127.0.0.1', Number(env.PORT ?? 8080));
}

function startService(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], { cwd: ROOT, env, stdio: 'inherit' });
}

/** Waits until the service answers /readyz (its database is migrated and reachable), or fails if it exits. */
async function waitForService(url: string, service: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  service.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error('the central service stopped before it was ready');
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the central service was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The first-run hook (scripts/demo/first-run.ts): on a fresh data directory, seeds the demo business through the
 * service's API and enrolls this terminal to its shop's first till; on every start with a demo, prints where to
 * sign in and the PINs. KASSA_DEMO=0 skips it. A failure here does not stop `npm start`: the terminal then starts
 * as it is (at its enrollment screen if it was never enrolled), and the next start tries again.
 */
async function prepareFirstRun(context: { serviceUrl: string; terminalDataDir: string }): Promise<void> {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const say = (line: string) => console.log(`[demo] ${line}`);
  try {
    const outcome = await prepareDemo({ ...context, dataDir, env, log: say });
    if (outcome.kind === 'disabled') say('KASSA_DEMO=0: no demo business; an unenrolled terminal opens at its enrollment screen');
    if (outcome.kind === 'enrolled-by-hand') say('this terminal was enrolled by hand: no demo business is seeded');
    if ('record' in outcome) for (const line of demoSummary(outcome.record, { serviceUrl: context.serviceUrl, dataDir, terminalWorkplaceId: outcome.terminalWorkplaceId })) say(line);
  } catch (error) {
    say(`the demo could not be prepared (${error instanceof Error ? error.message : String(error)}); the terminal starts as it is`);
  }
}

/** Stops the service and waits for it to exit (forcefully after 10 s). */
function stopService(service: ChildProcess): Promise<void> {
  if (service.exitCode !== null || service.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => service.kill('SIGKILL'), 10_000);
    service.once('exit', () => {
      clearTimeout(force);
      done();
    });
    service.kill('SIGTERM');
  });
}

/** Set once a stop has begun, so the service's own exit is then expected, not a failure. */
let stopping = false;

function stopOnSignals(stop: () => Promise<void>): void {
  const handler = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

interface TerminalContext {
  readonly serviceUrl: string;
  readonly terminalDataDir: string;
  readonly provisioning: TerminalProvisioning;
}

async function runElectron(binary: string, context: TerminalContext, service: ChildProcess): Promise<void> {
  await buildShell();
  log(`opening the Electron terminal (${binary})`);
  const childEnv: NodeJS.ProcessEnv = { ...env, KASSA_SERVICE_URL: context.serviceUrl, KASSA_DATA_DIR: context.terminalDataDir };
  // A development shell trusts KASSA_PROVISIONING_KEYS (main/electron-main.ts): this service's key.
  if (context.provisioning.keysJson) childEnv.KASSA_PROVISIONING_KEYS = context.provisioning.keysJson;
  delete childEnv.ELECTRON_RUN_AS_NODE;
  const electron = spawn(binary, ['.', ...context.provisioning.provisioningFiles], { cwd: ROOT, env: childEnv, stdio: 'inherit' });
  stopOnSignals(async () => {
    electron.kill('SIGTERM');
    await stopService(service);
  });
  electron.once('exit', (code) => {
    void stopService(service).finally(() => process.exit(code ?? 0));
  });
  keepTerminalWhenServiceStops(service);
}

async function runBrowserMode(reason: string, context: TerminalContext, service: ChildProcess): Promise<void> {
  const port = env.KASSA_TERMINAL_PORT ? Number(env.KASSA_TERMINAL_PORT) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`KASSA_TERMINAL_PORT must be a port number, got "${env.KASSA_TERMINAL_PORT}"`);
  const terminal = await startBrowserMode({
    coreOptions: {
      dataDir: context.terminalDataDir,
      serviceUrl: context.serviceUrl,
      provisioningFiles: context.provisioning.provisioningFiles,
      trustedProvisioningKeys: context.provisioning.trustedProvisioningKeys,
    },
    rootDir: ROOT,
    port,
    log,
  });
  console.log(`${reason}; opening browser mode at ${terminal.host.url}`);
  console.log('Open that address in a browser: it carries this run\'s secret, so keep it to yourself.');
  stopOnSignals(async () => {
    await terminal.close();
    await stopService(service);
  });
  keepTerminalWhenServiceStops(service);
}

/**
 * The terminal outlives the central service (issue 14, item 6): an outage is what it is built for — it keeps
 * selling offline and sends everything when a service is back at the same address. Only Ctrl-C (or the
 * terminal's own window closing) stops both.
 */
function keepTerminalWhenServiceStops(service: ChildProcess): void {
  service.once('exit', (code, signal) => {
    if (stopping) return;
    log(
      `the central service stopped (${signal ?? `code ${code}`}); the terminal keeps running and works offline — ` +
        'start the service again (npm run server) and it syncs by itself; Ctrl-C stops the terminal',
    );
  });
}

let service: ChildProcess | undefined;

/** Builds the owner's console if needed and says where it is; a failed build is reported, not fatal to the till. */
function buildConsoleBeside(url: string): Promise<void> {
  const say = (line: string) => console.log(`[console] ${line}`);
  return ensureConsoleBuilt(ROOT, say).then(
    () => say(`the owner's console is at ${url}/`),
    (error: unknown) => say(`the owner's console could not be built (${error instanceof Error ? error.message : String(error)}); run npm run build:console`),
  );
}

async function main(): Promise<void> {
  const url = serviceUrl();
  service = startService();
  await waitForService(url, service);
  log(`the central service runs as process ${service.pid}`);
  const terminalDataDir = env.KASSA_TERMINAL_DATA_DIR ? resolve(env.KASSA_TERMINAL_DATA_DIR) : join(resolve(env.DATA_DIR ?? './data'), 'terminal');
  const provisioning = await terminalProvisioning({ serviceUrl: url, argv: process.argv.slice(2), env, log });
  const context: TerminalContext = { serviceUrl: url, terminalDataDir, provisioning };
  if (provisioning.provisioningFiles.length > 0) {
    // The file enrolls the terminal (if it is not enrolled yet): the demo must not enroll it to its own till first.
    log(`provisioning file ${provisioning.provisioningFiles.join(', ')}: the terminal enrolls from it (an enrolled terminal ignores it — use KASSA_TERMINAL_DATA_DIR=<new folder> for a new till)`);
  } else {
    await prepareFirstRun({ serviceUrl: url, terminalDataDir });
  }
  await ensureRendererBuilt(ROOT, log);
  const electron = findElectronBinary();
  if (electron.available && env.KASSA_BROWSER_MODE !== '1') await runElectron(electron.path, context, service);
  else await runBrowserMode(electron.available ? 'KASSA_BROWSER_MODE=1' : `Electron's binary is not installed (${electron.reason})`, context, service);
  // The owner's console is built (when missing or outdated) once the terminal is open, so the till never waits for
  // it; the service serves it as soon as it is there (server/console-static.ts), without a restart.
  await buildConsoleBeside(url);
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  void (service ? stopService(service) : Promise.resolve()).finally(() => process.exit(1));
});
