/**
 * The terminal core's thread. Loads the core module named in `workerData`, answers the host's calls by request
 * id, forwards the core's events, and reports failures as `{statusCode, message}` only: stacks are logged here,
 * on the terminal, and never sent. A failure to start, or any uncaught error, ends the thread; the host restarts
 * it.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { CoreModule, TerminalCore } from './api.js';
import { isExpectedError, toRpcError } from './errors.js';
import type { CoreWorkerData, HostMessage, WorkerMessage } from './worker-protocol.js';

function post(port: MessagePort, message: WorkerMessage): void {
  try {
    port.postMessage(message);
  } catch {
    // A result that cannot be cloned (a function, a class instance with native state): say so instead.
    if (message.type === 'reply') {
      port.postMessage({ type: 'reply', id: message.id, ok: false, error: { statusCode: 500, message: 'The result could not be sent' } });
    } else if (message.type === 'event') {
      console.error(`[core] event ${message.name} could not be sent`);
    }
  }
}

async function loadCore(data: CoreWorkerData): Promise<TerminalCore> {
  const loaded = (await import(data.coreModule)) as Partial<CoreModule> & { default?: Partial<CoreModule> };
  // A CommonJS bundle (the packaged core) may present its exports as `default` only.
  const createCore = loaded.createCore ?? loaded.default?.createCore;
  if (typeof createCore !== 'function') throw new Error(`${data.coreModule} does not export createCore`);
  return createCore(data.coreOptions);
}

async function answer(port: MessagePort, core: TerminalCore, message: Extract<HostMessage, { type: 'call' }>): Promise<void> {
  try {
    const value = message.method === 'invoke' ? await core.invoke(String(message.operation), message.input, message.checked) : await core.pendingOperations();
    post(port, { type: 'reply', id: message.id, ok: true, value });
  } catch (error) {
    if (!isExpectedError(error)) console.error('[core] internal error', error);
    post(port, { type: 'reply', id: message.id, ok: false, error: toRpcError(error) });
  }
}

async function run(port: MessagePort, data: CoreWorkerData): Promise<void> {
  let core: TerminalCore;
  try {
    core = await loadCore(data);
  } catch (error) {
    console.error('[core] failed to start', error);
    post(port, { type: 'start-failed', error: toRpcError(error) });
    process.exit(1);
  }
  core.subscribe((name, payload) => post(port, { type: 'event', name, payload }));
  port.on('message', (message: HostMessage) => {
    if (message.type === 'call') {
      void answer(port, core, message);
    } else if (message.type === 'close') {
      core
        .close()
        .catch((error: unknown) => console.error('[core] failed to close cleanly', error))
        .finally(() => {
          post(port, { type: 'closed' });
          process.exit(0);
        });
    }
  });
  post(port, { type: 'ready' });
}

if (!parentPort) throw new Error('worker-entry runs only as a worker thread (see worker-host.ts)');
void run(parentPort, workerData as CoreWorkerData);
