/**
 * Runs the terminal core in a worker thread and presents it to the shell as a `TerminalCore`: calls carry
 * request ids and time out, failures arrive as `{statusCode, message}`, events are relayed, and a crashed worker
 * is restarted with a growing delay (and given up on after too many crashes in a short time, so a core that
 * cannot start does not spin).
 *
 * Calls made while the worker starts or restarts wait for it (within their timeout). A call that was running
 * when the worker died is answered 503: whether its write committed is for the core's store to say, and the
 * renderer re-reads after `core-status: ready`.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { isLongOperation, LONG_CALL_TIMEOUT_MS, type TerminalEventName } from '../../shared/terminal-contract.js';
import type { CoreEventListener, CoreOptions, TerminalCore, Unsubscribe } from './api.js';
import { RpcFailure } from './errors.js';
import type { CallMethod, CoreWorkerData, HostMessage, WorkerMessage } from './worker-protocol.js';

export type CoreState = 'starting' | 'ready' | 'restarting' | 'failed' | 'closed';

export interface WorkerHostOptions {
  /** The module exporting `createCore` (a path or `file:` URL). */
  readonly coreModule: string | URL;
  readonly coreOptions: CoreOptions;
  /** The worker entry; defaults to `worker-entry` beside this file (`.ts` from source, `.js` when built). */
  readonly entry?: string | URL;
  /** Node flags for the worker; inherited when absent. */
  readonly execArgv?: string[];
  /** Longest wait for one call, including waiting for a (re)start. Default 30 s. */
  readonly callTimeoutMs?: number;
  /** The same for the long operations of the contract (enrollment's download, a sync cycle). Default 30 min. */
  readonly longCallTimeoutMs?: number;
  /** Delays before successive restarts; the last repeats. Default 250 ms, 1 s, 5 s. */
  readonly restartDelaysMs?: readonly number[];
  /** Crashes tolerated within `restartWindowMs` before the host gives up (state `failed`). Default 5 in 60 s. */
  readonly maxCrashes?: number;
  readonly restartWindowMs?: number;
  /** Longest wait for the core to close before the thread is terminated. Default 5 s. */
  readonly closeTimeoutMs?: number;
  readonly log?: (line: string) => void;
}

interface PendingCall {
  readonly message: Extract<HostMessage, { type: 'call' }>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: RpcFailure) => void;
  readonly timer: NodeJS.Timeout;
  sent: boolean;
}

function toUrl(location: string | URL): URL {
  if (location instanceof URL) return location;
  return location.startsWith('file:') ? new URL(location) : pathToFileURL(location);
}

/**
 * A worker that runs a TypeScript entry from source (development, tests): Node cannot start a worker on a `.ts`
 * file, even with tsx's loader flags, so a one-line bootstrap loads the entry through tsx's `tsImport`. Built
 * bundles start directly.
 */
