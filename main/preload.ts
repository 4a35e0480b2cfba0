/**
 * The preload of every window (sandboxed: bundled into one CommonJS file by build.ts; it may use only Electron's
 * renderer modules and the pure contract). Exposes exactly one object to the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './preload-bridge.js';

contextBridge.exposeInMainWorld('kassa', createBridge(ipcRenderer));
