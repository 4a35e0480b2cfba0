/**
 * The object the preload exposes as `window.kassa`: `invoke(operation, input)` and `on(event, handler)`, nothing
 * else. Names are filtered here (the shape of an operation name, the exact event names) and checked again, with
 * the exact allow-list and the input's schema, in main. The renderer never receives Electron's event objects,
 * `ipcRenderer` itself, or any Node API.
 */
import type { IpcRenderer } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, isTerminalEvent, looksLikeOperationName, refusalCode, type RpcError, type RpcResult, type TerminalEventName } from '../shared/terminal-contract.js';

export interface KassaBridge {
  /** Runs an operation; resolves with its result or rejects with `{statusCode, message}`. */
  invoke(operation: string, input?: unknown): Promise<unknown>;
  /** Subscribes to a terminal event; returns the function that unsubscribes. */
  on(event: TerminalEventName, handler: (payload: unknown) => void): () => void;
}

const reject = (error: RpcError) => Promise.reject(error);

function isResult(value: unknown): value is RpcResult {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

export function createBridge(ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): KassaBridge {
  return {
    invoke(operation, input) {
      if (!looksLikeOperationName(operation)) return reject({ statusCode: 404, message: 'Unknown operation' });
      return ipcRenderer.invoke(INVOKE_CHANNEL, operation, input).then((result: unknown) => {
        if (!isResult(result)) return reject({ statusCode: 500, message: 'Internal error' });
        return result.ok ? result.value : reject({ statusCode: result.error.statusCode, message: result.error.message, ...refusalCode(result.error) });
      }, () => reject({ statusCode: 500, message: 'Internal error' }));
    },
    on(event, handler) {
      if (!isTerminalEvent(event)) throw new TypeError(`Unknown event ${String(event).slice(0, 100)}`);
      if (typeof handler !== 'function') throw new TypeError('handler must be a function');
      const listener = (_event: unknown, name: unknown, payload: unknown) => {
        if (name === event) handler(payload);
      };
      ipcRenderer.on(EVENT_CHANNEL, listener);
      return () => {
        ipcRenderer.removeListener(EVENT_CHANNEL, listener);
      };
    },
  };
}
