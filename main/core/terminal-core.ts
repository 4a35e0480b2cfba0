/**
 * The real terminal core behind the shell's seam (`api.ts`): the headless core of `main/terminal/` (local store,
 * operations with their outbox, sync engine, PIN login, inbox) plus the employee session, mapped onto the bridge's
 * operation names. Runs inside the worker thread the shell starts (worker-host.ts).
 *
 * - Catalogue operations run locally as the signed-in employee (401 until someone signs in with a PIN); a write
 *   emits `operation-applied` and nudges the sync engine.
 * - `terminal.*` operations act on the terminal itself (shared/terminal-contract.ts). Sign-out is allowed while
 *   operations wait to be sent: the queue belongs to the till, not to the cashier (issue 14, item 8).
 * - A till whose credential the service refused takes no new writes (the terminal refuses them, 409) and may be
 *   enrolled again: with a code of its business the same terminal continues its queue; another business's is refused.
 * - A service address must be `https:` (plain `http:` only to this machine, or behind the development switch):
 *   enrollment hands the address the till's device credential (docs/downloads.md).
 * - At first start, a signed provisioning file from the download enrolls the till on its own
 *   (provisioning/first-start.ts); `terminal.enrollmentStatus` says how that went.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { findOperation } from '../../shared/catalogue/index.js';
import { PokeConnection } from '../terminal/poke-connection.js';
import { SyncEngine } from '../terminal/sync-engine.js';
import { SyncRefused, Terminal } from '../terminal/terminal.js';
import { journalBoundsFrom } from '../terminal/journal.js';
import { dismissWarnings, openWarnings } from '../terminal/warnings.js';
import { approveAsManager } from '../terminal/manager-approval.js';
import { ManagerApprovals, type ApprovalHold } from '../terminal/approvals.js';
import { employeeRights } from '../terminal/employee-rights.js';
import type { LoggedInEmployee } from '../terminal/pin-login.js';
import type { CoreEventListener, CoreOptions, TerminalCore } from './api.js';
import { NOTE_PRINTER_OPERATION, type NotePrinterInput, type TerminalEventName } from '../../shared/terminal-contract.js';
import { PRINTER_STATES } from '../../shared/catalogue/terminal-health.js';
import { RpcFailure } from './errors.js';
import { OperationError } from '../../shared/errors.js';
import type { OperationId } from '../../shared/catalogue/index.js';
import type { OperationInput } from '../../app/operation.js';

type Checked = OperationInput<OperationId>;
import { serviceAddressProblem } from '../../shared/provisioning/provisioning.js';
import { readProvisioning, type ProvisioningStatus } from '../provisioning/first-start.js';

/** Plain JSON for the bridge: bigints (ids and counters from SQLite) become strings or numbers. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? (Number.isSafeInteger(Number(item)) ? Number(item) : item.toString()) : item)));
}

/** What the enrollment screen is told when the service refuses a code. */
function enrollRefusal(error: SyncRefused): string {
  if (error.status === 401) return 'The code was not accepted';
  if (error.status === 409) {
    const answer = (() => {
      try {
        return JSON.parse(error.body) as { message?: unknown; detail?: { code?: unknown } };
      } catch {
        return {};
      }
    })();
    if (answer.detail?.code === 'OTHER_BUSINESS') return typeof answer.message === 'string' ? answer.message : 'This code is for another business';
    if (answer.detail?.code === 'COPY_STILL_SENDING' && typeof answer.message === 'string') return answer.message;
  }
  return `The service answered ${error.status}`;
}

