/**
 * The IPC side of the bridge: one invoke channel in, one event channel out. Every call is checked for who sent
 * it before anything else — a main frame of one of our windows, currently showing the app's origin — and only
 * then handed to the dispatcher, which checks the operation and its input.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, type RpcResult } from '../shared/terminal-contract.js';
import type { Dispatcher } from './core/dispatcher.js';
import { describeUrl, isAppUrl } from './security.js';

export const FORBIDDEN: RpcResult = { ok: false, error: { statusCode: 403, message: 'Forbidden' } };

/**
 * True when an IPC message comes from the top frame of a window we made, and that frame is at `kassa://app/`.
 * The frame's URL is parsed and its parts compared (`isAppUrl`); a sub-frame, a destroyed frame, a foreign
 * webContents or any other origin is refused.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, isOurContents: (contents: WebContents) => boolean): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (!isOurContents(event.sender)) return false;
  return isAppUrl(frame.url);
}

export interface BridgeOptions {
  readonly ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  readonly dispatcher: Dispatcher;
  /** The webContents of the windows the shell made (senders and event targets). */
  readonly windows: () => readonly WebContents[];
  readonly log: (line: string) => void;
}

/** Registers the invoke handler and the event relay; returns a function that removes both. */
export function registerBridge({ ipcMain, dispatcher, windows, log }: BridgeOptions): () => void {
  const ours = (contents: WebContents) => windows().includes(contents);
  ipcMain.handle(INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, operation: unknown, input: unknown): Promise<RpcResult> => {
    if (!isTrustedSender(event, ours)) {
      log(`IPC call refused from ${describeUrl(event.senderFrame?.url)}`);
      return FORBIDDEN;
    }
    return dispatcher.call(operation, input);
  });
  const unsubscribe = dispatcher.subscribe((name, payload) => {
    for (const contents of windows()) {
      // Only to a page that is still the app: a window is never at another origin, but events are not sent to one.
      if (!contents.isDestroyed() && isAppUrl(contents.getURL())) contents.send(EVENT_CHANNEL, name, payload);
    }
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}
