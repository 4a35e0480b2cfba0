/**
 * A stand-in for the terminal core until the real one (local store, `app/` operations, sync engine) lands: it
 * answers every operation 503 and reports an empty outbox, so the shell, the bridge, browser mode and the updater
 * run end to end without it. Replace `DEFAULT_CORE_MODULE` in `core-module.ts` to plug the real core in.
 */
import type { CoreOptions, TerminalCore } from './api.js';
import { RpcFailure } from './errors.js';

export async function createCore(_options: CoreOptions): Promise<TerminalCore> {
  return {
    async invoke(operation) {
      throw new RpcFailure(503, `The terminal core is not built yet, so ${operation} cannot run`);
    },
    subscribe() {
      return () => {};
    },
    async pendingOperations() {
      return 0;
    },
    async close() {},
  };
}
