/**
 * The browser-mode bridge as the terminal's page speaks it (renderer/bridge.ts, whose DOM types the Node build
 * lacks), for tests and benchmarks that drive a browser-mode terminal from Node: invoke frames over the host's
 * WebSocket, offering this run's secret as a subprotocol, from the host's own origin.
 */
import { WebSocket } from 'ws';
import type { BrowserMode } from '../../main/browser-mode.js';
import { RPC_PATH, RPC_SUBPROTOCOL, SECRET_SUBPROTOCOL_PREFIX, type ResultFrame } from '../../shared/terminal-contract.js';

export interface BrowserModeClient {
  /** A terminal operation; rejects with the answer's `{statusCode, message}`. */
  terminal(operation: string, input?: unknown): Promise<any>;
  /** A catalogue operation run by the core as the signed-in employee. */
  run(operation: string, input?: unknown): Promise<any>;
  close(): void;
}

export async function connectBrowserModeClient(mode: BrowserMode): Promise<BrowserModeClient> {
  const secret = new URL(mode.host.url).hash.replace('#secret=', '');
  const socket = new WebSocket(`ws://127.0.0.1:${mode.host.port}${RPC_PATH}`, [RPC_SUBPROTOCOL, `${SECRET_SUBPROTOCOL_PREFIX}${secret}`], { origin: mode.host.origin });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ResultFrame | { type: 'event' };
    if (frame.type !== 'result') return;
    const call = pending.get(frame.id as number);
    pending.delete(frame.id as number);
    if (frame.ok) call?.resolve(frame.value);
    else call?.reject(frame.error);
  });
  let next = 1;
  const invoke = (operation: string, input?: unknown) =>
    new Promise<any>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ type: 'invoke', id, operation, input }));
    });
  return { terminal: invoke, run: (operation, input = {}) => invoke(operation, input), close: () => socket.close() };
}
