/**
 * The headless terminal core: enrollment, bootstrap, local operations with their outbox, push and pull. The
 * desktop shell hosts it (main/core), the simulation harness runs it as separate processes, tests drive it
 * directly. Sync loops, back-off and events sit on top of `push`/`pull` (./sync-engine.ts).
 */
import { sql, type Kysely } from 'kysely';
import { conflict } from '../../shared/errors.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { HealthState } from './health.js';
import type { EnrollResponse } from '../../shared/sync/wire.js';
import type { OperationId } from '../../shared/catalogue/index.js';
import type { OperationInput } from '../../app/operation.js';
import type { PullApplied } from './apply-pages.js';
import { runLocally, type LocalInput, type OutboxRow } from './local-run.js';
import { continueUnderNewEpoch, deleteMeta, newEpoch, readMeta, requireMeta, writeMeta } from './meta.js';
import { discard, resubmit } from './inbox.js';
import { pinLogin, type LoggedInEmployee } from './pin-login.js';
import { openTerminalStore, type TerminalStore } from './store.js';
import { systemClock, type Clock } from './till-clock.js';
import { countOpenWarnings } from './warnings.js';
import { installIdOf } from './install-id.js';
import { DEFAULT_JOURNAL_BOUNDS, type JournalBounds } from './journal.js';
import { countResends } from './rewind.js';
import { unseenIncidents, markSeen, type TillIncident } from './incidents.js';
import { SyncSession, type BootstrapProgress, type RedownloadProgress } from './sync-session.js';
import { CALL_DEADLINE, fetchTransport, SyncRefused, type Transport } from './transport.js';

// What callers of the core have always imported from here.
export { BOOTSTRAP_DEADLINE, CALL_DEADLINE, fetchTransport, retryAfterMs, ServiceNotAnswering, SyncRefused } from './transport.js';
export type { Deadline, HttpAnswer, Transport } from './transport.js';
export type { BootstrapProgress, RedownloadProgress } from './sync-session.js';

/** How a terminal core is opened besides its store's file and its transport. */
export interface TerminalOptions {
  /** This install's id (./install-id.ts); tests and the fault harness name their own. */
  readonly installId?: string;
  /** How long acknowledged operations are kept, in case the service loses them (./journal.ts). */
  readonly journal?: JournalBounds;
  /** Where the till reads time (the machine's clocks; a test's fake one). */
  readonly clock?: Clock;
}

export class Terminal {
  /** What the till reports about itself with each pull (./health.ts). */
  readonly health: HealthState;
  /** Its sync with the service (./sync-session.ts). */
  private readonly session: SyncSession;

  private constructor(
    readonly store: TerminalStore,
    private readonly transport: Transport,
    /** This install (./install-id.ts): the service tells a copy of the till from the till by it. */
    readonly installId: string,
    journal: JournalBounds,
  ) {
    this.health = new HealthState(store.clock);
    this.session = new SyncSession(store, transport, installId, journal, this.health);
  }

  static async open(file: string, transport: Transport = fetchTransport, options: TerminalOptions = {}): Promise<Terminal> {
    const store = await openTerminalStore(file, options.clock ?? systemClock);
    const installId = await store.writes.transaction(async (tx) => {
      const local = tx as unknown as Kysely<unknown>;
      const id = options.installId ?? (await installIdOf(local, file));
      // A till enrolled before installs had ids is its own install.
      if ((await readMeta(local, 'terminal_id')) !== null && (await readMeta(local, 'enrolled_install_id')) === null) await writeMeta(local, 'enrolled_install_id', id);
      // A copy numbers its sales in a series of its own (./order-number.ts).
      await writeMeta(local, 'current_install_id', id);
      return id;
    });
    return new Terminal(store, transport, installId, options.journal ?? DEFAULT_JOURNAL_BOUNDS);
  }

  private get local(): Kysely<unknown> {
    return this.store.db as unknown as Kysely<unknown>;
  }

  async close(): Promise<void> {
    await this.store.close();
  }

  async enrolled(): Promise<boolean> {
    return (await readMeta(this.local, 'terminal_id')) !== null;
  }

  /**
   * What the sign-in screen names: the business (as enrollment gave it) and this till — its workplace and point, by
   * their names in the mirror (so a rename in the back office shows after a pull). Nulls before enrollment, or for
   * names this till does not know.
   */
  async identity(): Promise<{ business: string | null; till: string | null; point: string | null }> {
    const local = this.local;
    const business = await readMeta(local, 'business_name');
    const workplaceId = await readMeta(local, 'workplace_id');
    const pointId = await readMeta(local, 'point_id');
    const nameOf = async (table: 'workplaces' | 'points', id: string | null) => {
      if (id === null) return null;
      const row = (await sql<{ name: string }>`select name from ${sql.table(table)} where id = ${id}`.execute(local)).rows[0];
      return row?.name ?? null;
    };
    return { business, till: await nameOf('workplaces', workplaceId), point: await nameOf('points', pointId) };
  }

