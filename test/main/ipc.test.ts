import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { EVENT_CHANNEL, INVOKE_CHANNEL, type RpcResult, type TerminalEventName } from '../../shared/terminal-contract.js';
import type { Dispatcher } from '../../main/core/dispatcher.js';
import { FORBIDDEN, isTrustedSender, registerBridge } from '../../main/ipc.js';
import { FakeWebContents } from './fakes/electron.js';

type Frame = { url: string; parent: unknown } | null;

function senderEvent(sender: FakeWebContents, frame: Frame) {
  return { sender, senderFrame: frame } as unknown as IpcMainInvokeEvent;
}

function harness() {
  const ours = new FakeWebContents();
  ours.url = 'kassa://app/index.html';
  const handlers = new Map<string, (...args: unknown[]) => Promise<RpcResult>>();
  const ipcMain = {
    handle: (channel: string, handler: (...args: unknown[]) => Promise<RpcResult>) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  const calls: unknown[][] = [];
  let emit: (name: TerminalEventName, payload: unknown) => void = () => {};
  const dispatcher: Dispatcher = {
    async call(operation, input) {
      calls.push([operation, input]);
      return { ok: true, value: 'answered' };
    },
    subscribe(listener) {
      emit = listener;
      return () => (emit = () => {});
    },
  };
  const lines: string[] = [];
  const windows: FakeWebContents[] = [ours];
  const unregister = registerBridge({ ipcMain, dispatcher, windows: () => windows as unknown as WebContents[], log: (line) => lines.push(line) });
  const invoke = (event: IpcMainInvokeEvent, ...args: unknown[]) => handlers.get(INVOKE_CHANNEL)!(event, ...args);
  return { ours, windows, handlers, calls, lines, invoke, emit: (name: TerminalEventName, payload: unknown) => emit(name, payload), unregister };
}

describe('IPC sender validation', () => {
  const ours = new FakeWebContents();
  const isOurs = (contents: WebContents) => contents === (ours as unknown as WebContents);

  it('trusts the top frame of our window at the app origin', () => {
    expect(isTrustedSender(senderEvent(ours, { url: 'kassa://app/index.html', parent: null }), isOurs)).toBe(true);
  });

  it('refuses look-alike and foreign origins, parsed rather than substring-matched', () => {
    for (const url of [
      'https://evil.example/kassa://app/index.html',
      'file:///tmp/kassa://app/index.html',
      'kassa://app.evil.example/index.html',
      'kassa://app@evil.example/',
      'kassa://evil.example/?next=kassa://app/',
      'devtools://devtools/bundled/kassa://app/',
      'about:blank',
      '',
    ]) {
      expect(isTrustedSender(senderEvent(ours, { url, parent: null }), isOurs), url).toBe(false);
    }
  });

  it('refuses a sub-frame, a destroyed frame and another webContents even at the app origin', () => {
    expect(isTrustedSender(senderEvent(ours, { url: 'kassa://app/', parent: {} }), isOurs)).toBe(false);
    expect(isTrustedSender(senderEvent(ours, null), isOurs)).toBe(false);
    expect(isTrustedSender(senderEvent(new FakeWebContents(), { url: 'kassa://app/', parent: null }), isOurs)).toBe(false);
  });
});

describe('the IPC bridge', () => {
  it('hands a trusted call to the dispatcher and returns its answer', async () => {
    const { ours, invoke, calls } = harness();
    const answer = await invoke(senderEvent(ours, { url: 'kassa://app/', parent: null }), 'WarehouseController_findAll', {});
    expect(answer).toEqual({ ok: true, value: 'answered' });
    expect(calls).toEqual([['WarehouseController_findAll', {}]]);
  });

  it('answers 403 to an untrusted sender without reaching the dispatcher, and logs no query string', async () => {
    const { ours, invoke, calls, lines } = harness();
    const answer = await invoke(senderEvent(ours, { url: 'https://evil.example/kassa://app/?token=abc', parent: null }), 'WarehouseController_findAll', {});
    expect(answer).toEqual(FORBIDDEN);
    expect(calls).toEqual([]);
    expect(lines).toEqual(['IPC call refused from https://evil.example/kassa://app/']);
  });

  it('sends events only to our windows that still show the app', () => {
    const { ours, windows, emit } = harness();
    const elsewhere = new FakeWebContents();
    elsewhere.url = 'https://evil.example/';
    const closed = new FakeWebContents();
    closed.url = 'kassa://app/';
    closed.destroyed = true;
    windows.push(elsewhere, closed);
    emit('sync-status', { pending: 1 });
    expect(ours.sent).toEqual([[EVENT_CHANNEL, 'sync-status', { pending: 1 }]]);
    expect(elsewhere.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
  });

  it('removes its handler and event relay when unregistered', () => {
    const { ours, handlers, emit, unregister } = harness();
    unregister();
    expect(handlers.has(INVOKE_CHANNEL)).toBe(false);
    emit('inbox', {});
    expect(ours.sent).toEqual([]);
  });
});