function typeScriptWorker(entry: URL, options: WorkerOptions): Worker {
  const require = createRequire(import.meta.url);
  const tsxDir = dirname(require.resolve('tsx/package.json'));
  const exportsMap = (require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> }).exports;
  const api = pathToFileURL(join(tsxDir, exportsMap['./esm/api']?.import.default ?? 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** `worker-entry.ts` when running from source, `worker-entry.js` when built. */
export function defaultWorkerEntry(): URL {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./worker-entry${extension}`, import.meta.url);
}

export class WorkerHost implements TerminalCore {
  private worker: Worker | undefined;
  private state: CoreState = 'starting';
  private nextId = 1;
  private readonly calls = new Map<number, PendingCall>();
  private readonly listeners = new Set<CoreEventListener>();
  private readonly crashes: number[] = [];
  private restartTimer: NodeJS.Timeout | undefined;
  private startWaiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private closing: Promise<void> | undefined;
  private readonly options: Required<Omit<WorkerHostOptions, 'execArgv' | 'entry'>> & Pick<WorkerHostOptions, 'execArgv'> & { entry: URL };

  constructor(options: WorkerHostOptions) {
    this.options = {
      callTimeoutMs: 30_000,
      longCallTimeoutMs: LONG_CALL_TIMEOUT_MS,
      restartDelaysMs: [250, 1_000, 5_000],
      maxCrashes: 5,
      restartWindowMs: 60_000,
      closeTimeoutMs: 5_000,
      log: () => {},
      ...options,
      entry: options.entry ? toUrl(options.entry) : defaultWorkerEntry(),
    };
  }

  /** Starts the worker; resolves once the core is ready, rejects if the host gives up. */
  start(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.state === 'failed' || this.state === 'closed') return Promise.reject(new RpcFailure(503, 'The terminal core is not running'));
    const ready = new Promise<void>((resolve, reject) => this.startWaiters.push({ resolve, reject }));
    if (!this.worker && !this.restartTimer) this.spawn();
    return ready;
  }

  get status(): CoreState {
    return this.state;
  }

  invoke(operation: string, input: unknown, checked?: unknown): Promise<unknown> {
    return this.call('invoke', operation, input, checked);
  }

  async pendingOperations(): Promise<number> {
    const count = await this.call('pendingOperations');
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw new RpcFailure(500, 'The terminal core reported an invalid number of pending operations');
    }
    return count;
  }

  subscribe(listener: CoreEventListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private call(method: CallMethod, operation?: string, input?: unknown, checked?: unknown): Promise<unknown> {
    if (this.state === 'failed') return Promise.reject(new RpcFailure(503, 'The terminal core could not be started'));
    if (this.state === 'closed' || this.closing) return Promise.reject(new RpcFailure(503, 'The terminal is shutting down'));
    const id = this.nextId++;
    const message: HostMessage = { type: 'call', id, method, ...(method === 'invoke' ? { operation, input, ...(checked === undefined ? {} : { checked }) } : {}) };
    const timeoutMs = isLongOperation(operation) ? this.options.longCallTimeoutMs : this.options.callTimeoutMs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new RpcFailure(504, 'The terminal core did not answer in time'));
      }, timeoutMs);
      timer.unref();
      const pending: PendingCall = { message, resolve, reject, timer, sent: false };
      this.calls.set(id, pending);
      if (this.state === 'ready') this.send(pending);
    });
  }

  private send(pending: PendingCall): void {
    try {
      this.worker?.postMessage(pending.message);
      pending.sent = true;
    } catch {
      // The input could not be cloned (the bridge passes plain data, so only a direct caller can get here).
      this.settle(pending.message.id, { ok: false, error: new RpcFailure(400, 'The input could not be sent to the terminal core') });
    }
  }

  private settle(id: number, outcome: { ok: true; value: unknown } | { ok: false; error: RpcFailure }): void {
    const pending = this.calls.get(id);
    if (!pending) return; // timed out already
    this.calls.delete(id);
    clearTimeout(pending.timer);
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  }

  private setState(state: CoreState): void {
    if (this.state === state) return;
    this.state = state;
    this.emit('core-status', { state });
  }

  private emit(name: TerminalEventName, payload: unknown): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        this.options.log(`event listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private spawn(): void {
    this.restartTimer = undefined;
    const workerData: CoreWorkerData = { coreModule: toUrl(this.options.coreModule).href, coreOptions: this.options.coreOptions };
    const workerOptions: WorkerOptions = { workerData, ...(this.options.execArgv ? { execArgv: this.options.execArgv } : {}) };
    const entry = this.options.entry;
    const worker = entry.pathname.endsWith('.ts') ? typeScriptWorker(entry, workerOptions) : new Worker(entry, workerOptions);
    this.worker = worker;
    worker.on('message', (message: WorkerMessage) => this.onMessage(worker, message));
    worker.on('error', (error) => this.options.log(`terminal core crashed: ${error.message}`));
    worker.on('exit', (code) => this.onExit(worker, code));
  }

  private onMessage(worker: Worker, message: WorkerMessage): void {
    if (worker !== this.worker) return;
    switch (message.type) {
      case 'ready':
        this.setState('ready');
        for (const waiter of this.startWaiters.splice(0)) waiter.resolve();
        for (const pending of this.calls.values()) if (!pending.sent) this.send(pending);
        break;
      case 'start-failed':
        this.options.log(`terminal core failed to start: ${String(message.error.message)}`);
        break;
      case 'reply':
        this.settle(message.id, message.ok ? { ok: true, value: message.value } : { ok: false, error: new RpcFailure(message.error.statusCode, message.error.message, message.error) });
        break;
      case 'event':
        this.emit(message.name, message.payload);
        break;
      case 'closed':
        break;
    }
  }

  private onExit(worker: Worker, code: number): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    if (this.closing) return;
    // Calls the dead worker had received cannot be answered by the next one; unsent calls wait for it.
    for (const [id, pending] of this.calls) {
      if (pending.sent) this.settle(id, { ok: false, error: new RpcFailure(503, 'The terminal core stopped while handling this call; it is restarting') });
    }
    const now = Date.now();
    this.crashes.push(now);
    while (this.crashes.length > 0 && (this.crashes[0] ?? now) < now - this.options.restartWindowMs) this.crashes.shift();
    if (this.crashes.length > this.options.maxCrashes) {
      this.options.log(`terminal core exited (code ${code}) ${this.crashes.length} times within ${this.options.restartWindowMs} ms; giving up`);
      this.fail();
      return;
    }
    const delays = this.options.restartDelaysMs;
    const delay = delays[Math.min(this.crashes.length - 1, delays.length - 1)] ?? 1_000;
    this.options.log(`terminal core exited (code ${code}); restarting in ${delay} ms`);
    this.setState('restarting');
    this.restartTimer = setTimeout(() => this.spawn(), delay);
  }

  private fail(): void {
    this.setState('failed');
    for (const id of [...this.calls.keys()]) this.settle(id, { ok: false, error: new RpcFailure(503, 'The terminal core could not be started') });
    for (const waiter of this.startWaiters.splice(0)) waiter.reject(new RpcFailure(503, 'The terminal core could not be started'));
  }

  private async shutDown(): Promise<void> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    for (const id of [...this.calls.keys()]) this.settle(id, { ok: false, error: new RpcFailure(503, 'The terminal is shutting down') });
    for (const waiter of this.startWaiters.splice(0)) waiter.reject(new RpcFailure(503, 'The terminal is shutting down'));
    const worker = this.worker;
    this.setState('closed');
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies HostMessage);
    const timer = setTimeout(() => void worker.terminate(), this.options.closeTimeoutMs);
    await exited;
    clearTimeout(timer);
    this.worker = undefined;
  }
}