  /** The workplace and point this till was enrolled at (null before enrollment): screens default to them. */
  async scope(): Promise<{ workplaceId: string; pointId: string } | null> {
    const workplaceId = await readMeta(this.local, 'workplace_id');
    const pointId = await readMeta(this.local, 'point_id');
    return workplaceId === null || pointId === null ? null : { workplaceId, pointId };
  }

  /**
   * Exchanges a one-time code for this terminal's credential and scope, binding it to this install.
   *
   * A till the service disconnected (its credential refused: revoked, or its workplace deleted) may enroll again: it
   * sends its old credential along, the service re-activates the SAME terminal id for the same business (docs/sync.md,
   * "Enrolling again"), and the queue continues where it was — same epoch, same seqs, same mutation ids — so it is
   * delivered exactly once. A code of another business is refused by the service (409 `OTHER_BUSINESS`) and nothing
   * here changes.
   *
   * A copy of a till (docs/sync.md, "A cloned till") enrolls as a NEW till, once everything it holds was delivered
   * under the old credential (409 `COPY_STILL_SENDING` until then): new terminal id, new queue, and its data downloaded
   * again for its new scope.
   */
  async enroll(serviceUrl: string, code: string, name: string | null = null, provisioning: string | null = null): Promise<EnrollResponse> {
    const local = this.local;
    const previous = (await this.enrolled())
      ? {
          terminalId: await requireMeta(local, 'terminal_id'),
          businessId: await requireMeta(local, 'business_id'),
          accessToken: await requireMeta(local, 'access_token'),
        }
      : null;
    const copy = previous !== null && (await this.copyDetectedAt()) !== null;
    if (previous && !copy && (await this.credentialRefusedAt()) === null) throw conflict('This terminal is already enrolled');
    if (copy) {
      const waiting = (await this.pendingOperations()) + (await countResends(local));
      if (waiting > 0) {
        throw conflict(`${waiting} operations of this till are still being sent under its old connection: connect it as a new till once they are sent`, {
          code: 'COPY_STILL_SENDING',
          waiting,
        });
      }
    }
    const continuing = previous !== null && !copy;
    const request = {
      code,
      name,
      protocolVersion: PROTOCOL_VERSION,
      installId: this.installId,
      ...(continuing ? { previousAccessToken: previous.accessToken } : {}),
      // The signed file the code came from: the service refuses the code unless it is the file's own.
      ...(provisioning ? { provisioning } : {}),
    };
    const answer = await this.transport(`${serviceUrl}/api/v1/sync/enroll`, request, null, CALL_DEADLINE);
    if (answer.status !== 201) throw SyncRefused.of(answer);
    const enrolled = JSON.parse(answer.text) as EnrollResponse;
    // A service that did not check the business (an older one) must not get this till's queue either.
    if (continuing && enrolled.businessId !== previous.businessId) throw new SyncRefused(409, JSON.stringify({ detail: { code: 'OTHER_BUSINESS' } }));
    await this.store.writes.transaction(async (tx) => {
      const local = tx as unknown as Kysely<unknown>;
      await writeMeta(local, 'service_url', serviceUrl);
      await writeMeta(local, 'business_id', enrolled.businessId);
      if (enrolled.businessName) await writeMeta(local, 'business_name', enrolled.businessName);
      await writeMeta(local, 'terminal_id', enrolled.terminalId);
      await writeMeta(local, 'workplace_id', enrolled.workplaceId);
      await writeMeta(local, 'point_id', enrolled.pointId);
      await writeMeta(local, 'access_token', enrolled.accessToken);
      await writeMeta(local, 'enrolled_install_id', this.installId);
      await deleteMeta(local, 'credential_refused_at');
      await deleteMeta(local, 'credential_refused_reason');
      // A till that knows a generation keeps it: if the service's is another, its next sync finds out what the service
      // lost (./rewind.ts). A new till, or a copy starting over, takes the service's.
      if (enrolled.generation && (copy || (await readMeta(local, 'service_generation')) === null)) await writeMeta(local, 'service_generation', enrolled.generation);
      if (copy) {
        // Everything it held was delivered: a new queue for a new terminal, numbered afresh, its data downloaded again.
        await deleteMeta(local, 'copy_detected_at');
        await deleteMeta(local, 'last_sale_counter');
        await continueUnderNewEpoch(local);
        await writeMeta(local, 'pending_redownload', 'ENROLLED_AS_NEW');
        return;
      }
      if ((await readMeta(local, 'epoch')) === null) await writeMeta(local, 'epoch', newEpoch());
      // A new terminal id (the service could not verify the old credential, e.g. its secret was rotated) starts a
      // new operation order: the queue continues under a new epoch, numbered from 1, mutation ids unchanged.
      else if (previous && previous.terminalId !== enrolled.terminalId) await continueUnderNewEpoch(local);
    });
    return enrolled;
  }

  /** The central service this terminal is enrolled with, or null before enrollment. */
  serviceUrl(): Promise<string | null> {
    return readMeta(this.local, 'service_url');
  }

