/**
 * The terminal in browser mode, assembled: the core in its worker, the dispatcher, and the local host serving the
 * renderer. Used by `npm start` when Electron's binary is missing, and by anything that needs a terminal without
 * Electron (end-to-end tests).
 */
import { join } from 'node:path';
import type { CoreOptions } from './core/api.js';
import { defaultCoreModule } from './core/core-module.js';
import { createDispatcher } from './core/dispatcher.js';
import { WorkerHost } from './core/worker-host.js';
import { startBrowserHost, type BrowserHost } from './browser-host.js';
import { withPrinting, type PrintingDispatcher, type PrintingOptions } from './print-dispatcher.js';

export interface BrowserModeOptions {
  readonly coreOptions: CoreOptions;
  /** The repository (or install) root; the renderer is served from `renderer/dist` under it. */
  readonly rootDir: string;
  readonly port?: number;
  /** The core module to run; the shell's default otherwise. */
  readonly coreModule?: string | URL;
  readonly log: (line: string) => void;
  /** The print service's settings (main/print-dispatcher.ts). */
  readonly printing?: PrintingOptions;
}

export interface BrowserMode {
  readonly host: BrowserHost;
  readonly core: WorkerHost;
  /** The till's printing (the print service and its last jobs), e.g. for a test to wait for its queues. */
  readonly printing: PrintingDispatcher['printing'];
  close(): Promise<void>;
}

export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const core = new WorkerHost({ coreModule: options.coreModule ?? defaultCoreModule(), coreOptions: options.coreOptions, log: options.log });
  await core.start();
  const dispatcher = withPrinting(createDispatcher(core, options.log), core, options.log, options.printing);
  const host = await startBrowserHost({
    dispatcher,
    rendererDir: join(options.rootDir, 'renderer', 'dist'),
    ...(options.port !== undefined ? { port: options.port } : {}),
    log: options.log,
  });
  return {
    host,
    core,
    printing: dispatcher.printing,
    async close() {
      await host.close();
      await dispatcher.printing.service.idle();
      await core.close();
    },
  };
}
