/**
 * The one path from a renderer call to the core, shared by Electron IPC and the browser-mode WebSocket: check the
 * name and the input (`bridge-operations.ts`), call the core, and answer `{ok, value}` or `{ok: false, error: {statusCode, message}}`. It never
 * throws, so neither transport can leak an exception's internals.
 */
import { isTerminalEvent, type RpcResult, type TerminalEventName } from '../../shared/terminal-contract.js';
import type { TerminalCore, Unsubscribe } from './api.js';
import { checkBridgeCall } from './bridge-operations.js';
import { isExpectedError, toRpcError } from './errors.js';

export interface Dispatcher {
  call(operation: unknown, input: unknown): Promise<RpcResult>;
  /** The core's events, limited to `TERMINAL_EVENTS`. */
  subscribe(listener: (name: TerminalEventName, payload: unknown) => void): Unsubscribe;
}

type Log = (line: string) => void;

export function createDispatcher(core: TerminalCore, log: Log = () => {}): Dispatcher {
  return {
    async call(operation, input) {
      try {
        const call = checkBridgeCall(operation, input);
        // Sign-out is not gated on the outbox (issue 14, item 8): the queue belongs to the till, not to the cashier,
        // and is sent after sign-out as before it; a shift can be handed over during an outage.
        return { ok: true, value: await core.invoke(call.operation, call.input, call.checked) };
      } catch (error) {
        if (!isExpectedError(error)) log(`operation ${String(operation).slice(0, 100)} failed: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false, error: toRpcError(error) };
      }
    },
    subscribe(listener) {
      return core.subscribe((name, payload) => {
        if (isTerminalEvent(name)) listener(name, payload);
      });
    },
  };
}