export async function createCore(options: CoreOptions): Promise<TerminalCore> {
  mkdirSync(options.dataDir, { recursive: true });
  // How long acknowledged operations are kept in case the service loses them (docs/sync.md, "Disasters").
  const terminal = await Terminal.open(join(options.dataDir, 'terminal.sqlite'), undefined, { journal: journalBoundsFrom(process.env) });
  if (options.appVersion) terminal.health.appVersion = options.appVersion;
  const listeners = new Set<CoreEventListener>();
  const emit = (name: TerminalEventName, payload: unknown) => {
    for (const listener of listeners) listener(name, plain(payload));
  };
  const engine = new SyncEngine(terminal, {
    onStatus: (status) => emit('sync-status', status),
    // The kept connection that makes other tills' changes arrive at once (docs/sync.md, "Pokes").
    pokes: (events) => new PokeConnection({ endpoint: () => terminal.pokeEndpoint(), onPoke: events.poke, onState: events.state }),
  });
  let employee: LoggedInEmployee | null = null;
  // A manager's override for the signed-in cashier (../terminal/approvals.ts): ids only ever reach the renderer.
  const approvals = new ManagerApprovals();
  /** The signed-in employee as the screens see them: with their role's rights, read live (a pull may change them). */
  const session = async () => (employee ? { ...employee, rights: await employeeRights(terminal.store, employee.role_id) } : null);
  if (await terminal.enrolled()) engine.start();

  /** Enrollment by hand or from a provisioning file: the address policy, the code, then the initial download. */
  async function enrollWith(serviceUrl: string, code: string, name: string | null, provisioningFile: string | null = null) {
    const addressProblem = serviceAddressProblem(serviceUrl, { allowInsecure: options.allowInsecureService ?? false });
    if (addressProblem) throw new RpcFailure(400, [`serviceUrl ${addressProblem}`]);
    const enrolled = await terminal.enroll(serviceUrl, code, name, provisioningFile).catch((error: unknown) => {
      // The service's own answer (401 for a wrong, used or expired code; 429 when rate limited; 409 for a code
      // of another business than the one this till's queue belongs to) reaches the screen; an unreachable
      // service is a 503.
      if (error instanceof SyncRefused) throw new RpcFailure(error.status >= 500 ? 502 : error.status, enrollRefusal(error));
      // The till's own refusal (a copy still sending what it holds): said as it is.
      if (error instanceof OperationError) throw new RpcFailure(error.statusCode, error.message);
      throw new RpcFailure(503, 'The central service cannot be reached');
    });
    // Enrolled again, a till keeps its data and cursor: the next pull brings what changed (or resets).
    if (!(await terminal.bootstrapped())) await terminal.bootstrap((progress) => emit('enrollment-progress', progress));
    engine.start();
    return { terminalId: enrolled.terminalId, workplaceId: enrolled.workplaceId, pointId: enrolled.pointId, warehouseIds: enrolled.warehouseIds };
  }

  // First start from a download: enroll from the provisioning file without waiting for anyone.
  let provisioning: ProvisioningStatus | null = null;
  let provisioningRun: Promise<void> | null = null;
  if (!(await terminal.enrolled())) {
    const found = await readProvisioning(options);
    if (found?.reading.ok) {
      const { payload } = found.reading;
      const named = { file: found.file, serviceUrl: payload.server, workplace: payload.workplace.name };
      provisioning = { state: 'enrolling', ...named };
      provisioningRun = enrollWith(payload.server, payload.code, null, found.text).then(
        () => {
          provisioning = { state: 'enrolled', ...named };
        },
        (error: unknown) => {
          const status = (error as { statusCode?: unknown }).statusCode;
          // 400 and 409: the service refused the file with its code (not its own, or not of the file's workplace).
          const refused = status === 401 || status === 400 || status === 409;
          provisioning = { state: 'failed', ...named, problem: refused ? 'code-refused' : 'unreachable' };
        },
      );
    } else if (found) {
      const { problem, payload } = found.reading as { problem: ProvisioningStatus['problem']; payload?: { server: string; workplace: { name: string } } };
      // An expired file's address is still the signed one; an insecure one is never offered for a retry.
      const named = payload && problem === 'expired' ? { serviceUrl: payload.server, workplace: payload.workplace.name } : {};
      provisioning = { state: 'failed', file: found.file, ...named, ...(problem ? { problem } : {}) };
    }
  }

  const signedIn = (): LoggedInEmployee => {
    if (!employee) throw new RpcFailure(401, 'Sign in with your PIN first');
    return employee;
  };

  async function terminalOperation(operation: string, input: Record<string, unknown>, checked: Checked | undefined): Promise<unknown> {
    switch (operation) {
      case 'terminal.enrollmentStatus': {
        // The names the sign-in screen shows, and the till's scope: a manager (allowed at every till) works at this
        // till's point.
        const names = { ...(await terminal.identity()), scope: await terminal.scope(), ...(provisioning ? { provisioning } : {}) };
        // Enrolled from its file but still downloading: not ready for sign-in yet.
        if (!(await terminal.enrolled()) || provisioning?.state === 'enrolling') return { enrolled: false, disconnected: false, ...names };
        return {
          enrolled: true,
          disconnected: (await terminal.credentialRefusedAt()) !== null,
          copy: (await terminal.copyDetectedAt()) !== null,
          serviceUrl: await terminal.serviceUrl(),
          ...names,
        };
      }
      case 'terminal.enroll': {
        if (provisioning?.state === 'enrolling') throw new RpcFailure(409, 'This till is being connected from its downloaded file');
        // A copy of a till may enroll as a new one (the terminal refuses while it still holds operations to send).
        if ((await terminal.enrolled()) && (await terminal.credentialRefusedAt()) === null && (await terminal.copyDetectedAt()) === null)
          throw new RpcFailure(409, 'This terminal is already enrolled');
        return enrollWith(String(input.serviceUrl), String(input.code), (input.name as string | null | undefined) ?? null);
      }
      case 'terminal.pinLogin': {
        employee = await terminal.pinLogin(String(input.pincode));
        approvals.clear();
        const signed = await session();
        emit('session', { employee: signed });
        return signed;
      }
      case 'terminal.session':
        return { employee: await session() };
      case 'terminal.signOut':
        // Allowed with operations waiting: they stay in this till's outbox and are sent as before.
        employee = null;
        approvals.clear();
        emit('session', { employee });
        return { employee };
      case 'terminal.syncStatus':
        return engine.current();
      case 'terminal.syncNow':
        engine.reconnected();
        await engine.runFresh();
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
        const result = await terminal.resubmit(String(input.entryId), input.input as { params?: Record<string, string>; body?: unknown }, signedIn().id, checked);
        emit('inbox', { changed: true });
        engine.nudge();
        return result;
      }
      case 'terminal.inboxDiscard':
        await terminal.discard(String(input.entryId), String(input.managerPin));
        emit('inbox', { changed: true });
        return { discarded: true };
      case 'terminal.managerApproval': {
        // Asked on a signed-in cashier's screen; the PIN is the manager's, checked here under the PIN lockout.
        const cashier = signedIn();
        const approval = await approveAsManager(terminal.store, String(input.pin));
        // An override (`hold`): the screen may then run operations as this manager, by an id only this core resolves.
        const hold = input.hold as ApprovalHold | undefined;
        return hold ? { ...approval, approvalId: approvals.grant(approval, cashier.id, hold) } : approval;
      }
      case 'terminal.runApproved': {
        // One operation (or a screen's, while it holds the override) as the approving manager: the manager is the
        // local run's actor and the queued operation's employee, so the service checks the manager's rights.
        const name = String(input.operation);
        const spec = findOperation(name);
        if (!spec) throw new RpcFailure(404, `${name} is not an operation of this terminal`);
        const result = await approvals.runAs(String(input.approvalId), signedIn().id, (managerId) =>
          terminal.run(name, input.input as { params?: Record<string, string>; body?: unknown }, managerId, checked),
        );
        if (spec.method !== 'GET') {
          emit('operation-applied', { operation: name });
          engine.nudge();
        }
        return result;
      }
      case 'terminal.approvalEnd':
        return { ended: approvals.end(String(input.approvalId)) };
      case 'terminal.unsentList':
        return (await terminal.unsent()).map((row) => ({
          seq: Number(row.seq),
          epoch: row.epoch,
          mutation_id: row.mutation_id,
          name: row.name,
          occurred_at: row.occurred_at,
          employee_id: row.employee_id,
          params: row.params ? JSON.parse(row.params) : {},
          args: row.args ? JSON.parse(row.args) : null,
          basis: row.basis ? JSON.parse(row.basis) : null,
          status: row.status,
        }));
      case 'terminal.warningsList':
        return openWarnings(terminal.store);
      case 'terminal.warningsDismiss':
        if (!(await dismissWarnings(terminal.store, String(input.mutationId), signedIn().id))) throw new RpcFailure(404, 'No such warning is open');
        engine.recount();
        return { dismissed: true };
      case 'terminal.incidentsList':
        return terminal.incidents();
      case 'terminal.incidentSeen':
        if (!(await terminal.markIncidentSeen(String(input.id), signedIn().id))) throw new RpcFailure(404, 'No such incident is unseen');
        engine.recount();
        return { seen: true };
      case NOTE_PRINTER_OPERATION: {
        // From the shell's print service only: the bridge refuses this name (it is not in TERMINAL_OPERATIONS).
        const note = input as Partial<NotePrinterInput>;
        const status = PRINTER_STATES.find((state) => state === note.status);
        if (!status) throw new RpcFailure(400, [`status must be one of the following values: ${PRINTER_STATES.join(', ')}`]);
        terminal.health.notePrinterOutcome(typeof note.printer === 'string' ? note.printer : null, status, typeof note.detail === 'string' ? note.detail : null);
        return { noted: true };
      }
      default:
        throw new RpcFailure(404, `${operation} is not an operation of this terminal`);
    }
  }

  return {
    async invoke(operation, input, checked) {
      // `checked`: the input's exact values as the bridge validated them (main/core/bridge-operations.ts).
      const values = checked as Checked | undefined;
      if (operation.startsWith('terminal.')) return plain(await terminalOperation(operation, (input ?? {}) as Record<string, unknown>, values));
      const spec = findOperation(operation);
      if (!spec) throw new RpcFailure(404, `${operation} is not an operation of this terminal`);
      const result = await terminal.run(operation, input as { params?: Record<string, string>; body?: unknown }, signedIn().id, values);
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
      await provisioningRun;
      await engine.stop();
      await terminal.close();
    },
  };
}
