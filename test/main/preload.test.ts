import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../shared/terminal-contract.js';
import type { KassaBridge } from '../../main/preload-bridge.js';
import { contextBridge, ipcRenderer } from './fakes/electron.js';

vi.mock('electron', () => import('./fakes/electron.js'));

// Importing the preload runs it, once, against the faked Electron modules.
await import('../../main/preload.js');
const kassa = contextBridge.exposed.get('kassa') as KassaBridge;

beforeEach(() => {
  ipcRenderer.removeAllListeners();
  ipcRenderer.invocations.length = 0;
  ipcRenderer.answer = async () => ({ ok: true, value: null });
});

describe('the preload', () => {
  it('exposes exactly one object, window.kassa, with invoke and on and nothing else', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['kassa']);
    expect(Object.keys(kassa).sort()).toEqual(['invoke', 'on']);
  });

  it('sends an operation over the one invoke channel and resolves with its value', async () => {
    ipcRenderer.answer = async () => ({ ok: true, value: [{ id: 'w1' }] });
    await expect(kassa.invoke('WarehouseController_findAll', {})).resolves.toEqual([{ id: 'w1' }]);
    expect(ipcRenderer.invocations).toEqual([[INVOKE_CHANNEL, 'WarehouseController_findAll', {}]]);
  });

  it('rejects with {statusCode, message} when main refuses', async () => {
    ipcRenderer.answer = async () => ({ ok: false, error: { statusCode: 400, message: ['body.name is required'] } });
    await expect(kassa.invoke('WarehouseController_create', { body: {} })).rejects.toEqual({ statusCode: 400, message: ['body.name is required'] });
  });

  it('refuses names that are not operation names without asking main', async () => {
    for (const name of ['constructor', '__proto__', 'require', 'fs.readFile', 'terminal.exec', '']) {
      await expect(kassa.invoke(name, {})).rejects.toEqual({ statusCode: 404, message: 'Unknown operation' });
    }
    expect(ipcRenderer.invocations).toEqual([]);
  });

  it('hides IPC failures and malformed answers behind a bare 500', async () => {
    ipcRenderer.answer = async () => {
      throw new Error('Error invoking remote method: internal details');
    };
    await expect(kassa.invoke('WarehouseController_findAll', {})).rejects.toEqual({ statusCode: 500, message: 'Internal error' });
    ipcRenderer.answer = async () => 'not an answer';
    await expect(kassa.invoke('WarehouseController_findAll', {})).rejects.toEqual({ statusCode: 500, message: 'Internal error' });
  });

  it('delivers only the subscribed event’s payload, never Electron’s event object, until unsubscribed', () => {
    const seen: unknown[][] = [];
    const off = kassa.on('sync-status', (...args: unknown[]) => seen.push(args));
    ipcRenderer.emit(EVENT_CHANNEL, { sender: 'ipc-event' }, 'sync-status', { pending: 2 });
    ipcRenderer.emit(EVENT_CHANNEL, { sender: 'ipc-event' }, 'inbox', { count: 1 });
    off();
    ipcRenderer.emit(EVENT_CHANNEL, { sender: 'ipc-event' }, 'sync-status', { pending: 3 });
    expect(seen).toEqual([[{ pending: 2 }]]);
  });

  it('refuses to subscribe to an unknown event or without a handler', () => {
    expect(() => kassa.on('ipc-internal' as never, () => {})).toThrow(TypeError);
    expect(() => kassa.on('inbox', 'not a function' as never)).toThrow(TypeError);
  });
});
