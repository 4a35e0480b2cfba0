/** The messages between the worker host (main thread) and the worker entry (core thread). */
import type { RpcError, TerminalEventName } from '../../shared/terminal-contract.js';
import type { CoreOptions } from './api.js';

/** What the worker is started with. */
export interface CoreWorkerData {
  /** A `file:` URL of the module exporting `createCore`. */
  readonly coreModule: string;
  readonly coreOptions: CoreOptions;
}

export type CallMethod = 'invoke' | 'pendingOperations';

/** Main → worker. */
export type HostMessage =
  | { readonly type: 'call'; readonly id: number; readonly method: CallMethod; readonly operation?: string; readonly input?: unknown; readonly checked?: unknown }
  | { readonly type: 'close' };

/** Worker → main. */
export type WorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'start-failed'; readonly error: RpcError }
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: RpcError }
  | { readonly type: 'event'; readonly name: TerminalEventName; readonly payload: unknown }
  | { readonly type: 'closed' };
