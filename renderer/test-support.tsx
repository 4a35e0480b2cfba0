/**
 * For the renderer's own tests: a fake bridge whose operations a test answers, and which emits events on demand;
 * and a render helper that wires it to a real store and the screens' context.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RpcError, TerminalEventName, TerminalEventPayloads } from '../shared/terminal-contract.js';
import type { Bridge, ConnectionState } from './bridge.js';
import { TerminalProvider } from './state/context.js';
import { createTerminalStore, type TerminalStore } from './state/terminal.js';

export type Answer = (input: unknown) => unknown;

export interface FakeBridge extends Bridge {
  /** Every call made, in order: [operation, input]. */
  readonly calls: [string, unknown][];
  /** Sets what an operation answers: a value, or a function of the input (throw an RpcError to fail). */
  answer(operation: string, answer: unknown): void;
  emit<E extends TerminalEventName>(event: E, payload: TerminalEventPayloads[E]): void;
  setConnection(state: ConnectionState): void;
}

export function rpcError(statusCode: number, message: string | string[]): RpcError {
  return { statusCode, message };
}

export function fakeBridge(answers: Record<string, unknown> = {}): FakeBridge {
  const table = new Map<string, unknown>(Object.entries(answers));
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const calls: [string, unknown][] = [];
  let connection: ConnectionState = 'open';
  const call = async (operation: string, input: unknown) => {
    calls.push([operation, input]);
    if (!table.has(operation)) throw rpcError(404, `${operation} is not answered by this test`);
    const answer = table.get(operation);
    return typeof answer === 'function' ? (answer as Answer)(input) : structuredClone(answer);
  };
  return {
    calls,
    answer: (operation, answer) => table.set(operation, answer),
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    setConnection(state) {
      connection = state;
      for (const listener of connectionListeners) listener(state);
    },
    terminal: ((operation: string, input?: unknown) => call(operation, input)) as Bridge['terminal'],
    run: ((operation: string, input: unknown = {}) => call(operation, input)) as Bridge['run'],
    on(event, handler) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(handler as (payload: unknown) => void);
      return () => set.delete(handler as (payload: unknown) => void);
    },
    connection: () => connection,
    onConnection(handler) {
      connectionListeners.add(handler);
      return () => connectionListeners.delete(handler);
    },
    close: () => {},
  };
}

/** In-memory storage for the store's language choice. */
export function memoryStorage(): {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  values: Map<string, string>;
} {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

export function renderWith(
  bridge: FakeBridge,
  ui: ReactNode,
  store: TerminalStore = createTerminalStore(bridge, memoryStorage(), 'en'),
): RenderResult & { store: TerminalStore } {
  const result = render(
    <TerminalProvider bridge={bridge} store={store}>
      {ui}
    </TerminalProvider>,
  );
  return { ...result, store };
}

export const EMPLOYEE = { id: 'emp-1', full_name: 'Aziza Karimova', role_id: '0', workplace_id: 'wp-1', phone_number: null };

export const ONLINE = {
  online: true,
  syncing: false,
  pendingOperations: 0,
  needsAttention: 0,
  lastSyncAt: '2026-03-01T10:00:00.000Z',
  lastError: null,
  retryAt: null,
};