  /**
   * Where this till's poke stream is (./poke-connection.ts) and the credential it sends, or null before enrollment
   * and while the credential is refused (the stream would refuse it too).
   */
  async pokeEndpoint(): Promise<{ url: string; token: string } | null> {
    const local = this.local;
    const serviceUrl = await readMeta(local, 'service_url');
    const token = await readMeta(local, 'access_token');
    if (serviceUrl === null || token === null || (await this.credentialRefusedAt()) !== null) return null;
    return { url: `${serviceUrl}/api/v1/sync/pokes`, token };
  }

  /** When the service first refused this terminal's credential, or null while it is accepted. */
  credentialRefusedAt(): Promise<string | null> {
    return readMeta(this.local, 'credential_refused_at');
  }

  /**
   * When this till learned it is a copy of another till (the service saw its credential used by another install),
   * or null: a copy takes no new operations and is enrolled as a new till once it has delivered what it holds.
   */
  copyDetectedAt(): Promise<string | null> {
    return readMeta(this.local, 'copy_detected_at');
  }

  /** What went wrong at this till that nobody here has marked seen yet (./incidents.ts), newest first. */
  incidents(): Promise<TillIncident[]> {
    return unseenIncidents(this.local);
  }

  /** An employee has read an incident; false when it was not an unseen one. */
  markIncidentSeen(id: string, employeeId: string): Promise<boolean> {
    return this.store.writes.transaction((tx) => markSeen(tx as unknown as Kysely<unknown>, id, employeeId, new Date()));
  }

  /** Operations the service lost (a restore) that this till still has to send again (./rewind.ts). */
  resendsWaiting(): Promise<number> {
    return countResends(this.local);
  }

  /** Whether the initial download has finished (a till enrolled again keeps its data and its cursor). */
  async bootstrapped(): Promise<boolean> {
    return (await readMeta(this.local, 'cursor')) !== null;
  }

  /** Why the service refused this till's credential (see markCredentialRefused), or null while it is accepted. */
  async credentialRefusedReason(): Promise<'REVOKED' | 'TERMINAL_UNKNOWN' | null> {
    if ((await this.credentialRefusedAt()) === null) return null;
    return (await readMeta(this.local, 'credential_refused_reason')) === 'TERMINAL_UNKNOWN' ? 'TERMINAL_UNKNOWN' : 'REVOKED';
  }


  /** An employee's PIN login at this till, offline included (see ./pin-login.ts). */
  pinLogin(pin: string, now?: Date): Promise<LoggedInEmployee> {
    return pinLogin(this.store, pin, now);
  }

  /** Runs an operation for the cashier at this till (see ./local-run.ts). */
  run(name: string, input: LocalInput, employeeId: string, checked?: OperationInput<OperationId>): Promise<unknown> {
    return runLocally(this.store, name, input, employeeId, undefined, checked);
  }

  /** Does a rejected operation again, as edited, as a new operation (see ./inbox.ts). */
  resubmit(mutationId: string, input: LocalInput, employeeId: string, checked?: OperationInput<OperationId>): Promise<unknown> {
    return resubmit(this.store, mutationId, input, employeeId, checked);
  }

  /** Drops a rejected operation, on a manager's PIN. */
  discard(mutationId: string, managerPin: string): Promise<void> {
    return discard(this.store, mutationId, managerPin);
  }

  async pendingOperations(): Promise<number> {
    const row = (await sql<{ n: bigint }>`select count(*) as n from outbox`.execute(this.local)).rows[0];
    return Number(row?.n ?? 0);
  }

  /** The operations not yet acknowledged by the service, oldest first, as queued (for the screen and for support). */
  async unsent(): Promise<OutboxRow[]> {
    return (await sql<OutboxRow>`select * from outbox order by seq`.execute(this.local)).rows;
  }

  /** Operations of this till applied with warnings nobody has marked seen yet (./warnings.ts). */
  openWarningCount(): Promise<number> {
    return countOpenWarnings(this.store);
  }

  async inbox(): Promise<Record<string, unknown>[]> {
    return (await sql<Record<string, unknown>>`select * from inbox where resolution is null order by seq`.execute(this.local)).rows;
  }

  /** Downloads every mirrored table in scope, page by page, reporting progress; then pulls continue from it. */
  bootstrap(onProgress?: (progress: BootstrapProgress) => void): Promise<void> {
    return this.session.bootstrap(onProgress);
  }

  /** Sends what the service lost, then the pending operations (./sync-session.ts); returns how many were sent. */
  push(): Promise<number> {
    return this.session.push();
  }

  /** Pulls until the service has nothing newer (./sync-session.ts). */
  pull(onRedownload?: (progress: RedownloadProgress) => void): Promise<PullApplied> {
    return this.session.pull(onRedownload);
  }

  /** Push then pull: what the cashier did reaches the service, and the service's state (with acks) comes back. */
  sync(onRedownload?: (progress: RedownloadProgress) => void): Promise<PullApplied> {
    return this.session.sync(onRedownload);
  }
}
