/**
 * The real terminal core behind the shell's seam (`api.ts`): the headless core of `main/terminal/` (local store,
 * operations with their outbox, sync engine, PIN login, inbox) plus the employee session, mapped onto the bridge's
 * operation names. Runs inside the worker thread the shell starts (worker-host.ts).
 *
 * - Catalogue operations run locally as the signed-in employee (401 until someone signs in with a PIN); a write
 *   emits `operation-applied` and nudges the sync engine.
 * - `terminal.*` operations act on the terminal itself (shared/terminal-contract.ts). Sign-out is refused (409) while operations
 *   are pending, so nobody walks away from unsynced work thinking it is done.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { findOperation } from '../../shared/catalogue/index.js';
import { SyncEngine } from '../terminal/sync-engine.js';
import { SyncRefused, Terminal } from '../terminal/terminal.js';
import { dismissWarnings, openWarnings } from '../terminal/warnings.js';
import type { LoggedInEmployee } from '../terminal/pin-login.js';
import type { CoreEventListener, CoreOptions, TerminalCore } from './api.js';
import type { TerminalEventName } from '../../shared/terminal-contract.js';
import { RpcFailure } from './errors.js';

/** Plain JSON for the bridge: bigints (ids and counters from SQLite) become strings or numbers. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? (Number.isSafeInteger(Number(item)) ? Number(item) : item.toString()) : item)));
}

export async function createCore(options: CoreOptions): Promise<TerminalCore> {
  mkdirSync(options.dataDir, { recursive: true });
  const terminal = await Terminal.open(join(options.dataDir, 'terminal.sqlite'));
  const listeners = new Set<CoreEventListener>();
  const emit = (name: TerminalEventName, payload: unknown) => {
    for (const listener of listeners) listener(name, plain(payload));
  };
  const engine = new SyncEngine(terminal, { onStatus: (status) => emit('sync-status', status) });
  let employee: LoggedInEmployee | null = null;
  if (await terminal.enrolled()) engine.start();

  const signedIn = (): LoggedInEmployee => {
    if (!employee) throw new RpcFailure(401, 'Sign in with your PIN first');
    return employee;
  };

  async function terminalOperation(operation: string, input: Record<string, unknown>): Promise<unknown> {
    switch (operation) {
      case 'terminal.enrollmentStatus':
        return { enrolled: await terminal.enrolled() };
      case 'terminal.enroll': {
        if (await terminal.enrolled()) throw new RpcFailure(409, 'This terminal is already enrolled');
        const enrolled = await terminal
          .enroll(String(input.serviceUrl), String(input.code), (input.name as string | null | undefined) ?? null)
          .catch((error: unknown) => {
            // The service's own answer (401 for a wrong, used or expired code; 429 when rate limited) reaches the
            // screen; an unreachable service is a 503.
            if (error instanceof SyncRefused) throw new RpcFailure(error.status >= 500 ? 502 : error.status, error.status === 401 ? 'The code was not accepted' : `The service answered ${error.status}`);
            throw new RpcFailure(503, 'The central service cannot be reached');
          });
        await terminal.bootstrap((progress) => emit('enrollment-progress', progress));
        engine.start();
        return { terminalId: enrolled.terminalId, workplaceId: enrolled.workplaceId, pointId: enrolled.pointId, warehouseIds: enrolled.warehouseIds };
      }
      case 'terminal.pinLogin':
        employee = await terminal.pinLogin(String(input.pincode));
        emit('session', { employee });
        return employee;
      case 'terminal.session':
        return { employee };
      case 'terminal.signOut': {
        const pending = await terminal.pendingOperations();
        if (pending > 0) throw new RpcFailure(409, `${pending} operations are not synced yet; stay signed in until they are`);
        employee = null;
        emit('session', { employee });
        return { employee };
      }
      case 'terminal.syncStatus':
        return engine.current();
      case 'terminal.syncNow':
        engine.reconnected();
        await engine.runOnce();
        return engine.current();
      case 'terminal.inboxList':
        return (await terminal.inbox()).map((entry) => ({
          ...entry,
          params: entry.params ? JSON.parse(String(entry.params)) : {},
          args: entry.args ? JSON.parse(String(entry.args)) : null,
          reason: JSON.parse(String(entry.reason)),
        }));
      case 'terminal.inboxResubmit': {
        const entry = (await terminal.inbox()).find((candidate) => candidate.mutation_id === input.entryId);
        if (!entry) throw new RpcFailure(404, 'No such operation needs attention');
        if (entry.name !== input.operation) throw new RpcFailure(400, ['operation must be the rejected operation’s own']);
        const result = await terminal.resubmit(String(input.entryId), input.input as { params?: Record<string, string>; body?: unknown }, signedIn().id);
        emit('inbox', { changed: true });
        engine.nudge();
        return result;
      }
      case 'terminal.inboxDiscard':
        await terminal.discard(String(input.entryId), String(input.managerPin));
        emit('inbox', { changed: true });
        return { discarded: true };
      case 'terminal.warningsList':
        return openWarnings(terminal.store);
      case 'terminal.warningsDismiss':
        if (!(await dismissWarnings(terminal.store, String(input.mutationId), signedIn().id))) throw new RpcFailure(404, 'No such warning is open');
        return { dismissed: true };
      default:
        throw new RpcFailure(404, `${operation} is not an operation of this terminal`);
    }
  }

  return {
    async invoke(operation, input) {
      if (operation.startsWith('terminal.')) return plain(await terminalOperation(operation, (input ?? {}) as Record<string, unknown>));
      const spec = findOperation(operation);
      if (!spec) throw new RpcFailure(404, `${operation} is not an operation of this terminal`);
      const result = await terminal.run(operation, input as { params?: Record<string, string>; body?: unknown }, signedIn().id);
      if (spec.method !== 'GET') {
        emit('operation-applied', { operation });
        engine.nudge();
      }
      return plain(result);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    pendingOperations: () => terminal.pendingOperations(),
    async close() {
      await engine.stop();
      await terminal.close();
    },
  };
}
